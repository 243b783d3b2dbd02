import { Link } from 'react-router-dom';
import { EmptyState, ERROR_STATE_FALLBACK, ErrorState, errorMessage, PROFILE_PATH, type QueryRetry } from 'shared';
import type { ActiveProfileState } from '../session/use-active-profile';

/**
 * A cabinet page of the active profile without one: none chosen yet, or the one it showed gone while
 * it was open (an employee removed from the organisation). Nothing failed, so it is no error state.
 * `description` says what the page keeps per profile.
 */
export function NoProfileState({ description }: { description: string }) {
  return <EmptyState title="Профиль не выбран" description={description} action={<Link to={PROFILE_PATH}>Выбрать профиль</Link>} />;
}

/** What «Повторить» of a page whose profile did not come acts on. */
type ProfileLoadErrorProps =
  /** The profile list's query itself: busy while it is asked again. */
  | { active: Pick<ActiveProfileState, 'error' | 'isFetching' | 'refetch'> }
  /** A page's `useQueryRetry` of it, which also hands its heading the focus once loaded. */
  | { retry: Pick<QueryRetry, 'error' | 'retrying' | 'retry'> };

/**
 * A cabinet page of the active profile whose list of profiles did not come: says why, as the public
 * lists do («Сервер не отвечает…»; it said «Не удалось загрузить профили» alone, QA AAZ-2), with
 * «Повторить», busy while it asks again. Every page of a profile says it so.
 */
export function ProfileLoadError(props: ProfileLoadErrorProps) {
  const { error, retrying, onRetry } =
    'retry' in props
      ? { error: props.retry.error, retrying: props.retry.retrying, onRetry: props.retry.retry }
      : { error: props.active.error, retrying: props.active.isFetching, onRetry: () => void props.active.refetch() };
  return <ErrorState title="Не удалось загрузить профиль" message={errorMessage(error, ERROR_STATE_FALLBACK)} retrying={retrying} onRetry={onRetry} />;
}
