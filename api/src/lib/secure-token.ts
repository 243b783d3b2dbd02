import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 32 random bytes, base64url: an opaque bearer secret (refresh tokens). */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/** Lookup key for a high-entropy secret: sha256 suffices, nothing to brute-force. */
export const sha256Hex = (value: string): string => createHash('sha256').update(value).digest('hex');

/** A one-time code of `length` decimal digits from a CSPRNG, leading zeros kept (SMS and invite codes). */
export const randomDigits = (length: number): string => String(randomInt(0, 10 ** length)).padStart(length, '0');

/** Keyed hash for low-entropy secrets (6-digit codes): without the key a leaked row cannot be brute-forced. */
export const hmacHex = (key: string, value: string): string => createHmac('sha256', key).update(value).digest('hex');

export function hexEquals(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
