import type { CallContract, CallData, CallQuery, DownloadCall, UploadCall } from '../contract/define';
import {
  DOWNLOAD_ERROR_MESSAGE,
  EMPTY_FILE_MESSAGE,
  FILE_TOO_LARGE_MESSAGE,
  FILE_TYPE_MESSAGE,
  MAX_FILE_BYTES,
  OPEN_FILE_ERROR_MESSAGE,
  UPLOAD_FILE_TYPES,
  uploadFileExt,
} from '../contract/document';
import { bus } from '../bus/bus';
import { getAccessToken, hasSession } from '../session/session-store';
import { ApiError, networkError } from './api-error';
import { withSession, writeHeaders } from './api-request';
import { actingProfileHeaders, buildUrl, failureOf, parseJson, successOf, type ApiResult } from './send';
import { zodReady } from '../zod/ready';


/** For `<input type="file" accept>`: the extensions and types the API takes (`.jpeg` too). */
export const UPLOAD_ACCEPT = [...Object.keys(UPLOAD_FILE_TYPES).map((ext) => `.${ext}`), '.jpeg', ...new Set(Object.values(UPLOAD_FILE_TYPES))].join(',');

/** Why the API would refuse this file (413, 415), found before sending it; null when it may go. */
export function uploadRefusal(file: Pick<File, 'name' | 'size'>): ApiError | null {
  if (file.size > MAX_FILE_BYTES) return new ApiError({ status: 413, code: 'file_too_large', message: FILE_TOO_LARGE_MESSAGE });
  if (!uploadFileExt(file.name)) return new ApiError({ status: 415, code: 'file_type_refused', message: FILE_TYPE_MESSAGE });
  if (file.size === 0) return new ApiError({ status: 422, code: 'validation', message: EMPTY_FILE_MESSAGE });
  return null;
}

/**
 * Files chosen together (a file input's `files`): those an upload would take, in their order, and
 * a line for each refused one, naming it with its reason («Смета.exe»: Недопустимый тип файла…):
 * a refused file does not take the good ones with it.
 */
export function sortChosenFiles(files: Iterable<File>): { accepted: File[]; refusals: string[] } {
  const accepted: File[] = [];
  const refusals: string[] = [];
  for (const file of files) {
    const refusal = uploadRefusal(file);
    if (refusal) refusals.push(`«${file.name}»: ${refusal.message}`);
    else accepted.push(file);
  }
  return { accepted, refusals };
}

export interface UploadOptions {
  /** The multipart fields besides the files, as a form sends them (strings), in this order. */
  fields: Record<string, string>;
  /** One file, in field `file` after the fields. */
  file?: File;
  /**
   * Any number of files (a facility's documents, ARCHITECTURE §8 "Cabinet"), each in a field named
   * `file`, after `file` when both are given. None at all sends the fields alone.
   */
  files?: readonly File[];
  /** From 0 to 1 as the bytes leave (all files together); 1 once the server has answered. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Shown when a failure carries no server message (spec §8 fallbacks), as `apiRequest` takes it. */
  errorMessage?: string;
}

const filesOf = ({ file, files = [] }: UploadOptions): readonly File[] => (file ? [file, ...files] : files);

const abortError = () => new DOMException('Загрузка отменена', 'AbortError');

/** XMLHttpRequest rather than fetch: only it reports upload progress. */
function sendMultipart<C extends CallContract>(call: C, options: UploadOptions, token: string | null, headers: Record<string, string> = {}) {
  const { fields, onProgress, signal, errorMessage } = options;
  return new Promise<ApiResult<CallData<C>>>((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    xhr.open(call.method, buildUrl(call, undefined));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    for (const [name, value] of Object.entries({ ...headers, ...actingProfileHeaders(call, token) })) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      try {
        if (xhr.status < 200 || xhr.status >= 300) throw failureOf(xhr.status, body, xhr.getResponseHeader('Retry-After'), errorMessage);
        const result = successOf(call, xhr.status, body);
        onProgress?.(1);
        resolve(result);
      } catch (error) {
        reject(error);
      }
    };
    // Whatever the upload's events said: they count the bytes handed to the system, not those the
    // server got, so a cut may look whole and a stored file cut short (QA HHH-1). The server may
    // have the file: the same file sent again answers the document it kept (QA CCC-2, EEE-1).
    xhr.onerror = () => reject(networkError());
    xhr.onabort = () => reject(abortError());
    xhr.onloadend = () => signal?.removeEventListener('abort', abort);
    signal?.addEventListener('abort', abort, { once: true });

    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    for (const file of filesOf(options)) form.append('file', file, file.name);
    xhr.send(form);
  });
}

