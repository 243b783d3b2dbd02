import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, employeeKeys, refreshOrganizations } from 'shared';
import { organizationEmployeeDelete } from 'shared/lk';

export interface DeleteEmployeeVariables {
  id: number;
  /** The caller leaves the organisation: its profiles and active profile change with it. */
  self: boolean;
}

export function deleteEmployee(id: number) {
  return apiRequest(organizationEmployeeDelete, { query: { id } });
}

/** The director removes an employee, or an employee removes itself (leaves). */
export function useDeleteEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: DeleteEmployeeVariables) => deleteEmployee(id),
    // Awaited: the dialog closes once the list no longer holds the removed member, so its focus,
    // whose opener went with the member's card, goes to the page's start rather than the body.
    onSuccess: (_result, { self }) => {
      const list = queryClient.invalidateQueries({ queryKey: employeeKeys.lists() });
      // Leaving goes to another page at once: nothing there waits for this list.
      if (!self) return list;
      void refreshOrganizations(queryClient);
      return undefined;
    },
  });
}
