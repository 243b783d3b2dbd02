import type { FakeAnswer } from 'shared/testing';

export { fail, ok, setTestRuntimeConfig, type FakeAnswer } from 'shared/testing';

export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The JSON body (uploads go through XMLHttpRequest: shared/testing's installFakeXhr). */
  body: unknown;
}

/** 'POST application/close' → answer; a call without a route is a 404 so a missing stub shows. */
export type Routes = Record<string, (call: ApiCall) => Partial<FakeAnswer> | Promise<Partial<FakeAnswer>>>;

/** Replaces fetch at the network level with a router over API paths; returns the calls made. */
export function serveApi(routes: Routes) {
  const calls: ApiCall[] = [];
  const mock = jest.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input);
    const call: ApiCall = { method: init.method ?? 'GET', path: url.pathname.replace(/^\/api\//, ''), query: url.searchParams, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    const reply = route ? await route(call) : { status: 404, body: { message: `Нет заглушки для ${call.method} ${call.path}`, code: 'not_found' } };
    const text = reply.body === undefined ? '' : JSON.stringify(reply.body);
    const status = reply.status ?? 200;
    return { ok: status >= 200 && status < 300, status, headers: new Headers(reply.headers), text: async () => text, blob: async () => reply.blob ?? new Blob([text]) };
  });
  globalThis.fetch = mock as unknown as typeof fetch;
  const callsTo = (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key);
  return { mock, calls, callsTo };
}
