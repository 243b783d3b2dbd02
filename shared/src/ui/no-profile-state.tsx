import { Link } from 'react-router-dom';
import { EmptyState, PROFILE_PATH } from 'shared';

/**
 * A cabinet page of the active profile without one: none chosen yet, or the one it showed gone while
 * it was open (an employee removed from the organisation). Nothing failed, so it is no error state.
 * `description` says what the page keeps per profile.
 */
export function NoProfileState({ description }: { description: string }) {
  return <EmptyState title="Профиль не выбран" description={description} action={<Link to={PROFILE_PATH}>Выбрать профиль</Link>} />;
}
