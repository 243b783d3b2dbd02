/**
 * A fresh key naming one intended write, sent again with the same write after a failure so that
 * the server does it once (a withdrawal's `Idempotency-Key`, a message's `clientKey`):
 * crypto.randomUUID where the browser has it (secure contexts), else random bytes.
 */
export function newRequestKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = c.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}
