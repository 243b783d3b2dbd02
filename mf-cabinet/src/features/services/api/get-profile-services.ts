import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions, profileServiceGetCollection, profileServiceKeys } from 'shared';

/** The services of the active profile (the bearer's), so its id is in the key. */
export function getProfileServicesQueryOptions(profileId: number) {
  return apiQueryOptions(profileServiceGetCollection, {}, profileServiceKeys.list(profileId));
}

export function useProfileServices(profileId: number) {
  return useQuery(getProfileServicesQueryOptions(profileId));
}
