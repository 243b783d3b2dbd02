import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions, serviceGetCollectionFilter, serviceKeys } from 'shared';

/** The pickers list every service at once: the catalogue holds a few dozen. */
export const SERVICE_OPTIONS_LIMIT = 100;

export function getServiceOptionsQueryOptions() {
  const query = { limit: SERVICE_OPTIONS_LIMIT };
  return {
    ...apiQueryOptions(serviceGetCollectionFilter, { query }, serviceKeys.options(query)),
    staleTime: 10 * 60_000,
  };
}

/** Services (not groups) for the filter pickers; asked for only once a picker is opened. */
export function useServiceOptions({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getServiceOptionsQueryOptions(), enabled });
}
