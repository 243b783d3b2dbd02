import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { parseRuntimeConfig, setRuntimeConfig } from 'shared';
import { Component as ProfilePage } from '../pages/profile-page';

export function setTestRuntimeConfig(): void {
  setRuntimeConfig(
    parseRuntimeConfig({
      apiUrl: 'http://api.test',
      version: 'test',
      remotes: { mf_catalog: 'http://c.test', mf_applications: 'http://a.test', mf_cabinet: 'http://k.test', mf_messaging: 'http://m.test' },
    }),
  );
}

export interface Reply {
  status?: number;
  body?: unknown;
  /** Response headers (a 429's `Retry-After`). */
  headers?: Record<string, string>;
}
export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}
export type Routes = Record<string, (call: ApiCall) => Reply | Promise<Reply>>;

export const ok = (data: unknown, message?: string): Reply => ({ body: message ? { data, message } : { data } });
export const fail = (status: number, message: string, extra: Record<string, unknown> = {}): Reply => ({
  status,
  body: { message, code: `e${status}`, ...extra },
});

/** fetch answered by 'METHOD path' routes; a missing route answers 404 so it shows. */
export function serveApi(routes: Routes) {
  const calls: ApiCall[] = [];
  globalThis.fetch = jest.fn(async (input: string, init: RequestInit = {}) => {
    const call = {
      method: init.method ?? 'GET',
      path: new URL(input).pathname.replace(/^\/api\//, ''),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    const reply = route ? await route(call) : fail(404, `Нет заглушки для ${call.method} ${call.path}`);
    const status = reply.status ?? 200;
    return { ok: status < 300, status, headers: { get: (name: string) => Object.entries(reply.headers ?? {}).find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1] ?? null }, text: async () => JSON.stringify(reply.body ?? null) };
  }) as unknown as typeof fetch;
  return { calls, callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key) };
}

export const testUser = (overrides: Record<string, unknown> = {}) => ({
  id: 7,
  phone: '79991234567',
  name: 'Иван Петров',
  email: null,
  activeProfileId: null,
  ...overrides,
});

export const profile = (id: number, type: string, name: string, active = false) => ({
  id,
  type,
  name,
  active,
  description: null,
  address: null,
});

/** Where the page went on to (a path other than /lk/profile). */
function LocationProbe() {
  const { pathname, search } = useLocation();
  return <p data-testid="location">{pathname + search}</p>;
}

/**
 * The profile page under a memory data router, as the shell's router holds it (its forms' guard
 * against leaving with unsaved edits uses `useBlocker`, which needs one).
 */
export function renderProfilePage(entry = '/lk/profile') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/lk/profile', element: <ProfilePage /> },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: [entry] },
  );
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...utils, queryClient, router };
}
