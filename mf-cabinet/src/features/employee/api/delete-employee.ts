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
    onSuccess: (_result, { self }) => {
      void queryClient.invalidateQueries({ queryKey: employeeKeys.lists() });
      if (self) void refreshOrganizations(queryClient);
    },
  });
}
