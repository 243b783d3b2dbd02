import { setRuntimeConfig } from '../config/runtime-config';

/*
 * The network seen by tests: fetch and XMLHttpRequest answered by API path, as the server's
 * envelopes would answer them. Test code only (imported as 'shared/testing').
 */

export const API_URL = 'http://api.test';

export function setTestRuntimeConfig(): void {
  setRuntimeConfig({
    apiUrl: API_URL,
    version: 'test',
    remotes: {
      mf_catalog: 'http://localhost:3001',
      mf_applications: 'http://localhost:3002',
      mf_cabinet: 'http://localhost:3003',
      mf_messaging: 'http://localhost:3004',
    },
    mapTileUrl: null,
  });
}

export interface FakeAnswer {
  status?: number;
  body: unknown;
  /** A file instead of JSON (downloads). */
  blob?: Blob;
  headers?: Record<string, string>;
}

export const ok = (data: unknown, message?: string): FakeAnswer => ({ body: message ? { data, message } : { data } });
export const fail = (status: number, message: string, extra: Record<string, unknown> = {}): FakeAnswer => ({
  status,
  body: { message, code: `e${status}`, ...extra },
});
export function listAnswer<T>(items: T[], { total = items.length, page = 1, limit = 6 } = {}): FakeAnswer {
  return ok({ items, total, page, limit });
}

/** A Response-like object: jsdom has no Response, and the client reads only these members. */
function fakeResponse(answer: FakeAnswer) {
  const { status = 200, body, blob, headers = {} } = answer;
  const text = blob ? '' : JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: String(status),
    headers: new Headers({ 'content-type': blob ? blob.type : 'application/json', ...headers }),
    json: async () => JSON.parse(text) as unknown,
    text: async () => text,
    blob: async () => blob ?? new Blob([text], { type: 'application/json' }),
    clone() {
      return fakeResponse(answer);
    },
  };
}

export type FetchHandler = (url: URL, init?: RequestInit) => FakeAnswer | Promise<FakeAnswer>;

/** Replaces globalThis.fetch; returns the mock so tests can read the URLs that were asked for. */
export function stubFetch(handler: FetchHandler) {
  const mock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    return fakeResponse(await handler(url, init)) as unknown as Response;
  });
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
}

export const apiPathOf = (url: URL) => url.pathname.replace(/^\/api\//, '');

/** Answers by API path (`'application/get-collection'`, or `'POST application/create'` to tell methods apart); else a 404 envelope. */
export function stubApi(routes: Record<string, FetchHandler>) {
  return stubFetch((url, init) => {
    const path = apiPathOf(url);
    const handler = routes[`${init?.method ?? 'GET'} ${path}`] ?? routes[path];
    return handler ? handler(url, init) : fail(404, `Нет обработчика ${path}`);
  });
}

/** The API requests made so far to one path, as URLs. */
export function requestsTo(fetchMock: jest.Mock, path: string): URL[] {
  return fetchMock.mock.calls.map(([input]) => new URL(String(input))).filter((url) => url.pathname === `/api/${path}`);
}

/** The JSON bodies sent so far to one path. */
export function bodiesSentTo(fetchMock: jest.Mock, path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input]) => new URL(String(input)).pathname === `/api/${path}`)
    .map(([, init]) => JSON.parse(String((init as RequestInit | undefined)?.body ?? 'null')) as unknown);
}
