import { FILE_TOO_LARGE_MESSAGE, FILE_TYPE_MESSAGE } from '../contract/document';
import { PROFILE_CHANGED_CODE } from '../contract/user';

export const NETWORK_ERROR_MESSAGE = 'Сервер недоступен. Проверьте подключение к интернету';
export const INVALID_RESPONSE_MESSAGE = 'Некорректный ответ сервера';
export const AUTH_ERROR_MESSAGE = 'Ошибка авторизации';

export interface ApiErrorInit {
  status: number;
  code: string;
  message: string;
  errors?: Record<string, string>;
  retryAfter?: number;
}

/** A failed call: `status` 0 means the server was not reached; `message` is ready for a toast. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly errors?: Record<string, string>;
  /** Seconds from `Retry-After` on a 429. */
  readonly retryAfter?: number;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    if (init.errors) this.errors = init.errors;
    if (init.retryAfter !== undefined) this.retryAfter = init.retryAfter;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }

  /**
   * The server may have done the work all the same: no answer came (the connection broke after the
   * request went) or a proxy answered for it (502–504). A 500 is the API's own, after its rollback.
   */
  get outcomeUnknown(): boolean {
    return this.status === 0 || (this.status >= 502 && this.status <= 504);
  }

  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * A call refused as sent for a profile that is no longer the active one (409 `profile_changed`: a
 * switch made in another tab or on another device, or the profile lost): nothing was done or shown,
 * and the tab resyncs.
 */
export function isProfileChanged(error: unknown): boolean {
  return isApiError(error) && error.code === PROFILE_CHANGED_CODE;
}

/**
 * A refusal that may mean the page is behind the server and must catch up: someone acted first
 * (409), the thing is gone (404), or the caller's part in it ended (403: a page offers only what
 * the server allowed, so a refusal of who may act means the state changed since — a reply
 * withdrawn or a deal cancelled in another tab, an application unpublished). The page refetches;
 * a form re-reads what it edits to see whether it still fits.
 */
export function isStale(error: unknown): boolean {
  return isApiError(error) && (error.status === 409 || error.status === 404 || error.status === 403);
}

/**
 * A failure that says nothing about the thing asked for: no server reached or no answer in time
 * (status 0), too many requests (429), or the server's own failure (5xx). A read that fails so
 * again keeps what it had: the page shown stays (QA AAP-1).
 */
export function isPassingFailure(error: unknown): boolean {
  return isApiError(error) && (error.status === 0 || error.status === 429 || error.status >= 500);
}

/** Texts for failures whose body carries no `message` (a proxy page, an empty 502). */
export function fallbackMessage(status: number): string {
  if (status === 401) return 'Требуется авторизация';
  if (status === 403) return 'Доступ запрещён';
  if (status === 404) return 'Не найдено';
  if (status === 413) return FILE_TOO_LARGE_MESSAGE;
  if (status === 415) return FILE_TYPE_MESSAGE;
  if (status === 429) return 'Слишком много запросов. Попробуйте позже';
  if (status >= 500) return 'Внутренняя ошибка сервера';
  return INVALID_RESPONSE_MESSAGE;
}

/** The message to show for any thrown value, with a caller's fallback for non-API failures. */
export function errorMessage(error: unknown, fallback = 'Неизвестная ошибка'): string {
  if (error instanceof ApiError) return error.message;
  return fallback;
}

/** A call that reached no server (or the code to read its answer did not load): spec §8's network message. */
export const networkError = () => new ApiError({ status: 0, code: 'network_error', message: NETWORK_ERROR_MESSAGE });

export const TIMEOUT_MESSAGE = 'Сервер не отвечает. Попробуйте ещё раз';
/** A read that got no answer in time (REQUEST_TIMEOUT_MS): as good as no server, said so. */
export const timeoutError = () => new ApiError({ status: 0, code: 'timeout', message: TIMEOUT_MESSAGE });

/** An API answer of 404 (an ApiError, or anything else carrying `status: 404`). */
export function isNotFoundStatus(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 404;
}

/**
 * A 404, or a 403 of a thing the caller may not see (another's draft or conversation: ARCHITECTURE
 * §8 answers «anyone else» 403; QA OOO-3). To the reader both are «не найдена»: nothing to retry.
 */
export function isNotFoundOrHiddenStatus(error: unknown): boolean {
  return isNotFoundStatus(error) || (typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 403);
}
