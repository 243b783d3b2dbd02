import { bus, DOWNLOAD_ERROR_MESSAGE, getAccessToken, getRuntimeConfig, type CallContract } from 'shared';

/** The public download calls of the contract; their answer is the file, not the JSON envelope. */
export type DownloadCall = Pick<CallContract, 'path' | 'method'>;

class DownloadError extends Error {}

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

async function serverMessage(response: Response): Promise<string | null> {
  try {
    const body: unknown = JSON.parse(await response.text());
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' && body.message) {
      return body.message;
    }
  } catch {
    // Not the JSON failure envelope (a proxy page): the fallback message is shown.
  }
  return null;
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
 * Fetches a document as the API client would (API origin, credentials, the bearer when logged
 * in) and saves it. Failures are not thrown: the shell shows the server's message, or the spec's
 * fallback, as an error toast. Resolves to whether the file was saved.
 */
export async function downloadDocument(call: DownloadCall, id: number, fallbackName: string): Promise<boolean> {
  const url = `${getRuntimeConfig().apiUrl}/api/${call.path}?${new URLSearchParams({ id: String(id) })}`;
  const token = getAccessToken();
  const headers: Record<string, string> = { Accept: '*/*' };
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    const response = await fetch(url, { method: call.method, headers, credentials: 'include' });
    if (!response.ok) throw new DownloadError((await serverMessage(response)) ?? DOWNLOAD_ERROR_MESSAGE);
    const blob = await response.blob();
    saveBlob(blob, fileNameFrom(response.headers.get('Content-Disposition'), fallbackName));
    return true;
  } catch (error) {
    const message = error instanceof DownloadError ? error.message : DOWNLOAD_ERROR_MESSAGE;
    bus.emit('toast:show', { type: 'error', message });
    return false;
  }
}
