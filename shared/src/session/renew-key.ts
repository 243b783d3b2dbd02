import { newRequestKey } from '../api/request-key';

/**
 * The pending renewal's `Idempotency-Key` (localStorage: the tabs share it, as they share the
 * cookies). It stays until an answer arrives: a renewal whose answer was lost after the server
 * rotated the pair is sent again with the same key and the old token, and gets a fresh pair,
 * where the old token alone would read as reuse and end the session (QA Y-1). The session's end
 * (a logout here or in another tab) forgets it too: it is of no use to the next user of the browser (QA O-3).
 */
const RENEW_KEY = 'session:renew-key';

export function pendingRenewKey(): string {
  try {
    const kept = globalThis.localStorage?.getItem(RENEW_KEY);
    if (kept) return kept;
    const key = newRequestKey();
    globalThis.localStorage?.setItem(RENEW_KEY, key);
    return key;
  } catch {
    // A blocked storage: the key lives as long as this attempt.
    return newRequestKey();
  }
}

export function forgetRenewKey(): void {
  try {
    globalThis.localStorage?.removeItem(RENEW_KEY);
  } catch {
    // Nothing was kept.
  }
}
