import { useMutation } from '@tanstack/react-query';
import { apiRequest } from 'shared';
import { userInviteCodeCancel } from 'shared/lk';
import { INVITE_DECLINED, notifySuccess } from '../notify';

export function cancelInviteCode(code: string) {
  return apiRequest(userInviteCodeCancel, { body: { code } });
}

/** Declined: said here, not by the dialog, which may be closed before the answer comes. */
export function useCancelInviteCode() {
  return useMutation({ mutationFn: cancelInviteCode, onSuccess: ({ message }) => notifySuccess(message, INVITE_DECLINED) });
}
