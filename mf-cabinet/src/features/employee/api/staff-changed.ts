import type { QueryClient } from '@tanstack/react-query';
import { employeeKeys, isApiError } from 'shared';

/** 404 or 409 on a member: removed, gone or made director meanwhile (another tab, another director). */
export function isStaffChanged(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 409);
}

/** The staff shown is out of date after such a refusal: it is asked again, under the dialog that says why. */
export function refreshStaffOnChange(queryClient: QueryClient) {
  return (error: unknown) => {
    if (isStaffChanged(error)) void queryClient.invalidateQueries({ queryKey: employeeKeys.lists() });
  };
}
