/**
 * The tabs of one browser share the session's cookies but not its state: a tab that logs out
 * tells the others here, so they end the session at once instead of showing the private pages and
 * the logged-in header until their next call fails (the server has closed their sockets by then);
 * a tab that logs in tells them too, so a guest's tab takes up the session the cookies now hold
 * instead of offering «Войти» again (and a second login).
 *
 * A BroadcastChannel does not deliver to the object that posted, so the tab that logs in or out
 * never hears its own message. Where there is none, a `storage` event does the same (it fires in
 * the other tabs of the origin only).
 */

/** The BroadcastChannel every tab of the app's origin opens (tests play another tab with it). */
export const SESSION_CHANNEL_NAME = 'market:session';
/** The `storage` fallback's keys: written and removed at once, only the write's event counts. */
export const LOGOUT_STORAGE_KEY = 'market:session:logout';
export const LOGIN_STORAGE_KEY = 'market:session:login';

type SessionMessage = { type: 'logout' } | { type: 'login'; userId: number };
type SessionEvent = SessionMessage['type'];

const STORAGE_KEYS: Record<SessionEvent, string> = { logout: LOGOUT_STORAGE_KEY, login: LOGIN_STORAGE_KEY };

// This tab's one channel: created on first use (never on a server), both to post and to listen.
let channel: BroadcastChannel | null | undefined;

function sessionChannel(): BroadcastChannel | null {
  if (channel === undefined) channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(SESSION_CHANNEL_NAME) : null;
  return channel;
}

function announce(message: SessionMessage): void {
  if (typeof window === 'undefined') return;
  const ch = sessionChannel();
  if (ch) {
    ch.postMessage(message);
    return;
  }
  try {
    // The time makes each write a change, so a repeated message fires the event again.
    window.localStorage.setItem(STORAGE_KEYS[message.type], JSON.stringify({ ...message, at: Date.now() }));
    window.localStorage.removeItem(STORAGE_KEYS[message.type]);
  } catch {
    // Storage refused (private mode, quota): the other tabs learn it at their next call.
  }
}

function onElsewhere<T extends SessionEvent>(type: T, listener: (message: Extract<SessionMessage, { type: T }>) => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const accept = (data: unknown) => {
    const message = data as SessionMessage | null;
    if (message?.type !== type) return;
    if (message.type === 'login' && !Number.isInteger(message.userId)) return;
    listener(message as Extract<SessionMessage, { type: T }>);
  };
  const ch = sessionChannel();
  if (ch) {
    const onMessage = (event: MessageEvent) => accept(event.data);
    ch.addEventListener('message', onMessage);
    return () => ch.removeEventListener('message', onMessage);
  }
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEYS[type] || event.newValue === null) return;
    // The key says which event; a logout carries nothing more (a tab of the release before wrote the time alone).
    if (type === 'logout') return accept({ type });
    try {
      accept(JSON.parse(event.newValue));
    } catch {
      // Not ours.
    }
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

/** Tells this browser's other tabs that the session has ended here (logout). */
export function announceLogout(): void {
  announce({ type: 'logout' });
}

/** Calls `listener` when another tab of this browser logs out; answers the unsubscribe. */
export function onLogoutElsewhere(listener: () => void): () => void {
  return onElsewhere('logout', () => listener());
}

/** Tells this browser's other tabs that `userId` has logged in (or registered) here. */
export function announceLogin(userId: number): void {
  announce({ type: 'login', userId });
}

/** Calls `listener` with the user's id when another tab of this browser logs in; answers the unsubscribe. */
export function onLoginElsewhere(listener: (userId: number) => void): () => void {
  return onElsewhere('login', (message) => listener(message.userId));
}

/** Tests: forget this tab's channel, so the next use picks up a (stubbed) BroadcastChannel again. */
export function resetSessionBroadcast(): void {
  channel?.close();
  channel = undefined;
}
