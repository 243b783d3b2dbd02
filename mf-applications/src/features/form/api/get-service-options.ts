import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions, serviceGetCollectionFilter, serviceKeys } from 'shared';

/** The whole services catalogue at once (a few dozen), under the catalogue pickers' key. */
export const SERVICE_OPTIONS_LIMIT = 100;

export function getServiceOptionsQueryOptions() {
  const query = { limit: SERVICE_OPTIONS_LIMIT };
  return { ...apiQueryOptions(serviceGetCollectionFilter, { query }, serviceKeys.options(query)), staleTime: 10 * 60_000 };
}

export function useServiceOptions() {
  return useQuery(getServiceOptionsQueryOptions());
}
