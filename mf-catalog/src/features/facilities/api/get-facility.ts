import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions, facilityKeys, profileFacilityGet } from 'shared';
import { prefetchDetail, withNotFoundKept } from '../../../lib/route-handle';

export function getFacilityQueryOptions(id: number) {
  return withNotFoundKept(apiQueryOptions(profileFacilityGet, { query: { id } }, facilityKeys.detail(id)));
}

export function useFacility(id: number) {
  return useQuery(getFacilityQueryOptions(id));
}

export const prefetchFacility = prefetchDetail(getFacilityQueryOptions);
