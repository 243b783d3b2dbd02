import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions, executorGetCollection, executorKeys, type RoutePrefetch } from 'shared';
import { prefetchServiceNames } from '../../../lib/service-names';
import { serviceNamesOfExecutors } from '../lib/executor-list-title';
import { EXECUTOR_PAGE_SIZE, parseExecutorFilter, toExecutorQuery, type ExecutorFilter } from '../lib/executor-filter';

export function getExecutorsQueryOptions(filter: ExecutorFilter) {
  const query = { ...toExecutorQuery(filter), limit: EXECUTOR_PAGE_SIZE };
  return apiQueryOptions(executorGetCollection, { query }, executorKeys.list(query));
}

export function useExecutors(filter: ExecutorFilter) {
  return useQuery(getExecutorsQueryOptions(filter));
}

/** The list routes (client-rendered only): the request starts while the page's chunk downloads. */
export const prefetchExecutors: RoutePrefetch = async ({ queryClient, url }) => {
  const filter = parseExecutorFilter(url.searchParams);
  const options = getExecutorsQueryOptions(filter);
  await queryClient.prefetchQuery(options);
  await prefetchServiceNames(queryClient, filter.services, serviceNamesOfExecutors(queryClient.getQueryData(options.queryKey)?.items ?? []));
};
