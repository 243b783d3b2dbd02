/**
 * The tabs of one browser share the session's cookies but not its state: a tab that logs out
 * tells the others here, so they end the session at once instead of showing the private pages and
 * the logged-in header until their next call fails (the server has closed their sockets by then).
 *
 * A BroadcastChannel does not deliver to the object that posted, so the tab that logs out never
 * hears its own message. Where there is none, a `storage` event does the same (it fires in the
 * other tabs of the origin only).
 */

/** The BroadcastChannel every tab of the app's origin opens (tests play another tab with it). */
export const SESSION_CHANNEL_NAME = 'market:session';
/** The `storage` fallback's key: written and removed at once, only the write's event counts. */
export const LOGOUT_STORAGE_KEY = 'market:session:logout';

interface SessionMessage {
  type: 'logout';
}

const isLogout = (data: unknown): boolean => (data as SessionMessage | null)?.type === 'logout';

// This tab's one channel: created on first use (never on a server), both to post and to listen.
let channel: BroadcastChannel | null | undefined;

function sessionChannel(): BroadcastChannel | null {
  if (channel === undefined) channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(SESSION_CHANNEL_NAME) : null;
  return channel;
}

/** Tells this browser's other tabs that the session has ended here (logout). */
export function announceLogout(): void {
  if (typeof window === 'undefined') return;
  const ch = sessionChannel();
  if (ch) {
    ch.postMessage({ type: 'logout' } satisfies SessionMessage);
    return;
  }
  try {
    window.localStorage.setItem(LOGOUT_STORAGE_KEY, String(Date.now()));
    window.localStorage.removeItem(LOGOUT_STORAGE_KEY);
  } catch {
    // Storage refused (private mode, quota): the other tabs learn it at their next call.
  }
}

/** Calls `listener` when another tab of this browser logs out; answers the unsubscribe. */
export function onLogoutElsewhere(listener: () => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const ch = sessionChannel();
  if (ch) {
    const onMessage = (event: MessageEvent) => {
      if (isLogout(event.data)) listener();
    };
    ch.addEventListener('message', onMessage);
    return () => ch.removeEventListener('message', onMessage);
  }
  const onStorage = (event: StorageEvent) => {
    if (event.key === LOGOUT_STORAGE_KEY && event.newValue !== null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

/** Tests: forget this tab's channel, so the next use picks up a (stubbed) BroadcastChannel again. */
export function resetSessionBroadcast(): void {
  channel?.close();
  channel = undefined;
}
