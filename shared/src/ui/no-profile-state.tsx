import { Link } from 'react-router-dom';
import { EmptyState, ERROR_STATE_FALLBACK, ErrorState, errorMessage, PROFILE_PATH } from 'shared';
import type { ActiveProfileState } from '../session/use-active-profile';

/**
 * A cabinet page of the active profile without one: none chosen yet, or the one it showed gone while
 * it was open (an employee removed from the organisation). Nothing failed, so it is no error state.
 * `description` says what the page keeps per profile.
 */
export function NoProfileState({ description }: { description: string }) {
  return <EmptyState title="Профиль не выбран" description={description} action={<Link to={PROFILE_PATH}>Выбрать профиль</Link>} />;
}

/**
 * A cabinet page of the active profile whose list of profiles did not come: says why, as the public
 * lists do («Сервер не отвечает…»; it said «Не удалось загрузить профили» alone, QA AAZ-2), with
 * «Повторить», busy while it asks again.
 */
export function ProfileLoadError({ active }: { active: Pick<ActiveProfileState, 'error' | 'isFetching' | 'refetch'> }) {
  return (
    <ErrorState
      title="Не удалось загрузить профиль"
      message={errorMessage(active.error, ERROR_STATE_FALLBACK)}
      retrying={active.isFetching}
      onRetry={() => void active.refetch()}
    />
  );
}
