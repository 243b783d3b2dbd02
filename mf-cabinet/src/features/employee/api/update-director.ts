import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, employeeKeys, refreshOrganizations } from 'shared';
import { organizationDirectorUpdate } from 'shared/lk';

export function updateDirector(id: number) {
  return apiRequest(organizationDirectorUpdate, { body: { id } });
}

/**
 * The caller's role changes with it (director → employee), and the role is read from the profile
 * list and the organisation's answer: both are asked again with the staff.
 */
export function useUpdateDirector() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDirector,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: employeeKeys.all }), refreshOrganizations(queryClient)]),
  });
}
