import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, refreshOrganizations } from 'shared';
import { userInviteCodeApprove } from 'shared/lk';
import { INVITE_APPROVED, notifySuccess } from '../notify';

export function approveInviteCode(code: string) {
  return apiRequest(userInviteCodeApprove, { body: { code } });
}

/**
 * The organisation joins the user's profiles: the header's switcher must offer it. Said here, not
 * by the dialog: closed while the call ran, the dialog would hear its answer no more.
 */
export function useApproveInviteCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveInviteCode,
    onSuccess: ({ message }) => {
      notifySuccess(message, INVITE_APPROVED);
      return refreshOrganizations(queryClient);
    },
  });
}
