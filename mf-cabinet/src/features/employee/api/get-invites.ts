import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions, employeeKeys } from 'shared';
import { organizationInviteGetCollection } from 'shared/lk';

const PENDING = { status: 'pending', page: 1, limit: 50 } as const;

/** The director's invites still waiting for an answer. */
export function getPendingInvitesQueryOptions(profileId: number) {
  return apiQueryOptions(organizationInviteGetCollection, { query: PENDING }, employeeKeys.invites({ profileId, ...PENDING }));
}

export function usePendingInvites(profileId: number, enabled: boolean) {
  return useQuery({ ...getPendingInvitesQueryOptions(profileId), enabled });
}
