import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiQueryOptions, applicationKeys } from 'shared';
import { userApplicationGetCollection } from 'shared/lk';
import type { ListFilter } from '../lib/list-filter';

/** The answer depends on the active profile (the bearer's), so its id is part of the key. */
export function getUserApplicationsQueryOptions(profileId: number, { role, status, page, query: search }: ListFilter) {
  const query = { role, page, ...(status ? { status } : {}), ...(search ? { query: search } : {}) };
  return apiQueryOptions(userApplicationGetCollection, { query }, applicationKeys.list({ scope: 'lk', profileId, ...query }));
}

export function useUserApplications(profileId: number, filter: ListFilter) {
  return useQuery({ ...getUserApplicationsQueryOptions(profileId, filter), placeholderData: keepPreviousData });
}
