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
