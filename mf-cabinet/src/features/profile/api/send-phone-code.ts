import { useMutation } from '@tanstack/react-query';
import { apiRequest, SMS_SEND_ERROR_MESSAGE, userUpdatePhoneSendCode } from 'shared';

/** Sends a code to the new phone; answers `codeReceived` for the resend countdown. */
export function sendPhoneCode(phone: string) {
  return apiRequest(userUpdatePhoneSendCode, { body: { phone }, errorMessage: SMS_SEND_ERROR_MESSAGE });
}

export function useSendPhoneCode() {
  return useMutation({ mutationFn: sendPhoneCode });
}
