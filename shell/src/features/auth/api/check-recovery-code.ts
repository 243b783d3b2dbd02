import { apiRequest, passwordRecovery } from 'shared';

export function checkRecoveryCode(phone: string, code: string) {
  return apiRequest(passwordRecovery, { body: { phone, code } });
}
