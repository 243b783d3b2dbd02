import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions, profileServiceGetCollection, profileServiceKeys } from 'shared';

/** The services of the active profile (the bearer's), so its id is in the key. */
export function getProfileServicesQueryOptions(profileId: number) {
  return apiQueryOptions(profileServiceGetCollection, {}, profileServiceKeys.list(profileId));
}

export function useProfileServices(profileId: number) {
  return useQuery(getProfileServicesQueryOptions(profileId));
}

/** How many services the profile offers (the same query: /lk/service's changes refresh it). */
export function useServiceCount(profileId: number, enabled = true) {
  return useQuery({ ...getProfileServicesQueryOptions(profileId), enabled, select: (data) => data.items.length });
}
