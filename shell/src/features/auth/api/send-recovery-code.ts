import { apiRequest, passwordRecoverySendSms, SMS_SEND_ERROR_MESSAGE } from 'shared';

export function sendRecoveryCode(phone: string) {
  return apiRequest(passwordRecoverySendSms, { body: { phone }, errorMessage: SMS_SEND_ERROR_MESSAGE });
}
