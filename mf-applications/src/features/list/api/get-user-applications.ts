import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiQueryOptions, applicationKeys } from 'shared';
import { userApplicationGetCollection } from 'shared/lk';
import type { ListFilter } from '../lib/list-filter';

/** The answer depends on the active profile (the bearer's), so its id is part of the key. */
export function getUserApplicationsQueryOptions(profileId: number, { role, status, page, query: search }: ListFilter) {
  const query = { role, page, ...(status ? { status } : {}), ...(search ? { query: search } : {}) };
  return apiQueryOptions(userApplicationGetCollection, { query }, applicationKeys.list({ scope: 'lk', profileId, ...query }));
}

/**
 * Another tab or page of the same profile's list keeps the one shown until it comes (no skeleton
 * between pages). Another profile's never stands in for it: after a switch it showed the other
 * profile's applications under this one's headings, or its «Заявок пока нет» (QA O-5).
 */
export function useUserApplications(profileId: number, filter: ListFilter) {
  return useQuery({
    ...getUserApplicationsQueryOptions(profileId, filter),
    placeholderData: (previous, previousQuery) => ((previousQuery?.queryKey[2] as { profileId?: number } | undefined)?.profileId === profileId ? keepPreviousData(previous) : undefined),
  });
}
