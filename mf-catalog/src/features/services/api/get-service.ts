import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions, serviceGet, serviceKeys } from 'shared';

export function getServiceQueryOptions(id: number) {
  return apiQueryOptions(serviceGet, { query: { id } }, serviceKeys.detail(id));
}

export function useService(id: number) {
  return useQuery(getServiceQueryOptions(id));
}
