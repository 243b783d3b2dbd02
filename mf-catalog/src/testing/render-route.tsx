import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, configure, render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate, type Location, type NavigateFunction } from 'react-router-dom';
import { setRuntimeConfig } from 'shared';
import type { Application } from 'shared';

export const API_URL = 'http://api.test';

// Two cores run several suites at once: findBy* waits longer than its 1 s default before failing.
configure({ asyncUtilTimeout: 4000 });

export function setTestRuntimeConfig() {
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

/** Answers by API path (`'application/get-collection'`); anything else is a 404 failure envelope. */
export function stubApi(routes: Record<string, FetchHandler>) {
  return stubFetch((url, init) => {
    const path = url.pathname.replace(/^\/api\//, '');
    const handler = routes[path];
    return handler ? handler(url, init) : { status: 404, body: { message: `Нет обработчика ${path}`, code: 'not_found' } };
  });
}

/** The API requests made so far to one path, as URLs. */
export function requestsTo(fetchMock: jest.Mock, path: string): URL[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input)))
    .filter((url) => url.pathname === `/api/${path}`);
}

export interface TestRoute {
  path: string;
  Component: ComponentType;
}

/**
 * A MemoryRouter rather than a data router: jsdom has no `Request`, which the data router's
 * navigations construct. The pages use only hooks that both kinds of router provide.
 */
export function renderRoutes(routes: TestRoute[], initialEntry: string) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity } },
  });
  let current: Location | null = null;
  let navigateTo: NavigateFunction | null = null;
  function LocationProbe() {
    current = useLocation();
    navigateTo = useNavigate();
    return null;
  }
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[initialEntry]}>
        <Routes>
          {routes.map(({ path, Component }) => (
            <Route key={path} path={path} element={<Component />} />
          ))}
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const location = (): Location => {
    if (!current) throw new Error('The router has not rendered');
    return current;
  };
  /** History moves as the browser's Back and Forward buttons make them. */
  const go = async (delta: number) => {
    await act(async () => {
      await navigateTo?.(delta);
    });
  };
  return { ...utils, location, go, queryClient };
}

/** The current search parameters as a plain object. */
export function searchOf(location: Location): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(location.search));
}

let nextId = 1;

export function makeApplication(overrides: Partial<Application> = {}): Application {
  const id = overrides.id ?? nextId++;
  return {
    id,
    number: 1000 + id,
    name: `Заявка ${id}`,
    description: 'Описание работ',
    status: 'published',
    price: 12500,
    deadline: '2026-12-20',
    feedbackDeadline: '2026-12-10',
    address: { value: 'г. Казань, ул. Баумана, д. 1', cityFiasId: '93b3df57-4c89-44df-ac42-96f05e9cd3b9', geoLat: 55.79, geoLon: 49.11 },
    services: [{ id: 3, name: 'Ремонт кровли' }],
    customer: { id: 7, name: 'ООО «Ромашка»', type: 'organization' },
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export function listAnswer<T>(items: T[], { total = items.length, page = 1, limit = 6 } = {}): FakeAnswer {
  return { body: { data: { items, total, page, limit } } };
}
