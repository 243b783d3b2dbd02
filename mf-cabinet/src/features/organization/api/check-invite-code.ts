import { useMutation } from '@tanstack/react-query';
import { apiRequest, type CallData } from 'shared';
import { userInviteCodeCheck } from 'shared/lk';

/** What the code from the SMS is for: the organisation and the position offered. */
export function checkInviteCode(code: string) {
  return apiRequest(userInviteCodeCheck, { query: { code } });
}

export function useCheckInviteCode() {
  return useMutation({ mutationFn: checkInviteCode });
}

export type InviteOffer = CallData<typeof userInviteCodeCheck>;
