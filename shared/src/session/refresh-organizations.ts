import type { Query, QueryClient } from '@tanstack/react-query';
import { organizationKeys } from '../query/query-keys';
import { getCurrentUserQueryOptions } from './api/get-current-user';
import { getProfilesQueryOptions } from './api/get-profiles';

/**
 * After the user's organisations change (created, deleted, joined, left, direction handed over):
 * the header's profile switcher and the caller's role read the session store, which the profile
 * list and the user fill. They are asked for again whether or not a screen watches them; a failure
 * here leaves the old list, not a failed action.
 */
export async function refreshOrganizations(queryClient: QueryClient): Promise<unknown> {
  const [profiles] = await Promise.all([
    queryClient.fetchQuery({ ...getProfilesQueryOptions(), staleTime: 0 }),
    queryClient.fetchQuery({ ...getCurrentUserQueryOptions(), staleTime: 0 }),
  ]).catch(() => [null]);
  if (profiles) {
    // An organisation no longer among the user's (deleted, left) is not asked for again — it
    // would answer 403 — but dropped: the screens that showed it follow the active profile.
    const mine = new Set(profiles.items.map((profile) => profile.id));
    const gone = ({ queryKey: [, part, id] }: Query) => part === 'profile' && typeof id === 'number' && !mine.has(id);
    queryClient.removeQueries({ queryKey: organizationKeys.all, predicate: gone });
  }
  return queryClient.invalidateQueries({ queryKey: organizationKeys.all }).catch(() => undefined);
}
