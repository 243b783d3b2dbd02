/**
 * Canonical '7XXXXXXXXXX' (ARCHITECTURE §3) from '+7 (999) 123-45-67', '8 999 123 45 67',
 * '9991234567' and the like; null when it is not a Russian number.
 */
export function normalizePhone(input: string): string | null {
  const digits = input.replace(/\D/g, '');
  if (digits.length === 11 && (digits[0] === '7' || digits[0] === '8')) return `7${digits.slice(1)}`;
  if (digits.length === 10 && /^[3-9]/.test(digits)) return `7${digits}`;
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
 * Progressive input mask: '9' → '+7 (9', '7999123' → '+7 (999) 123'. A leading 7 or 8 is the
 * country or trunk prefix; closing ')' appears only once a fourth digit follows, so backspace works.
 */
export function phoneMask(input: string): string {
  const digits = input.replace(/\D/g, '');
  if (!digits) return '';
  const national = (digits[0] === '7' || digits[0] === '8' ? digits.slice(1) : digits).slice(0, 10);
  return layout(national);
}

/**
 * Where the caret belongs in `phoneMask(raw)` when it stood at `caret` in `raw`: after the same
 * digits of the number, so an edit in the middle («+7 (999) 12|3-45-67», Backspace) leaves it
 * there rather than at the end. The leading 7 or 8 that the mask turns into «+7» is not one of
 * the number's digits on either side.
 */
export function phoneMaskCaret(raw: string, caret: number, masked: string): number {
  const digits = raw.replace(/\D/g, '');
  const prefixed = digits[0] === '7' || digits[0] === '8';
  let wanted = raw.slice(0, caret).replace(/\D/g, '').length - (prefixed ? 1 : 0);
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
