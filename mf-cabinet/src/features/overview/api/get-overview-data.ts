import { useQuery } from '@tanstack/react-query';
import {
  apiQueryOptions,
  applicationKeys,
  balanceGetToken,
  balanceKeys,
  bankRequisiteKeys,
  facilityKeys,
  useLiveApplications,
} from 'shared';
import { bankRequisiteGetCollection, payoutRequisites, profileFacilityGetCollection, userApplicationGetCollection } from 'shared/lk';

/*
 * The overview reads what the other cabinet pages own, under their keys, so a change there
 * refreshes this page and a visit here warms theirs.
 */

export const OVERVIEW_APPLICATIONS_LIMIT = 3;
export type OverviewRole = 'customer' | 'executor';

/** Same key and fetch as the shell's header balance. */
export function useBalance(profileId: number) {
  return useQuery(apiQueryOptions(balanceGetToken, {}, balanceKeys.current(profileId)));
}

const recentApplicationsQuery = (role: OverviewRole) => ({ role, limit: OVERVIEW_APPLICATIONS_LIMIT });

/** Under `applicationKeys.lists()`: the shell's `application:changed` (this profile's own steps elsewhere) reaches it. */
export const recentApplicationsKey = (profileId: number, role: OverviewRole) =>
  applicationKeys.list({ scope: 'lk-overview', profileId, ...recentApplicationsQuery(role) });

export function useRecentApplications(profileId: number, role: OverviewRole) {
  return useQuery(apiQueryOptions(userApplicationGetCollection, { query: recentApplicationsQuery(role) }, recentApplicationsKey(profileId, role)));
}

/**
 * The customer's drafts (the list's status filter, one item): executors do not see a draft, so the
 * checklist counts the applications without them and leads to the first one to publish it (QA PP-1).
 */
export function useDraftApplications(profileId: number, enabled: boolean) {
  const query = { role: 'customer', status: 'draft', limit: 1 } as const;
  return useQuery({
    ...apiQueryOptions(userApplicationGetCollection, { query }, applicationKeys.list({ scope: 'lk-overview', profileId, ...query })),
    enabled,
  });
}

/**
 * The other party's steps come as notifications, not as `application:changed`: as the lk list does,
 * the page reads its applications again on each one, and after a reconnect (useLiveApplications):
 * the card's and the drafts' (a key both lie under).
 */
export function useLiveRecentApplications(profileId: number): void {
  useLiveApplications(applicationKeys.list({ scope: 'lk-overview', profileId }));
}

export function useRequisiteCount(profileId: number, enabled: boolean) {
  return useQuery({ ...apiQueryOptions(bankRequisiteGetCollection, {}, bankRequisiteKeys.list(profileId)), enabled, select: (data) => payoutRequisites(data.items).length });
}

export function useFacilityCount(profileId: number, enabled: boolean) {
  const query = { limit: 1 };
  return useQuery({
    ...apiQueryOptions(profileFacilityGetCollection, { query }, facilityKeys.list({ scope: 'lk-overview', profileId, ...query })),
    enabled,
    select: (data) => data.total,
  });
}
