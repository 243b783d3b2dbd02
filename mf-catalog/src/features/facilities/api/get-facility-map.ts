import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions, facilityGetMap, facilityKeys, type RoutePrefetch } from 'shared';

/**
 * The home page's facilities on the map (`facility/get-map`). Read on the server with the page and
 * inlined in its HTML: a hundred points keep that small; the map clusters them.
 */
const HOME_FACILITY_LIMIT = 100;

export function getFacilityMapQueryOptions() {
  const query = { limit: HOME_FACILITY_LIMIT };
  return apiQueryOptions(facilityGetMap, { query }, facilityKeys.list({ map: true, ...query }));
}

export function useFacilityMap() {
  return useQuery(getFacilityMapQueryOptions());
}

export const prefetchFacilityMap: RoutePrefetch = ({ queryClient }) => queryClient.prefetchQuery(getFacilityMapQueryOptions());
