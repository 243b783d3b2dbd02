import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, refreshOrganizations } from 'shared';
import { userInviteCodeApprove } from 'shared/lk';

export function approveInviteCode(code: string) {
  return apiRequest(userInviteCodeApprove, { body: { code } });
}

/** The organisation joins the user's profiles: the header's switcher must offer it. */
export function useApproveInviteCode() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: approveInviteCode, onSuccess: () => refreshOrganizations(queryClient) });
}
