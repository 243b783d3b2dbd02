import { useRef } from 'react';

/** A fresh key; crypto.randomUUID where the browser has it (secure contexts), else random bytes. */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = c.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * One key per intended withdrawal: made when the dialog opens and sent again with the same body
 * (a retry after a failure moves money at most once). A changed amount or requisite is another
 * operation, and the API refuses an old key with a new body (409), so that gets a new key.
 */
export function useIdempotencyKey(): (body: unknown) => string {
  const ref = useRef<{ key: string; body: string | null } | null>(null);
  ref.current ??= { key: newIdempotencyKey(), body: null };
  const current = ref.current;
  return (body) => {
    const sent = JSON.stringify(body);
    if (current.body !== null && current.body !== sent) current.key = newIdempotencyKey();
    current.body = sent;
    return current.key;
  };
}
