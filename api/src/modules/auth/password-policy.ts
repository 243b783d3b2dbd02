import { commonPasswords } from './common-passwords';
import { fieldError, MESSAGES } from './errors';

/** Length comes from the contract; here: refuse passwords from leak lists and the phone itself. */
export function assertPasswordAcceptable(password: string, field: string, phone?: string): void {
  const lower = password.trim().toLowerCase();
  const digits = password.replace(/\D/g, '');
  const isPhone = phone !== undefined && digits.length >= 10 && digits.length === password.replace(/[\s()+-]/g, '').length && phone.endsWith(digits.slice(-10));
  if (commonPasswords.has(lower) || isPhone || /^(.)\1+$/.test(lower)) {
    throw fieldError(422, 'password_too_common', field, MESSAGES.weakPassword);
  }
}
