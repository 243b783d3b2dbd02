import { useMutation } from '@tanstack/react-query';
import { apiRequest, userInviteCodeCancel } from 'shared';

export function cancelInviteCode(code: string) {
  return apiRequest(userInviteCodeCancel, { body: { code } });
}

export function useCancelInviteCode() {
  return useMutation({ mutationFn: cancelInviteCode });
}
