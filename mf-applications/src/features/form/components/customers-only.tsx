import { Link } from 'react-router-dom';
import { EmptyState, PROFILE_PATH } from 'shared';

/** The API answers an executor's draft with 403 (ARCHITECTURE §8): said before he types, not after. */
export function CustomersOnly() {
  return (
    <EmptyState
      title="Заявки размещают заказчики и организации."
      description="Переключитесь на профиль заказчика, чтобы разместить заявку."
      action={<Link to={PROFILE_PATH}>Перейти к профилям</Link>}
    />
  );
}
