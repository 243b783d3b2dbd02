import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import type { ComponentType, ReactNode } from 'react';
import { MUTATION_DEFAULTS } from '../query/query-client';
import { createMemoryRouter, MemoryRouter, Route, RouterProvider, Routes, useLocation, useNavigate, type InitialEntry, type Location, type NavigateFunction } from 'react-router-dom';

export interface TestRoute {
  path: string;
  Component: ComponentType;
}

/** No retries, so a failure shows at once; nothing collected while a test runs; actions as the app's. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: MUTATION_DEFAULTS } });
}

export interface TestProvidersProps {
  queryClient: QueryClient;
  initialEntries?: string[];
  children: ReactNode;
}

/**
 * What the shell gives a remote's page: a query client and a router. A MemoryRouter rather than a
 * data router: jsdom has no `Request`, which the data router's navigations construct.
 */
export function TestProviders({ queryClient, initialEntries = ['/'], children }: TestProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={initialEntries}>{children}</MemoryRouter>
    </QueryClientProvider>
  );
}

/**
 * Pages at their paths, opened at `initialEntry`, with the router's location and history at hand.
 * Under a memory data router, as the shell's router holds a remote's pages (so `useBlocker` works;
 * its navigations need the Fetch API's Request: the browser projects run in shared/jest-environment).
 */
export function renderRoutes(routes: TestRoute[], initialEntry: InitialEntry) {
  const queryClient = createTestQueryClient();
  let current: Location | null = null;
  let navigateTo: NavigateFunction | null = null;
  function LocationProbe() {
    current = useLocation();
    navigateTo = useNavigate();
    return null;
  }
  function Pages() {
    return (
      <>
        <Routes>
          {routes.map(({ path, Component }) => (
            <Route key={path} path={path} element={<Component />} />
          ))}
        </Routes>
        <LocationProbe />
      </>
    );
  }
  const router = createMemoryRouter([{ path: '*', Component: Pages }], { initialEntries: [initialEntry] });
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
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
