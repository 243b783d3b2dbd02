import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, employeeKeys } from 'shared';
import { organizationInviteDelete } from 'shared/lk';

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
    onSettled: () => queryClient.invalidateQueries({ queryKey: employeeKeys.all }),
  });
}
