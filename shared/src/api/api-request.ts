import { IDEMPOTENCY_KEY_HEADER, type CallBody, type CallContract, type CallData, type CallQuery } from '../contract/define';
import { bus } from '../bus/bus';
import { getAccessToken, getRefreshToken, hasSession, useSessionStore } from '../session/session-store';
import { ApiError, AUTH_ERROR_MESSAGE, isProfileChanged } from './api-error';
import { expireSession, renewSession } from './renew-session';
import { newRequestKey } from './request-key';
import { send, type ApiResult } from './send';

export interface ApiRequestOptions<C extends CallContract> {
  query?: CallQuery<C>;
  body?: CallBody<C> | FormData;
  signal?: AbortSignal;
  /** Shown when a failure carries no server message (spec §8 fallbacks). */
  errorMessage?: string;
  /** Extra request headers a call needs (`Idempotency-Key` of a withdrawal); the session's are added. */
  headers?: Record<string, string>;
  /** The request outlives the page (a draft saved as the visitor leaves): `fetch`'s `keepalive`. */
  keepalive?: boolean;
  /** Spec §6: a 403 on a list call renews the session once; defaults to true for `get-collection` calls. */
  renewOnForbidden?: boolean;
}

export type { ApiResult };

function isListCall(call: CallContract): boolean {
  return call.method === 'GET' && call.path.includes('get-collection');
}

function shouldRenew(call: CallContract, error: unknown, renewOnForbidden: boolean | undefined): error is ApiError {
  if (!(error instanceof ApiError) || call.auth === 'none') return false;
  if (error.status === 401) return true;
  return error.status === 403 && (renewOnForbidden ?? isListCall(call)) && getRefreshToken() !== null;
}

/**
 * The call failed because the session could not be renewed: spec §4's «Ошибка авторизации» has been
 * shown already, and a form or a toast that shows this error says the same (the toast view shows
 * one of identical error toasts at a time), not a second, different «Требуется авторизация».
 */
const sessionEnded = () => new ApiError({ status: 401, code: 'unauthorized', message: AUTH_ERROR_MESSAGE });

/** How long a read refused as sent for another profile waits for the tab to catch up before it fails. */
export const PROFILE_RESYNC_WAIT_MS = 4000;

/**
 * Resolves true once the tab shows another active profile than `shown` (the shell has read the
 * profiles again), false when that has not happened within PROFILE_RESYNC_WAIT_MS.
 */
function profileCaughtUp(shown: number | undefined): Promise<boolean> {
  const now = useSessionStore.getState().activeProfile;
  // Caught up already, while the read was on its way (the socket's news came first).
  if (now && now.id !== shown) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (caughtUp: boolean) => {
      clearTimeout(timer);
      stop();
      resolve(caughtUp);
    };
    const stop = useSessionStore.subscribe((state) => {
      if (state.activeProfile && state.activeProfile.id !== shown) done(true);
    });
    const timer = setTimeout(() => done(false), PROFILE_RESYNC_WAIT_MS);
  });
}

/**
 * Runs one exchange with the session's bearer (`attempt` gets the token, or null for a guest or a
 * `noBearer` call; a call without auth sends a stored one as it is, and renews nothing). On 401 the
 * session is renewed once (shared by concurrent requests) and the exchange retried once: JSON calls,
 * uploads and downloads all go through here.
 */
export async function withSession<C extends CallContract, T>(
  call: C,
  attempt: (token: string | null) => Promise<T>,
  {
    renewOnForbidden,
    askAgainAsCaughtUp = call.method === 'GET',
  }: {
    renewOnForbidden?: boolean | undefined;
    /**
     * A read refused as sent for another profile is asked once more as the profile active once the
     * tab caught up (a list, a balance: the page shows that profile's now). Not a download: it names
     * a document of the profile the page showed, which is not the one active now (QA XX-1: the
     * organisation's own private document came back as «Документ принадлежит другому профилю»).
     */
    askAgainAsCaughtUp?: boolean;
  } = {},
): Promise<T> {
  const usesAuth = call.auth !== 'none';
  // A call the API answers without a session still carries the bearer, but for the spec's «no auth» ones.
  let token = call.noBearer ? null : getAccessToken();
  // The access cookie expired but the refresh one lives: renew first rather than call anonymously.
  if (usesAuth && !token && getRefreshToken()) {
    token = await renewSession();
    if (!token && call.auth === 'required') throw sessionEnded();
  }

  const shown = useSessionStore.getState().activeProfile?.id;
  try {
    return await attempt(token);
  } catch (error) {
    // This tab acted for a profile that is no longer the active one: it catches up (the shell
    // resyncs the profiles), while the caller shows the API's message as any refusal's. A read has
    // nothing to check nor retry: it waits for the tab to catch up and is asked once more, as the
    // profile active now, rather than flash «…проверьте и повторите» in a list (QA WW-2).
    if (isProfileChanged(error)) {
      const caughtUp = askAgainAsCaughtUp ? profileCaughtUp(shown) : null;
      bus.emit('session:profile-changed', {});
      // Asked again as any call is, with the session as it is after the wait: its token may have
      // been renewed meanwhile, or have expired (then renewed on the 401); asked once.
      if (caughtUp && (await caughtUp)) return withSession(call, attempt, { renewOnForbidden, askAgainAsCaughtUp: false });
    }
    if (!shouldRenew(call, error, renewOnForbidden)) throw error;
    if (!getRefreshToken()) {
      // A guest who never had a session; a user whose cookies were cleared has one to end.
      if (!token && !hasSession() && !useSessionStore.getState().user) throw error;
      expireSession('no-refresh-token');
      throw sessionEnded();
    }
    // Another request may have renewed the pair while this one was in flight.
    const current = getAccessToken();
    const fresh = current && current !== token ? current : await renewSession();
    if (!fresh) throw sessionEnded();
    return attempt(fresh);
  }
}

/**
 * The headers of a signed-in write: a fresh `Idempotency-Key` unless the call names its own (a
 * withdrawal's, kept per operation). The browser sends a request again by itself when a reused
 * connection breaks before the answer, POSTs too, and with the same key the API answers that
 * re-send as it answered the first, rather than run the write twice (QA EEE-2).
 */
export function writeHeaders(call: CallContract, headers: Record<string, string> | undefined): Record<string, string> | undefined {
  if (call.method === 'GET' || call.auth === 'none' || headers?.[IDEMPOTENCY_KEY_HEADER]) return headers;
  return { ...headers, [IDEMPOTENCY_KEY_HEADER]: newRequestKey() };
}

/** Calls the API as the contract describes and parses the answer, renewing the session on 401. */
export async function apiRequest<C extends CallContract>(
  call: C,
  options: ApiRequestOptions<C> = {},
): Promise<ApiResult<CallData<C>>> {
  // One key for the write, its retry after a renewal included.
  const sent = { ...options, headers: writeHeaders(call, options.headers) };
  return withSession(call, (token) => send(call, sent, token), { renewOnForbidden: options.renewOnForbidden });
}
