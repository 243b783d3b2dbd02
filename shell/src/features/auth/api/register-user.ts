import { apiRequest, register, type CallBody } from 'shared';

export type RegisterBody = CallBody<typeof register>;

export function registerUser(body: RegisterBody) {
  return apiRequest(register, { body });
}
