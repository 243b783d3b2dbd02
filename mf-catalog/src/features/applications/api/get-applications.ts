import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions, applicationGetCollection, applicationKeys, type RoutePrefetch } from 'shared';
import { prefetchServiceNames } from '../../../lib/service-names';
import { serviceNamesOf } from '../lib/filter-labels';
import { APPLICATION_PAGE_SIZE, parseApplicationFilter, toApplicationQuery, type ApplicationFilter } from '../lib/application-filter';

export type ApplicationListRequest = ApplicationFilter & { limit?: number };

/** The home page's «Свежие заявки» (and their map): the newest first. */
export const FRESH_APPLICATIONS: ApplicationFilter = { page: 1, attributeSort: 'createdAt', typeSort: 'desc' };

export function getApplicationsQueryOptions(request: ApplicationListRequest) {
  const query = { ...toApplicationQuery(request), limit: request.limit ?? APPLICATION_PAGE_SIZE };
  return apiQueryOptions(applicationGetCollection, { query }, applicationKeys.list(query));
}

/** The list routes' prefetch: the same query the page asks for first, keyed by the URL's filter. */
export const prefetchApplications: RoutePrefetch = async ({ queryClient, url }) => {
  const filter = parseApplicationFilter(url.searchParams);
  const options = getApplicationsQueryOptions(filter);
  await queryClient.prefetchQuery(options);
  await prefetchServiceNames(queryClient, filter.services, serviceNamesOf(queryClient.getQueryData(options.queryKey)?.items ?? []));
};

export const prefetchFreshApplications: RoutePrefetch = ({ queryClient }) => queryClient.prefetchQuery(getApplicationsQueryOptions(FRESH_APPLICATIONS));

export function useApplications(request: ApplicationListRequest) {
  return useQuery(getApplicationsQueryOptions(request));
}
