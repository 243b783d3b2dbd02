import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions, facilityKeys, profileFacilityGet } from 'shared';

export function getFacilityQueryOptions(id: number) {
  return apiQueryOptions(profileFacilityGet, { query: { id } }, facilityKeys.detail(id));
}

export function useFacility(id: number) {
  return useQuery(getFacilityQueryOptions(id));
}
