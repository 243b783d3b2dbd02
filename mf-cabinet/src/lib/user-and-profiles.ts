import { useCallback } from 'react';
import { useCurrentUser, useProfiles, useQueryRetry } from 'shared';

/**
 * The user and his profiles, which `/lk` and `/lk/profile` both need, with one «Повторить» over
 * the two (shared `useQueryRetry`): the page fails if either does, the retry asks again for what
 * failed and stays, busy, until the answer. Once the page is in, its heading takes the button's
 * focus: `pageRef` goes on the element holding the page's PageHeader (the kit's header takes no
 * ref, so its h1 is found there and made focusable, as the page's start is).
 */
export function useUserAndProfiles() {
  const user = useCurrentUser();
  const profiles = useProfiles();
  const retry = useQueryRetry<HTMLElement>({
    isPending: user.isPending || profiles.isPending,
    isError: user.isError || profiles.isError,
    isSuccess: user.isSuccess && profiles.isSuccess,
    isFetching: user.isFetching || profiles.isFetching,
    error: user.error ?? profiles.error,
    refetch: () => Promise.all([user.isError && user.refetch(), profiles.isError && profiles.refetch()]),
  });
  const { target } = retry;
  const pageRef = useCallback(
    (page: HTMLElement | null) => {
      const heading = page?.querySelector<HTMLElement>('h1') ?? null;
      if (heading && !heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      target.current = heading;
    },
    [target],
  );
  return { user, profiles, retry, pageRef };
}
