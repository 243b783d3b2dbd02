import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions, applicationGetCollection, applicationKeys } from 'shared';
import { APPLICATION_PAGE_SIZE, toApplicationQuery, type ApplicationFilter } from '../hooks/application-filter';

export type ApplicationListRequest = ApplicationFilter & { limit?: number };

export function getApplicationsQueryOptions(request: ApplicationListRequest) {
  const query = { ...toApplicationQuery(request), limit: request.limit ?? APPLICATION_PAGE_SIZE };
  return apiQueryOptions(applicationGetCollection, { query }, applicationKeys.list(query));
}

export function useApplications(request: ApplicationListRequest) {
  return useQuery(getApplicationsQueryOptions(request));
}
