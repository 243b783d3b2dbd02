import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions, serviceGetCollection, serviceKeys, serviceListDefaults } from 'shared';

export interface ServiceListRequest {
  page?: number;
  limit?: number;
  query?: string;
  /** Only the services of this group. */
  parentId?: number;
}

/** The API's own default (shared/contract). */
export const SERVICE_PAGE_SIZE = serviceListDefaults.limit;

export function getServicesQueryOptions(request: ServiceListRequest) {
  const query = {
    page: request.page ?? 1,
    limit: request.limit ?? SERVICE_PAGE_SIZE,
    query: request.query,
    parentId: request.parentId,
  };
  return apiQueryOptions(serviceGetCollection, { query }, serviceKeys.list(query));
}

export function useServices(request: ServiceListRequest, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getServicesQueryOptions(request), enabled: options.enabled ?? true });
}
