import { apiRequest, registerCodeCheck } from 'shared';

export function checkRegisterCode(phone: string, code: string) {
  return apiRequest(registerCodeCheck, { body: { phone, code } });
}
