import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiQueryOptions, employeeKeys } from 'shared';
import { cachedProfileRole, organizationInviteGetCollection } from 'shared/lk';

/**
 * Invites per page: an organisation may send 50 a day and each lives 7 days, so a few hundred can
 * be waiting at once.
 */
export const PENDING_INVITES_LIMIT = 50;

/** One page of the director's invites still waiting for an answer. */
export function getPendingInvitesQueryOptions(profileId: number, page = 1) {
  const query = { status: 'pending', page, limit: PENDING_INVITES_LIMIT } as const;
  return apiQueryOptions(organizationInviteGetCollection, { query }, employeeKeys.invites({ profileId, ...query }));
}

/**
 * The page shown stays on screen while another is asked for. Asked only while the caller is still
 * the director as the cache knows it when the query would be sent: after «Передать руководство»
 * the server's notice reloads the staff once the profile list says «employee», before the page
 * drops this section, and the invites would answer 403 (QA PP-7).
 */
export function usePendingInvites(profileId: number, page: number, enabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    ...getPendingInvitesQueryOptions(profileId, page),
    enabled: () => enabled && cachedProfileRole(queryClient, profileId) !== 'employee',
    placeholderData: keepPreviousData,
  });
}
