import { apiRequest, registerCodeReceive, SMS_SEND_ERROR_MESSAGE } from 'shared';

/** Answers `codeReceived` (Unix s), the start of the resend countdown. */
export function sendRegisterCode(phone: string) {
  return apiRequest(registerCodeReceive, { body: { phone }, errorMessage: SMS_SEND_ERROR_MESSAGE });
}
