import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, employeeKeys, type CallBody } from 'shared';
import { organizationEmployeeUpdate } from 'shared/lk';
import { refreshStaffOnChange } from './staff-changed';

export type UpdateEmployeeBody = CallBody<typeof organizationEmployeeUpdate>;

export function updateEmployee(body: UpdateEmployeeBody) {
  return apiRequest(organizationEmployeeUpdate, { body });
}

export function useUpdateEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmployee,
    onError: refreshStaffOnChange(queryClient),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeeKeys.lists() }),
  });
}
