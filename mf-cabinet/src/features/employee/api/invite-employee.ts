import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, employeeKeys, type CallBody } from 'shared';
import { organizationEmployeeInvite } from 'shared/lk';
import { isForbidden } from '../../../lib/role-refused';
import { refreshRoleAfterRefusal } from './staff-changed';

export type InviteEmployeeBody = CallBody<typeof organizationEmployeeInvite>;

/** Sends the invite code by SMS to the phone (and a notification when it is registered). */
export function inviteEmployee(body: InviteEmployeeBody) {
  return apiRequest(organizationEmployeeInvite, { body });
}

export function useInviteEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteEmployee,
    // A 403: no longer the director (handed over in another tab): the role is asked again.
    onError: (error) => {
      if (isForbidden(error)) void refreshRoleAfterRefusal(queryClient);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...employeeKeys.all, 'invites'] }),
  });
}
