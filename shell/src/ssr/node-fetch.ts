import http from 'node:http';
import https from 'node:https';

/**
 * The server's fetch for a page's API calls: node:http over kept-alive connections. Node's own fetch
 * (undici's WHATWG layer) costs about 0.65 ms of CPU a call on these machines, http.request about
 * 0.3; a page makes one or two calls a render, and the shell's server renders on one thread.
 *
 * It answers what shared's `send` reads of a Response: `ok`, `status`, `headers.get`, `text()` and
 * `json()`. An aborted signal rejects with its reason (an AbortError, or the TimeoutError of
 * `AbortSignal.timeout`), a failed connection with a TypeError, as fetch does. Only a string body
 * (or none) goes out this way: `canSend` says which calls it takes.
 *
 * A render gives up on its data after its budget without aborting the calls, so a call that stays
 * silent for `timeoutMs` is dropped (a TypeError, as a failed connection): an API that hangs does
 * not pile up open connections. A redirect is an answer like any other, not followed: the API
 * answers its calls itself, and a page whose data did not come is sent to be rendered in the browser.
 */
export type ServerResponse = Pick<Response, 'ok' | 'status' | 'statusText' | 'text' | 'json'> & { headers: Pick<Headers, 'get' | 'has'> };

export function canSend(url: string, init?: RequestInit): boolean {
  return /^https?:\/\//i.test(url) && (init?.body === undefined || init.body === null || typeof init.body === 'string');
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

function answer(res: http.IncomingMessage, text: string): ServerResponse {
  const status = res.statusCode ?? 0;
  const header = (name: string) => {
    const value = res.headers[name.toLowerCase()];
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : String(value);
  };
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: res.statusMessage ?? '',
    headers: { get: header, has: (name: string) => header(name) !== null },
    text: async () => text,
    json: async () => JSON.parse(text) as unknown,
  };
}

export function createNodeFetch({ maxSockets = Infinity, timeoutMs = 10_000 }: { maxSockets?: number; timeoutMs?: number } = {}) {
  const agents = {
    'http:': new http.Agent({ keepAlive: true, maxSockets }),
    'https:': new https.Agent({ keepAlive: true, maxSockets }),
  };

  return function nodeFetch(url: string, init: RequestInit = {}): Promise<ServerResponse> {
    const target = new URL(url);
    const secure = target.protocol === 'https:';
    const signal = init.signal ?? undefined;
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const body = typeof init.body === 'string' ? init.body : undefined;
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));

    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(abortReason(signal));
      const request = (secure ? https : http).request(
        target,
        { method: init.method ?? 'GET', headers, agent: secure ? agents['https:'] : agents['http:'] },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
          });
          res.on('end', () => {
            signal?.removeEventListener('abort', onAbort);
            resolve(answer(res, text));
          });
          res.on('error', fail);
        },
      );
      function onAbort() {
        request.destroy();
        reject(abortReason(signal!));
      }
      function fail(error: Error) {
        signal?.removeEventListener('abort', onAbort);
        if (signal?.aborted) reject(abortReason(signal));
        else reject(new TypeError('fetch failed', { cause: error }));
      }
      signal?.addEventListener('abort', onAbort, { once: true });
      request.on('error', fail);
      request.setTimeout(timeoutMs, () => request.destroy(new Error(`no answer in ${timeoutMs} ms`)));
      request.end(body);
    });
  };
}
