import { useCurrentUser, useProfiles, useQueryRetry } from 'shared';

/**
 * The user and his profiles, which `/lk` and `/lk/profile` both need, with one «Повторить» over
 * the two (shared `useQueryRetry`): the page fails if either does, the retry asks again for what
 * failed and stays, busy, until the answer. Once the page is in, its heading takes the button's
 * focus: `headingRef` goes to the page's PageHeader.
 */
export function useUserAndProfiles() {
  const user = useCurrentUser();
  const profiles = useProfiles();
  const retry = useQueryRetry<HTMLHeadingElement>({
    isPending: user.isPending || profiles.isPending,
    isError: user.isError || profiles.isError,
    isSuccess: user.isSuccess && profiles.isSuccess,
    isFetching: user.isFetching || profiles.isFetching,
    error: user.error ?? profiles.error,
    refetch: () => Promise.all([user.isError && user.refetch(), profiles.isError && profiles.refetch()]),
  });
  return { user, profiles, retry, headingRef: retry.target };
}
