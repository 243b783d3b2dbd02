import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions, serviceGetCollection, serviceKeys } from 'shared';

export interface ServiceListRequest {
  page?: number;
  limit?: number;
  query?: string;
}

export const SERVICE_PAGE_SIZE = 12;

export function getServicesQueryOptions(request: ServiceListRequest) {
  const query = { page: request.page ?? 1, limit: request.limit ?? SERVICE_PAGE_SIZE, query: request.query };
  return apiQueryOptions(serviceGetCollection, { query }, serviceKeys.list(query));
}

export function useServices(request: ServiceListRequest) {
  return useQuery(getServicesQueryOptions(request));
}
