import { z } from 'zod';
import { errorEnvelope, successEnvelope, type CallContract, type CallData } from '../contract/define';
import { PROFILE_ID_HEADER } from '../contract/user';
import { getRuntimeConfig } from '../config/runtime-config';
import { useSessionStore } from '../session/session-store';
import { ApiError, fallbackMessage, INVALID_RESPONSE_MESSAGE, networkError, timeoutError } from './api-error';
import { toQueryString } from './query-string';
import { zodReady } from '../zod/ready';

export interface SendOptions {
  query?: unknown;
  body?: unknown;
  signal?: AbortSignal;
  /** Shown when a failure carries no server message (spec §8 fallbacks). */
  errorMessage?: string;
  /** Extra request headers a call needs (`Idempotency-Key` of a withdrawal or a token renewal). */
  headers?: Record<string, string>;
  /** The request outlives the page (a draft saved as the visitor leaves): `fetch`'s `keepalive`. */
  keepalive?: boolean;
}

export interface ApiResult<D> {
  data: D;
  message?: string;
}

const envelopes = new WeakMap<z.ZodType, z.ZodType>();
function envelopeOf(data: z.ZodType): z.ZodType {
  let envelope = envelopes.get(data);
  if (!envelope) envelopes.set(data, (envelope = successEnvelope(data)));
  return envelope;
}

export function buildUrl(call: CallContract, query: unknown): string {
  const base = `${getRuntimeConfig().apiUrl}/api/${call.path}`;
  if (call.method !== 'GET' && call.method !== 'DELETE') return base;
  const qs = toQueryString(query);
  return qs ? `${base}?${qs}` : base;
}

/**
 * A call of the session's (not a login, a registration or a renewal, whose calls need none) names
 * the profile this tab shows as active: the API refuses it with 409 `profile_changed` when another
 * is active by now, switched in another tab or on another device, so the tab neither writes as
 * (QA RR-1) nor shows (QA TT-2) the other profile. None while no profile is known.
 */
export function actingProfileHeaders(call: CallContract, token: string | null): Record<string, string> {
  if (call.auth === 'none' || !token) return {};
  const id = useSessionStore.getState().activeProfile?.id;
  return id ? { [PROFILE_ID_HEADER]: String(id) } : {};
}

function buildInit(call: CallContract, options: SendOptions, token: string | null): RequestInit {
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json', ...actingProfileHeaders(call, token) };
  if (token) headers.Authorization = `Bearer ${token}`;
  const init: RequestInit = { method: call.method, headers, credentials: 'include' };
  if (options.signal) init.signal = options.signal;
  if (options.keepalive) init.keepalive = true;
  if ((call.method === 'POST' || call.method === 'PUT') && options.body !== undefined) {
    if (typeof FormData !== 'undefined' && options.body instanceof FormData) {
      init.body = options.body;
    } else {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(options.body);
    }
  }
  return init;
}

export function rethrowIfAborted(error: unknown, signal: AbortSignal | undefined): void {
  if (signal?.aborted || (error instanceof Error && error.name === 'AbortError')) throw error;
}

/** The answer's text as JSON; undefined for an empty or non-JSON body (a proxy's page). */
export function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * A message fit to show: the API speaks Russian, so one without a Cyrillic letter is a proxy's or a
 * framework's own («Internal Server Error», «Bad Gateway»), and the status's Russian text stands for it.
 */
function shown(message: string | undefined | null): string | null {
  return message && /[а-яё]/i.test(message) ? message : null;
}

/** A `message` without the rest of the envelope (a gateway's own JSON): spec §7 shows the server's message all the same. */
function bareMessage(body: unknown): string | null {
  const message = (body as { message?: unknown } | null)?.message;
  return typeof body === 'object' && typeof message === 'string' ? shown(message.trim()) : null;
}

/** A failed answer as an ApiError: the envelope's message, else `fallback`, else the status's text. */
export function failureOf(status: number, body: unknown, retryAfterHeader: string | null | undefined, fallback?: string): ApiError {
  const parsed = errorEnvelope.safeParse(body);
  const retryAfter = Number(retryAfterHeader);
  const extra = Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfter } : {};
  if (parsed.success) {
    const { message, code, errors } = parsed.data;
    return new ApiError({ status, code, message: shown(message) || fallback || fallbackMessage(status), ...(errors ? { errors } : {}), ...extra });
  }
  const message = bareMessage(body) ?? fallback ?? fallbackMessage(status);
  return new ApiError({ status, code: `http_${status}`, message, ...extra });
}

/** A successful answer's envelope, parsed by the call's `data` schema. */
export function successOf<C extends CallContract>(call: C, status: number, body: unknown): ApiResult<CallData<C>> {
  const parsed = envelopeOf(call.data).safeParse(body);
  if (!parsed.success) {
    throw new ApiError({ status, code: 'invalid_response', message: INVALID_RESPONSE_MESSAGE });
  }
  return parsed.data as ApiResult<CallData<C>>;
}

/**
 * How long a read (GET) waits for its answer: a request that hangs (a proxy holding it, a server
 * stuck) ends in «Сервер не отвечает» with the page's retry, not in a loading state for good. A
 * write is left to finish: given up on here, it may still be done there, and sent again twice.
 */
export const REQUEST_TIMEOUT_MS = 30_000;

/** The caller's signal, and for a read the time limit: `timedOut` tells which ended it. */
function limitOf(call: CallContract, signal: AbortSignal | undefined) {
  if (call.method !== 'GET') return { signal, timedOut: () => false, done: () => undefined };
  const controller = new AbortController();
  let timedOut = false;
  const stop = () => controller.abort(signal?.reason);
  if (signal?.aborted) stop();
  else signal?.addEventListener('abort', stop, { once: true });
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    done: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', stop);
    },
  };
}

/** One HTTP exchange with no session logic: URL, headers, envelope parsing, typed failures. */
export async function send<C extends CallContract>(
  call: C,
  options: SendOptions,
  token: string | null,
): Promise<ApiResult<CallData<C>>> {
  // The answer is parsed with zod, which a public page fetches after its first paint: its load
  // (once) runs beside the request's.
  const ready = zodReady();
  ready.catch(() => undefined);
  let response: Response;
  let body: unknown;
  const limit = limitOf(call, options.signal);
  try {
    response = await fetch(buildUrl(call, options.query), buildInit(call, { ...options, signal: limit.signal }, token));
    body = parseJson(await response.text());
    await ready;
  } catch (error) {
    if (limit.timedOut()) throw timeoutError();
    rethrowIfAborted(error, options.signal);
    throw networkError();
  } finally {
    limit.done();
  }
  if (!response.ok) throw failureOf(response.status, body, response.headers?.get('Retry-After'), options.errorMessage);
  return successOf(call, response.status, body);
}
