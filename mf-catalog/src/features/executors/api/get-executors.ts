import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions, executorGetCollection, executorKeys } from 'shared';
import { EXECUTOR_PAGE_SIZE, toExecutorQuery, type ExecutorFilter } from '../lib/executor-filter';

export function getExecutorsQueryOptions(filter: ExecutorFilter) {
  const query = { ...toExecutorQuery(filter), limit: EXECUTOR_PAGE_SIZE };
  return apiQueryOptions(executorGetCollection, { query }, executorKeys.list(query));
}

export function useExecutors(filter: ExecutorFilter) {
  return useQuery(getExecutorsQueryOptions(filter));
}
