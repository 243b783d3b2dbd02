import { parseRuntimeConfig, setRuntimeConfig } from '../config/runtime-config';

/*
 * The network seen by tests: fetch and XMLHttpRequest answered by API path, as the server's
 * envelopes would answer them. Test code only (imported as 'shared/testing').
 */

export const API_URL = 'http://api.test';

/** Parsed, so the schema's defaults fill whatever a test does not care about. */
export function setTestRuntimeConfig(): void {
  setRuntimeConfig(
    parseRuntimeConfig({
      apiUrl: API_URL,
      version: 'test',
      remotes: {
        mf_catalog: 'http://localhost:3001',
        mf_applications: 'http://localhost:3002',
        mf_cabinet: 'http://localhost:3003',
        mf_messaging: 'http://localhost:3004',
      },
      mapTileUrl: null,
    }),
  );
}

export interface FakeAnswer {
  status?: number;
  /** The JSON envelope; none for an empty answer (a bare 500). */
  body?: unknown;
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
  const text = blob || body === undefined ? '' : JSON.stringify(body);
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

const urlOf = (input: RequestInfo | URL) => new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);

/** Replaces globalThis.fetch; returns the mock so tests can read the URLs that were asked for. */
export function stubFetch(handler: FetchHandler) {
  const mock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => fakeResponse(await handler(urlOf(input), init)) as unknown as Response);
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

/** One request a fetch stub received. */
export interface ApiCall {
  method: string;
  /** The API path, as the routes name it (`application/close`). */
  path: string;
  url: URL;
  query: URLSearchParams;
  /** The parsed JSON body; undefined without one. */
  body: unknown;
}

/** The API calls made so far, in order; `key` keeps one path (`'application/get'`) or one method and path (`'POST application/close'`). */
export function callsTo(fetchMock: jest.Mock, key?: string): ApiCall[] {
  return (fetchMock.mock.calls as [RequestInfo | URL, RequestInit | undefined][])
    .map(([input, init]) => ({ url: urlOf(input), method: init?.method ?? 'GET', init }))
    .filter(({ url, method }) => key === undefined || key === apiPathOf(url) || key === `${method} ${apiPathOf(url)}`)
    .map(({ url, method, init }) => ({
      method,
      path: apiPathOf(url),
      url,
      query: url.searchParams,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    }));
}

/** stubApi with its calls at hand: `api.callsTo('POST application/close')[0]?.body`, `api.calls`. */
export function serveApi(routes: Record<string, FetchHandler>) {
  const mock = stubApi(routes);
  return {
    mock,
    get calls() {
      return callsTo(mock);
    },
    callsTo: (key: string) => callsTo(mock, key),
  };
}

/** The API requests made so far to one path, as URLs. */
export function requestsTo(fetchMock: jest.Mock, path: string): URL[] {
  return callsTo(fetchMock, path).map((call) => call.url);
}

/** The JSON bodies sent so far to one path (null for a request without one). */
export function bodiesSentTo(fetchMock: jest.Mock, path: string): unknown[] {
  return callsTo(fetchMock, path).map((call) => call.body ?? null);
}
