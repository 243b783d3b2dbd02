import { useQuery, type QueryClient } from '@tanstack/react-query';
import { apiQueryOptions, organizationKeys, getProfilesQueryOptions, userKeys, useSessionStore, useIsLoggedIn, type SessionProfile } from 'shared';
import { organizationGetProfile, type Organization, type OrganizationRole } from '../contract/organization';
import type { ProfileList } from './api/get-profiles';

export interface ActiveProfileState {
  profile: SessionProfile | null;
  isPending: boolean;
  isError: boolean;
  /** The profile is known (held, or the list has come): what a page's retry waits for. */
  isSuccess: boolean;
  /** The list is being asked for while no profile is held (a retry's busy state). */
  isFetching: boolean;
  /** Why the list did not come (null while a profile is held). */
  error: unknown;
  refetch: () => unknown;
}

/**
 * The profile the lk acts as. The shell's `profile` guard has made sure there is one; the list of
 * profiles is asked for only when the store does not hold it yet (a page opened from a link). Its
 * state is a query's as shared `useQueryRetry` takes it: a page's «Повторить» stays in place.
 */
export function useActiveProfile(): ActiveProfileState {
  const profile = useSessionStore((s) => s.activeProfile);
  const loggedIn = useIsLoggedIn();
  const profiles = useQuery({ ...getProfilesQueryOptions(), enabled: loggedIn && profile === null });
  const held = profile !== null;
  return {
    profile,
    isPending: !held && profiles.isPending && loggedIn,
    isError: !held && profiles.isError,
    isSuccess: held || profiles.isSuccess,
    isFetching: !held && profiles.isFetching,
    error: held ? null : profiles.error,
    refetch: profiles.refetch,
  };
}

/** `owner` of a personal profile, or the caller's role in the organisation. */
export type ProfileRole = 'owner' | OrganizationRole;

export interface ProfileRights {
  /** Null while the organisation's answer is awaited (or could not be had). */
  role: ProfileRole | null;
  /**
   * Withdrawals, bank requisites, the organisation's data and staff: the owner or the director
   * (ARCHITECTURE §8 "Cabinet"). Not yet known: false. The server has the last word (403).
   */
  canManage: boolean;
  isPending: boolean;
}

/**
 * What the caller may do with its active profile: an organisation's employee may not manage it.
 * The role comes with `user/profile/list`; `organization/get/profile` is asked only when the list
 * does not carry it.
 */
export function useProfileRights(profile: Pick<SessionProfile, 'id' | 'type'> | null): ProfileRights {
  const isOrganization = profile?.type === 'organization';
  const profiles = useQuery({ ...getProfilesQueryOptions(), enabled: isOrganization });
  const listed = profiles.data?.items.find((p) => p.id === profile?.id)?.role;
  const organization = useQuery({
    ...apiQueryOptions(organizationGetProfile, {}, organizationKeys.profile(profile?.id ?? null)),
    enabled: isOrganization && !profiles.isPending && listed === undefined,
  });
  if (!profile) return { role: null, canManage: false, isPending: false };
  if (!isOrganization) return { role: 'owner', canManage: true, isPending: false };
  const role = listed ?? organization.data?.role ?? null;
  if (role) return { role, canManage: role !== 'employee', isPending: false };
  // A failed lookup leaves the actions to the server, which answers an employee with 403.
  return { role: null, canManage: organization.isError, isPending: !organization.isError };
}

/**
 * The caller's role in a profile as the cache holds it at this moment (the profile list's, else the
 * organisation's answer, as useProfileRights reads them); null when neither says. For a query that
 * is the director's alone to check when it would be sent, not at the page's last render: a role
 * changed by a notice is in the cache before the page that shows the old one is drawn again.
 */
export function cachedProfileRole(queryClient: QueryClient, profileId: number): ProfileRole | null {
  const listed = queryClient.getQueryData<ProfileList>(userKeys.profiles())?.items.find((p) => p.id === profileId)?.role;
  return listed ?? queryClient.getQueryData<Organization>(organizationKeys.profile(profileId))?.role ?? null;
}
