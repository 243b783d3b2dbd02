import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, employeeKeys, type CallBody } from 'shared';
import { organizationEmployeeInvite } from 'shared/lk';

export type InviteEmployeeBody = CallBody<typeof organizationEmployeeInvite>;

/** Sends the invite code by SMS to the phone (and a notification when it is registered). */
export function inviteEmployee(body: InviteEmployeeBody) {
  return apiRequest(organizationEmployeeInvite, { body });
}

export function useInviteEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteEmployee,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...employeeKeys.all, 'invites'] }),
  });
}
