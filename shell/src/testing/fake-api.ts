import { parseRuntimeConfig, setRuntimeConfig } from 'shared';

export const API_URL = 'http://api.test';

export function setTestRuntimeConfig(): void {
  setRuntimeConfig(
    parseRuntimeConfig({
      apiUrl: API_URL,
      version: 'test',
      remotes: { mf_catalog: 'http://c.test', mf_applications: 'http://a.test', mf_cabinet: 'http://k.test', mf_messaging: 'http://m.test' },
    }),
  );
}

export interface Reply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  authorization: string | undefined;
}

/** 'POST login' → answer; a call without a route gets a 404 so a missing stub is visible. */
export type Routes = Record<string, (call: ApiCall) => Reply | Promise<Reply>>;

export const ok = (data: unknown, message?: string): Reply => ({ body: message ? { data, message } : { data } });
export const fail = (status: number, message: string, extra: Record<string, unknown> = {}): Reply => ({
  status,
  body: { message, code: `e${status}`, ...extra },
});

/** Replaces fetch with a router over the API paths; returns the calls made. */
export function serveApi(routes: Routes) {
  const calls: ApiCall[] = [];
  const mock = jest.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input);
    const headers = (init.headers ?? {}) as Record<string, string>;
    const call: ApiCall = {
      method: init.method ?? 'GET',
      path: url.pathname.replace(/^\/api\//, ''),
      query: url.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      authorization: headers.Authorization,
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    const reply = route ? await route(call) : fail(404, `Нет заглушки для ${call.method} ${call.path}`);
    const text = reply.body === undefined ? '' : JSON.stringify(reply.body);
    const status = reply.status ?? 200;
    return {
      ok: status >= 200 && status < 300,
      status,
      headers: { get: (name: string) => reply.headers?.[name] ?? null },
      text: async () => text,
    };
  });
  globalThis.fetch = mock as unknown as typeof fetch;
  const callsTo = (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key);
  return { mock, calls, callsTo };
}

export const testUser = (overrides: Record<string, unknown> = {}) => ({
  id: 7,
  phone: '79991234567',
  name: 'Иван Петров',
  email: null,
  activeProfileId: 12,
  ...overrides,
});

export const testProfiles = () => [
  { id: 12, type: 'customer', name: 'Иван Петров', active: true, description: null, address: null },
  { id: 13, type: 'executor', name: 'Иван Петров', active: false, description: null, address: null },
  { id: 20, type: 'organization', name: 'ООО «Ромашка»', active: false, description: null, address: null },
];

export const authData = (user = testUser()) => ({ token: 'access-1', refresh_token: 'refresh-1', user });
