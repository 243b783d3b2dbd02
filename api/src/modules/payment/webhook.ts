import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The bank's payment notification is authenticated by `X-Signature`: the hex HMAC-SHA256 of the
 * raw request body with PAYMENT_WEBHOOK_SECRET (ARCHITECTURE §8). The raw bytes, not re-serialised
 * JSON: any difference in spacing or key order would change the digest.
 */

export const SIGNATURE_HEADER = 'x-signature';

/** SHA-256 digest: 32 bytes, 64 hex digits. */
const HEX_SIGNATURE = /^[0-9a-f]{64}$/i;

export function signWebhook(rawBody: Buffer | string, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

/**
 * Constant-time comparison, so response timing does not reveal how many leading bytes of a forged
 * signature were right. Anything but 64 hex digits is refused before comparing.
 */
export function verifyWebhookSignature(rawBody: Buffer | string, header: string | undefined, secret: string): boolean {
  if (!secret || header === undefined) return false;
  const given = header.trim();
  if (!HEX_SIGNATURE.test(given)) return false;
  const expected = Buffer.from(signWebhook(rawBody, secret), 'hex');
  const actual = Buffer.from(given, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
