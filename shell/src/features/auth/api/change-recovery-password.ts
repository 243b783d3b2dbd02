import { apiRequest, passwordRecoveryChange, type CallBody } from 'shared';

export type RecoveryChangeBody = CallBody<typeof passwordRecoveryChange>;

export function changeRecoveryPassword(body: RecoveryChangeBody) {
  return apiRequest(passwordRecoveryChange, { body });
}
