import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, employeeKeys, organizationEmployeeUpdate, type CallBody } from 'shared';

export type UpdateEmployeeBody = CallBody<typeof organizationEmployeeUpdate>;

export function updateEmployee(body: UpdateEmployeeBody) {
  return apiRequest(organizationEmployeeUpdate, { body });
}

export function useUpdateEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmployee,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeeKeys.lists() }),
  });
}
