import { z } from 'zod';
import { errorEnvelope, successEnvelope, type CallContract, type CallData } from '../contract/define';
import { getRuntimeConfig } from '../config/runtime-config';
import { ApiError, fallbackMessage, INVALID_RESPONSE_MESSAGE, NETWORK_ERROR_MESSAGE } from './api-error';
import { toQueryString } from './query-string';

export interface SendOptions {
  query?: unknown;
  body?: unknown;
  signal?: AbortSignal;
  /** Shown when a failure carries no server message (spec §8 fallbacks). */
  errorMessage?: string;
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

function buildUrl(call: CallContract, query: unknown): string {
  const base = `${getRuntimeConfig().apiUrl}/api/${call.path}`;
  if (call.method !== 'GET' && call.method !== 'DELETE') return base;
  const qs = toQueryString(query);
  return qs ? `${base}?${qs}` : base;
}

function buildInit(call: CallContract, options: SendOptions, token: string | null): RequestInit {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const init: RequestInit = { method: call.method, headers, credentials: 'include' };
  if (options.signal) init.signal = options.signal;
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

function rethrowIfAborted(error: unknown, signal: AbortSignal | undefined): void {
  if (signal?.aborted || (error instanceof Error && error.name === 'AbortError')) throw error;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function failure(response: Response, body: unknown, fallback: string | undefined): ApiError {
  const parsed = errorEnvelope.safeParse(body);
  const retryAfter = Number(response.headers?.get('Retry-After'));
  const extra = Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfter } : {};
  if (parsed.success) {
    const { message, code, errors } = parsed.data;
    return new ApiError({ status: response.status, code, message: message || fallback || fallbackMessage(response.status), ...(errors ? { errors } : {}), ...extra });
  }
  const message = fallback ?? fallbackMessage(response.status);
  return new ApiError({ status: response.status, code: `http_${response.status}`, message, ...extra });
}

/** One HTTP exchange with no session logic: URL, headers, envelope parsing, typed failures. */
export async function send<C extends CallContract>(
  call: C,
  options: SendOptions,
  token: string | null,
): Promise<ApiResult<CallData<C>>> {
  let response: Response;
  let body: unknown;
  try {
    response = await fetch(buildUrl(call, options.query), buildInit(call, options, token));
    body = await readJson(response);
  } catch (error) {
    rethrowIfAborted(error, options.signal);
    throw new ApiError({ status: 0, code: 'network_error', message: NETWORK_ERROR_MESSAGE });
  }
  if (!response.ok) throw failure(response, body, options.errorMessage);
  const parsed = envelopeOf(call.data).safeParse(body);
  if (!parsed.success) {
    throw new ApiError({ status: response.status, code: 'invalid_response', message: INVALID_RESPONSE_MESSAGE });
  }
  return parsed.data as ApiResult<CallData<C>>;
}
