import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions, serviceGet, serviceKeys, type RoutePrefetch } from 'shared';
import { prefetchUnlessMissing, withNotFoundKept } from '../../../lib/route-handle';
import { parseRouteId } from '../../../lib/route-id';
import { getGroupServicesQueryOptions } from './get-services';

export function getServiceQueryOptions(id: number) {
  return withNotFoundKept(apiQueryOptions(serviceGet, { query: { id } }, serviceKeys.detail(id)));
}

export function useService(id: number) {
  return useQuery(getServiceQueryOptions(id));
}

/** `/service/:id`: the service, and for a group the services it lists (ServiceDetails reads both). */
export const prefetchService: RoutePrefetch = async ({ queryClient, params }) => {
  const id = parseRouteId(params.id);
  if (id === null) return;
  await prefetchUnlessMissing(queryClient, getServiceQueryOptions(id));
  const service = queryClient.getQueryData(getServiceQueryOptions(id).queryKey);
  if (service?.parentId === null) await queryClient.prefetchQuery(getGroupServicesQueryOptions(service.id));
};
