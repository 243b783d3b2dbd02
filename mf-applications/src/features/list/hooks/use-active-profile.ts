import { useQuery } from '@tanstack/react-query';
import { getProfilesQueryOptions, useIsLoggedIn, useSessionStore, type SessionProfile } from 'shared';

export interface ActiveProfileState {
  profile: SessionProfile | null;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/**
 * The profile the lk acts as. The shell's `profile` guard has made sure there is one; the list of
 * profiles is asked for only when the store does not hold it yet (a page opened from a link).
 */
export function useActiveProfile(): ActiveProfileState {
  const profile = useSessionStore((s) => s.activeProfile);
  const loggedIn = useIsLoggedIn();
  const profiles = useQuery({ ...getProfilesQueryOptions(), enabled: loggedIn && profile === null });
  return { profile, isPending: profile === null && profiles.isPending && loggedIn, isError: profile === null && profiles.isError, refetch: profiles.refetch };
}
