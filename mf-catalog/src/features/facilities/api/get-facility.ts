import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions, facilityKeys, profileFacilityGet } from 'shared';
import { prefetchDetail } from '../../../lib/route-handle';

export function getFacilityQueryOptions(id: number) {
  return apiQueryOptions(profileFacilityGet, { query: { id } }, facilityKeys.detail(id));
}

export function useFacility(id: number) {
  return useQuery(getFacilityQueryOptions(id));
}

export const prefetchFacility = prefetchDetail(getFacilityQueryOptions);
