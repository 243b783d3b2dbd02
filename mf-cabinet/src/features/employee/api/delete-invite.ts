import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, employeeKeys } from 'shared';
import { organizationInviteDelete } from 'shared/lk';
import { isForbidden } from '../../../lib/role-refused';
import { refreshRoleAfterRefusal } from './staff-changed';

export function deleteInvite(id: number) {
  return apiRequest(organizationInviteDelete, { query: { id } });
}

/** The director withdraws a pending invite: its code stops working. */
export function useDeleteInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInvite,
    // Refused too: a 409 «Приглашение не найдено» means it was accepted or withdrawn meanwhile,
    // so the pending list (and the staff) the director sees is out of date.
    // A 403: no longer the director (handed over in another tab): the role is asked again, and the
    // director's invites are not (they would answer 403 too).
    onSettled: (_data, error) => (isForbidden(error) ? refreshRoleAfterRefusal(queryClient) : queryClient.invalidateQueries({ queryKey: employeeKeys.all })),
  });
}
