import type { QueryClient } from '@tanstack/react-query';
import { isApiError, refreshOrganizations } from 'shared';

/**
 * 403 on a write the page offered (the organisation, its staff, its money): the caller's part in
 * the organisation changed under it — the directorship handed over in another tab or on another
 * device («Это может сделать только руководитель организации»), or he is no longer a member («Вы
 * больше не состоите в организации»). What the page offers was read from a role that is out of date.
 */
export function isForbidden(error: unknown): boolean {
  return isApiError(error) && error.status === 403;
}

/**
 * A mutation's `onError`: after such a 403 the role is asked again (the profile list and the
 * organisation: shared `refreshOrganizations`), so the page stops offering what was refused.
 */
export function refreshRoleIfForbidden(queryClient: QueryClient) {
  return (error: unknown): void => {
    if (isForbidden(error)) void refreshOrganizations(queryClient);
  };
}
