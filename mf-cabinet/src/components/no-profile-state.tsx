import { Link } from 'react-router-dom';
import { EmptyState } from 'shared';

/**
 * A page of the active profile without one: none chosen yet, or the one it showed gone while it was
 * open (an employee removed from the organisation). `description` says what the page keeps per profile.
 */
export function NoProfileState({ description }: { description: string }) {
  return <EmptyState title="Профиль не выбран" description={description} action={<Link to="/lk/profile">Выбрать профиль</Link>} />;
}
