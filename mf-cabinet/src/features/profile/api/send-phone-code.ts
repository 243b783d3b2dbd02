import { apiRequest, SMS_SEND_ERROR_MESSAGE, userUpdatePhoneSendCode } from 'shared';

/** Sends a code to the new phone, the current password given (QA AAD-1); answers `codeReceived` for the resend countdown. */
export function sendPhoneCode(phone: string, password: string) {
  return apiRequest(userUpdatePhoneSendCode, { body: { phone, password }, errorMessage: SMS_SEND_ERROR_MESSAGE });
}
