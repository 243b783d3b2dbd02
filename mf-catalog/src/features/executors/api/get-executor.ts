import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions, executorGet, executorKeys } from 'shared';
import { prefetchDetail, withNotFoundKept } from '../../../lib/route-handle';

export function getExecutorQueryOptions(id: number) {
  return withNotFoundKept(apiQueryOptions(executorGet, { query: { id } }, executorKeys.detail(id)));
}

export function useExecutor(id: number) {
  return useQuery(getExecutorQueryOptions(id));
}

export const prefetchExecutor = prefetchDetail(getExecutorQueryOptions);
