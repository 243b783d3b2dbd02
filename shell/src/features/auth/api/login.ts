import { apiRequest, login, type CallBody } from 'shared';

export type LoginBody = CallBody<typeof login>;

export function loginWithPassword(body: LoginBody, signal?: AbortSignal) {
  return apiRequest(login, { body, ...(signal ? { signal } : {}) });
}
