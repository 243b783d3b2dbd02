import { useRef } from 'react';
import { useRetryInPlace } from './use-retry-in-place';

interface RetriedQuery {
  isPending: boolean;
  isError: boolean;
  isSuccess: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * «Повторить» of a query that never loaded, in place (shared `useRetryInPlace`): react-query puts
 * such a query back to pending, its error gone, and a skeleton would take the focused button's
 * place. While retrying, the error stays (`failed`, with the last `error`: its alert is not said
 * again) and its button is busy; once loaded, `target` (the section's heading) takes the focus the
 * button had. A retry that fails again leaves the focus on the button.
 *
 * Call it in the component that calls `useQuery`, with that call's result: a component given the
 * query as a prop re-renders on its own state with the prop of its parent's last render, which
 * does not know yet that the retry is fetching (the busy state would be dropped at once).
 */
export type QueryRetry<T extends HTMLElement = HTMLElement> = ReturnType<typeof useQueryRetry<T>>;

export function useQueryRetry<T extends HTMLElement>(query: RetriedQuery) {
  const { retrying, retry, target } = useRetryInPlace<T>(query, query.isSuccess);
  const lastError = useRef<unknown>(null);
  if (query.error) lastError.current = query.error;
  return {
    /** The first answer is awaited, not a retry's: the skeleton. */
    loading: query.isPending && !retrying,
    /** The error state is shown (with a busy button while `retrying`). */
    failed: query.isError || retrying,
    error: query.error ?? lastError.current,
    /**
     * «Повторить» is busy: its own retry, or the query asked again otherwise while its data (and
     * the error of a refetch) stand — what the error state's button shows.
     */
    retrying: retrying || (query.isFetching && !query.isPending),
    retry,
    target,
  };
}