/**
 * Sends files to an upload call (`multipart/form-data`, each file in field `file` after the other
 * fields) with progress. A file the API would refuse (size, type) is refused here without a
 * request: the first refusal, its message naming the file when there are several. Failures are
 * ApiErrors with the server's Russian message; a cancel is an AbortError.
 */
export async function uploadFile<C extends UploadCall>(call: C, options: UploadOptions): Promise<ApiResult<CallData<C>>> {
  const files = filesOf(options);
  for (const file of files) {
    const refusal = uploadRefusal(file);
    if (!refusal) continue;
    if (files.length === 1) throw refusal;
    throw new ApiError({ status: refusal.status, code: refusal.code, message: `«${file.name}»: ${refusal.message}` });
  }
  // The answer is parsed in the request's callbacks, synchronously: zod first (zod/ready.ts).
  await zodReady();
  // One `Idempotency-Key` for the upload, its retry after a renewal included: the browser's own
  // re-send of it after a lost answer gets the first answer (QA EEE-2).
  const headers = writeHeaders(call, undefined);
  return withSession(call, (token) => sendMultipart(call, options, token, headers));
}

/** `filename*=UTF-8''…` (RFC 6266) first, then a plain `filename="…"`. */
export function fileNameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const encoded = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // A malformed encoding: fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(disposition);
  return plain?.[1]?.trim() || fallback;
}

interface FetchedFile {
  blob: Blob;
  disposition: string | null;
}

async function fetchFile(call: CallContract, query: unknown, token: string | null, fallback: string): Promise<FetchedFile> {
  // A party's download names the profile the tab shows, as every call of the session (QA WW-1): a
  // stale tab hears 409 profile_changed and catches up, not «Документ не найден».
  const headers: Record<string, string> = { Accept: '*/*', ...actingProfileHeaders(call, token) };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(buildUrl(call, query), { method: call.method, headers, credentials: 'include' });
  } catch {
    throw networkError();
  }
  if (!response.ok) {
    const body = parseJson(await response.text().catch(() => ''));
    await zodReady();
    throw failureOf(response.status, body, response.headers.get('Retry-After'), fallback);
  }
  return { blob: await response.blob(), disposition: response.headers.get('Content-Disposition') };
}

/** Spec §7: the bearer goes whenever a token is stored, public downloads included (they renew nothing). */
function fetchWithSession(call: CallContract, query: unknown, fallback: string): Promise<FetchedFile> {
  if (call.auth === 'none') return fetchFile(call, query, call.noBearer ? null : getAccessToken(), fallback);
  // Refused as sent for the profile the page showed: its message stands, the tab catches up.
  return withSession(call, (token) => fetchFile(call, query, token, fallback), { askAgainAsCaughtUp: false });
}

/** Failures become an error toast (the shell shows it): the server's message, else spec §8's fallback. */
function reportFailure(error: unknown, fallback: string): void {
  // A session that could not be renewed has had its own toast, «Ошибка авторизации» (spec §4).
  if (error instanceof ApiError && error.status === 401 && !hasSession()) return;
  const message = error instanceof ApiError && !error.isNetworkError ? error.message : fallback;
  bus.emit('toast:show', { type: 'error', message });
}

function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Fetches a download call's file (API origin, credentials, bearer, renewal on 401) and saves it
 * under the server's name, else `fallbackName`. Failures are not thrown but shown as an error
 * toast. Resolves to whether the file was saved.
 */
export async function downloadFile<C extends DownloadCall>(
  call: C,
  query: CallQuery<C>,
  fallbackName: string,
  errorFallback: string = DOWNLOAD_ERROR_MESSAGE,
): Promise<boolean> {
  try {
    const { blob, disposition } = await fetchWithSession(call, query, errorFallback);
    saveBlob(blob, fileNameFrom(disposition, fallbackName));
    return true;
  } catch (error) {
    reportFailure(error, errorFallback);
    return false;
  }
}

/**
 * Opens a download call's file (the SBP QR image) in a new tab. Call it straight from the click
 * handler: the tab is opened before the first await, as popup blockers allow only then, and
 * pointed at the file once it has arrived. Without a tab (blocked anyway) the file is saved.
 */
export async function openFile<C extends DownloadCall>(call: C, query: CallQuery<C>, errorFallback: string = OPEN_FILE_ERROR_MESSAGE): Promise<boolean> {
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  try {
    const { blob, disposition } = await fetchWithSession(call, query, errorFallback);
    if (!tab) {
      saveBlob(blob, fileNameFrom(disposition, 'file'));
      return true;
    }
    const url = URL.createObjectURL(blob);
    tab.location.href = url;
    // The tab reads the URL while it loads; a minute is plenty, and then the memory is freed.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    return true;
  } catch (error) {
    tab?.close();
    reportFailure(error, errorFallback);
    return false;
  }
}
