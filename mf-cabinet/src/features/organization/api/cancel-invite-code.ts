import { useMutation } from '@tanstack/react-query';
import { apiRequest } from 'shared';
import { userInviteCodeCancel } from 'shared/lk';

export function cancelInviteCode(code: string) {
  return apiRequest(userInviteCodeCancel, { body: { code } });
}

export function useCancelInviteCode() {
  return useMutation({ mutationFn: cancelInviteCode });
}
