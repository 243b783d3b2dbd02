import { tokenRenew } from '../contract/auth';
import { bus } from '../bus/bus';
import { forgetRenewKey, pendingRenewKey } from '../session/renew-key';
import { getAccessToken, getRefreshToken, hasSession, useSessionStore } from '../session/session-store';
import { ApiError, AUTH_ERROR_MESSAGE } from './api-error';
import { send } from './send';

/** Spec §4: the user sees 'Ошибка авторизации', the session is emptied, the shell goes to '/'. */
export function expireSession(reason: string): void {
  const store = useSessionStore.getState();
  // Parallel failures must not stack several toasts: only the first one finds a session to end.
  if (!hasSession() && !store.user) return;
  bus.emit('toast:show', { type: 'error', message: AUTH_ERROR_MESSAGE });
  store.clear();
  bus.emit('auth:expired', { reason });
}

let inFlight: Promise<string | null> | null = null;

/** The Web Locks name the tabs of one browser take turns under to renew. */
export const RENEW_LOCK = 'market:token-renew';

/**
 * Tabs share the cookies, and a rotated refresh token sent again ends the session
 * (ARCHITECTURE §3): renewals of all tabs take turns. Without Web Locks (an insecure origin,
 * old browsers, jsdom) a tab renews on its own.
 */
async function takingTurns<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? await locks.request(RENEW_LOCK, task) : await task();
}

async function renew(): Promise<string | null> {
  const seen = getRefreshToken();
  if (!seen) {
    expireSession('no-refresh-token');
    return null;
  }
  return takingTurns(async () => {
    const refreshToken = getRefreshToken();
    const store = useSessionStore.getState();
    // Another tab logged out while this one waited.
    if (!refreshToken) {
      expireSession('no-refresh-token');
      return null;
    }
    // Another tab renewed while this one waited: its pair is in the cookies, take it.
    const siblingsToken = getAccessToken();
    if (refreshToken !== seen && siblingsToken) {
      store.setTokens(siblingsToken, refreshToken);
      return siblingsToken;
    }
    try {
      const { data } = await send(tokenRenew, { body: { refresh_token: refreshToken }, headers: { 'Idempotency-Key': pendingRenewKey() } }, null);
      forgetRenewKey();
      store.setTokens(data.token, data.refresh_token);
      if (data.user) store.setUser(data.user);
      return data.token;
    } catch (error) {
      // An unreachable or failing server says nothing about the session: keep it for the next try.
      if (error instanceof ApiError && (error.status === 0 || error.status >= 500)) throw error;
      forgetRenewKey();
      expireSession('renewal-failed');
      return null;
    }
  });
}

/**
 * Single flight: concurrent callers share one `token/renew`, because refresh tokens rotate
 * and sending the old one twice would revoke the whole family (other tabs: `takingTurns`). Resolves to the new access
 * token, or null when the session has ended.
 */
export function renewSession(): Promise<string | null> {
  inFlight ??= renew().finally(() => {
    inFlight = null;
  });
  return inFlight;
}
