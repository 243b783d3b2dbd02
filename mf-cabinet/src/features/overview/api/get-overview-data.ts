import { useQuery } from '@tanstack/react-query';
import {
  apiQueryOptions,
  applicationKeys,
  balanceGetToken,
  balanceKeys,
  bankRequisiteKeys,
  facilityKeys,
} from 'shared';
import { bankRequisiteGetCollection, profileFacilityGetCollection, userApplicationGetCollection } from 'shared/lk';

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

export function useRecentApplications(profileId: number, role: OverviewRole) {
  const query = { role, limit: OVERVIEW_APPLICATIONS_LIMIT };
  return useQuery(apiQueryOptions(userApplicationGetCollection, { query }, applicationKeys.list({ scope: 'lk-overview', profileId, ...query })));
}

export function useRequisiteCount(profileId: number, enabled: boolean) {
  return useQuery({ ...apiQueryOptions(bankRequisiteGetCollection, {}, bankRequisiteKeys.list(profileId)), enabled, select: (data) => data.total });
}

export function useFacilityCount(profileId: number, enabled: boolean) {
  const query = { limit: 1 };
  return useQuery({
    ...apiQueryOptions(profileFacilityGetCollection, { query }, facilityKeys.list({ scope: 'lk-overview', profileId, ...query })),
    enabled,
    select: (data) => data.total,
  });
}
