import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions, facilityKeys, profileFacilityGet } from 'shared';

/** `profile/facility/get` under the key the public facility page uses: one cache entry for one answer. */
export function getFacilityQueryOptions(id: number) {
  return apiQueryOptions(profileFacilityGet, { query: { id } }, facilityKeys.detail(id));
}

export function useFacility(id: number | null) {
  return useQuery({ ...getFacilityQueryOptions(id ?? 0), enabled: id !== null });
}
