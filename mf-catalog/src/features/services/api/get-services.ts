import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions, serviceGetCollection, serviceKeys, serviceListDefaults, type RoutePrefetch, type Service } from 'shared';
import { isDefaultSort } from '../../../lib/url-values';
import { DEFAULT_SERVICE_SORT, parseServiceListFilter, type ServiceListFilter } from '../lib/service-list-filter';

/** The catalogue page's filter (its city's display name is not sent), or a group's or the home page's request. */
export type ServiceListRequest = Partial<Omit<ServiceListFilter, 'addressName'>> & {
  limit?: number;
  /** Only the services of this group. */
  parentId?: number;
};

/** The API's own default (shared/contract). */
export const SERVICE_PAGE_SIZE = serviceListDefaults.limit;

/** The home page's «Популярные услуги»: the catalogue's first page. */
export const POPULAR_SERVICES: ServiceListRequest = { page: 1 };

/** A group's page lists all its services at once. */
const GROUP_SERVICES_LIMIT = 100;

export function getServicesQueryOptions(request: ServiceListRequest) {
  const sort = { attributeSort: request.attributeSort ?? DEFAULT_SERVICE_SORT.attributeSort, typeSort: request.typeSort ?? DEFAULT_SERVICE_SORT.typeSort };
  const query = {
    page: request.page ?? 1,
    limit: request.limit ?? SERVICE_PAGE_SIZE,
    query: request.query,
    parentId: request.parentId,
    address: request.address,
    // The default order is the API's own: left out, the catalogue's first page and the home page's
    // «Популярные услуги» are one request and one cache entry.
    ...(isDefaultSort(sort, DEFAULT_SERVICE_SORT) ? {} : sort),
  };
  return apiQueryOptions(serviceGetCollection, { query }, serviceKeys.list(query));
}

export function getGroupServicesQueryOptions(groupId: number) {
  return getServicesQueryOptions({ parentId: groupId, limit: GROUP_SERVICES_LIMIT });
}

export function useServices(request: ServiceListRequest, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getServicesQueryOptions(request), enabled: options.enabled ?? true });
}

/** A group's own services (a group filters applications by all of them); nothing for a service. */
export function useGroupServices(service: Service) {
  return useQuery({ ...getGroupServicesQueryOptions(service.id), enabled: service.parentId === null });
}

export const prefetchPopularServices: RoutePrefetch = ({ queryClient }) => queryClient.prefetchQuery(getServicesQueryOptions(POPULAR_SERVICES));

/** `/service`: the page of the catalogue the URL names. */
export const prefetchServiceList: RoutePrefetch = ({ queryClient, url }) =>
  queryClient.prefetchQuery(getServicesQueryOptions(parseServiceListFilter(url.searchParams)));
