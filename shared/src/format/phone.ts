import { digitDeleteCaret } from './digit-caret';

/**
 * What a phone number is written with: digits, spaces, brackets, dots and dashes, and «+» only in
 * front. Anything else (letters, «#», a second «+») makes it no number, rather than being dropped:
 * '+79990000001abc' is a typo or junk, not the number 79990000001.
 */
const PHONE_WRITING = /^\+?[\d\s().\u2010-\u2015-]*$/;

/**
 * Canonical '7XXXXXXXXXX' (ARCHITECTURE §3) from '+7 (999) 123-45-67', '8 999 123 45 67',
 * '9991234567' and the like; null when it is not a Russian number, or has more than a number's
 * writing in it (PHONE_WRITING).
 * A number written with «+» carries its country code: +7 and exactly ten digits, else the masked
 * field's '+7 (999) 555-00-6', a number short of a digit, would read as the ten digits 7999555006.
 * Ten digits without «+» are the number without a prefix, but not when they start with 7: no
 * Russian code does, and the mask takes a leading 7 for the country code (startsWithPrefix), so
 * '7999555006' is an 11-digit number short of one too.
 */
export function normalizePhone(input: string): string | null {
  if (!PHONE_WRITING.test(input.trim())) return null;
  const digits = input.replace(/\D/g, '');
  if (input.trimStart().startsWith('+')) return /^7\d{10}$/.test(digits) ? digits : null;
  if (digits.length === 11 && (digits[0] === '7' || digits[0] === '8')) return `7${digits.slice(1)}`;
  if (digits.length === 10 && /^[3-689]/.test(digits)) return `7${digits}`;
  return null;
}

function layout(national: string): string {
  let out = '+7';
  if (national.length > 0) out += ` (${national.slice(0, 3)}`;
  if (national.length > 3) out += `) ${national.slice(3, 6)}`;
  if (national.length > 6) out += `-${national.slice(6, 8)}`;
  if (national.length > 8) out += `-${national.slice(8, 10)}`;
  return out;
}

/** '79991234567' → '+7 (999) 123-45-67'; anything else is returned as given. */
export function formatPhone(phone: string): string {
  const canonical = normalizePhone(phone);
  return canonical ? layout(canonical.slice(1)) : phone;
}

/**
 * Whether typed digits begin with the country code 7 or the trunk prefix 8 rather than the number.
 * A 7 always. An 8 is read by the digit after it: Russian area codes begin with 3, 4, 8 or 9, so
 * «8 9…», «8 4…», «8 3…», «8 8…» are the trunk prefix and the code, while «80…» (800) and «81…»,
 * «82…», «85…»–«87…» (812 St Petersburg, 861 Krasnodar) are a code typed without one. A lone 8
 * waits for that digit: it stays as typed.
 */
function startsWithPrefix(digits: string): boolean {
  return digits[0] === '7' || (digits[0] === '8' && /^[3489]$/.test(digits[1] ?? ''));
}

const FOREIGN_CODE = /^\s*\+\s*[0-69]/;

/**
 * Progressive input mask: '9' → '+7 (9', '7999123' → '+7 (999) 123', '8999' → '+7 (999',
 * '812' → '+7 (812' (startsWithPrefix); closing ')' appears only once a fourth digit follows, so
 * backspace works.
 */
export function phoneMask(input: string): string {
  // Another country's code («+1 555 123 4567» pasted) stays as written, for the field to say the
  // number is not Russian: masked, its digits would read as another, Russian number (QA M-6).
  // («+8 999…» is a Russian number with a stray «+»: masked as ever.)
  if (FOREIGN_CODE.test(input)) return input;
  const digits = input.replace(/\D/g, '');
  if (!digits) return '';
  if (digits === '8') return '8';
  const national = (startsWithPrefix(digits) ? digits.slice(1) : digits).slice(0, 10);
  return layout(national);
}

/**
 * Where the caret belongs in `phoneMask(raw)` when it stood at `caret` in `raw`: after the same
 * digits of the number, so an edit in the middle («+7 (999) 12|3-45-67», Backspace) leaves it
 * there rather than at the end. The leading 7 or 8 that the mask turns into «+7» is not one of
 * the number's digits on either side; a lone 8, kept as typed, has the caret after it.
 */
export function phoneMaskCaret(raw: string, caret: number, masked: string): number {
  if (FOREIGN_CODE.test(raw)) return caret;
  const digits = raw.replace(/\D/g, '');
  if (masked === '8') return 1;
  let wanted = raw.slice(0, caret).replace(/\D/g, '').length - (startsWithPrefix(digits) ? 1 : 0);
  if (wanted < 0) wanted = 0;
  // The masked value's national digits start after '+7'.
  let position = Math.min(2, masked.length);
  if (wanted === 0) return masked.length > 2 ? Math.min(masked.length, 4) : position;
  for (let i = 2; i < masked.length; i += 1) {
    if (/\d/.test(masked[i]!)) {
      wanted -= 1;
      if (wanted === 0) {
        position = i + 1;
        break;
      }
    }
    position = i + 1;
  }
  return position;
}

/**
 * Whether pasted text is a whole number ('+7 (999) 123-45-67', '8 999 123 45 67', '9991234567',
 * '812 555 12 34') rather than a few digits to insert: 11 digits after a prefix, or 10 digits that
 * do not start with one (startsWithPrefix: ten after a prefix may be an 11-digit number short of one).
 */
export function isWholePhone(text: string): boolean {
  const digits = text.replace(/\D/g, '');
  return startsWithPrefix(digits) ? digits.length === 11 : digits.length === 10 && /^[3-9]/.test(digits);
}

/** Where the number's digits start in `phoneMask`'s '+7 (999) 123-45-67'. */
const NATIONAL_START = '+7 ('.length;

/** Where Delete (`forward`) or Backspace should act in the masked `value` (digitDeleteCaret): the 7 of «+7» is not skipped to. */
export const phoneDeleteCaret = (value: string, caret: number, forward: boolean): number => digitDeleteCaret(value, caret, forward, NATIONAL_START);
