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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...employeeKeys.all, 'invites'] }),
  });
}
