import { queryOptions, type QueryKey } from '@tanstack/react-query';
import type { CallContract, CallData } from '../contract/define';
import type { ApiError } from './api-error';
import { apiRequest, type ApiRequestOptions } from './api-request';

/** `queryOptions` for one call: the key must hold every variable of `params` (CONVENTIONS.md). */
export function apiQueryOptions<C extends CallContract, K extends QueryKey>(
  call: C,
  params: Omit<ApiRequestOptions<C>, 'signal'>,
  queryKey: K,
) {
  return queryOptions<CallData<C>, ApiError, CallData<C>, K>({
    queryKey,
    queryFn: async ({ signal }) => (await apiRequest(call, { ...params, signal })).data,
  });
}
