import type { QueryClient } from '@tanstack/react-query';
import { organizationKeys } from '../query/query-keys';
import { getCurrentUserQueryOptions } from './api/get-current-user';
import { getProfilesQueryOptions } from './api/get-profiles';

/**
 * After the user's organisations change (created, deleted, joined, left, direction handed over):
 * the header's profile switcher and the caller's role read the session store, which the profile
 * list and the user fill. They are asked for again whether or not a screen watches them; a failure
 * here leaves the old list, not a failed action.
 */
export function refreshOrganizations(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.fetchQuery({ ...getProfilesQueryOptions(), staleTime: 0 }),
    queryClient.fetchQuery({ ...getCurrentUserQueryOptions(), staleTime: 0 }),
    queryClient.invalidateQueries({ queryKey: organizationKeys.all }),
  ]).catch(() => undefined);
}
