import type { QueryClient } from '@tanstack/react-query';
import { employeeKeys, getProfilesQueryOptions, isApiError, refreshOrganizations, userKeys, useSessionStore } from 'shared';
import { isForbidden } from '../../../lib/role-refused';

/** 404 or 409 on a member: removed, gone or made director meanwhile (another tab, another director). */
export function isStaffChanged(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 409);
}

/** The member himself is gone (excluded or left meanwhile): 404, or the 409 of a removal that came first («Сотрудник не найден»). */
export function isMemberGone(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.code === 'employee_changed');
}

/**
 * After such a 403 the role the page offers its actions by is asked again (the profile list and
 * the organisation: shared `refreshOrganizations`), so the page stops offering what was refused;
 * the staff too, while the organisation is still the one acted for (else it would answer 403).
 */
export async function refreshRoleAfterRefusal(queryClient: QueryClient): Promise<void> {
  const acting = useSessionStore.getState().activeProfile?.id;
  await refreshOrganizations(queryClient);
  if (acting === undefined || useSessionStore.getState().activeProfile?.id !== acting) return;
  await queryClient.invalidateQueries({ queryKey: employeeKeys.lists() });
}

/**
 * The staff shown is out of date after such a refusal: it is asked again, under the dialog that
 * says why; after a 403, the caller's role as well.
 */
export function refreshStaffOnChange(queryClient: QueryClient) {
  return (error: unknown) => {
    if (isStaffChanged(error)) void queryClient.invalidateQueries({ queryKey: employeeKeys.lists() });
    else if (isForbidden(error)) void refreshRoleAfterRefusal(queryClient);
  };
}

/**
 * A notice (an invite accepted, a member who left) reloads the staff and the pending invites shown
 * — unless it took the organisation from the user (deleted, or he was excluded): the shell asks for
 * his profiles again as it hears such a notice (shared `refreshOrganizations`), and meanwhile the
 * organisation's staff would answer 403. A profile list under way is awaited (joined, not sent
 * again); then only the organisation still acted for is asked again.
 */
export async function reloadStaffAfterNotice(queryClient: QueryClient, profileId: number): Promise<void> {
  if (queryClient.isFetching({ queryKey: userKeys.profiles(), exact: true }) > 0) {
    await queryClient.fetchQuery({ ...getProfilesQueryOptions(), staleTime: 0 }).catch(() => undefined);
  }
  if (useSessionStore.getState().activeProfile?.id !== profileId) return;
  await queryClient.invalidateQueries({ queryKey: employeeKeys.all });
}
