import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiQueryOptions, employeeKeys } from 'shared';
import { organizationInviteGetCollection } from 'shared/lk';

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

/** The page shown stays on screen while another is asked for. */
export function usePendingInvites(profileId: number, page: number, enabled: boolean) {
  return useQuery({ ...getPendingInvitesQueryOptions(profileId, page), enabled, placeholderData: keepPreviousData });
}
