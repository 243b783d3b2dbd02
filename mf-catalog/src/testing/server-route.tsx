import { hydrate, QueryClient, QueryClientProvider, type DehydratedState } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { matchRoutes, parsePath, Route, Routes, StaticRouter } from 'react-router-dom';
import { createQueryClient, dehydrateForBrowser, reviveDehydratedErrors, type PageMeta, type RemoteRoute, type RouteContext } from 'shared';
import { routes } from '../routes';

/*
 * A route as the server renders it (ARCHITECTURE §9, shared/src/ssr): its prefetch into a fresh
 * client, its meta from that cache, then the browser's client hydrated from the cache sent as JSON.
 */

export const ORIGIN = 'https://market.example';

export function routeAt(pathname: string): { route: RemoteRoute; params: Record<string, string | undefined> } {
  const match = matchRoutes(
    routes.map((route) => ({ path: route.path })),
    pathname,
  )?.[0];
  if (!match) throw new Error(`No route of mf-catalog at ${pathname}`);
  return { route: routes.find((route) => route.path === match.route.path)!, params: match.params };
}

export interface ServerRoute {
  route: RemoteRoute;
  context: RouteContext;
  meta: PageMeta | undefined;
  Page: ComponentType;
}

/** What the server does before rendering: no retries, the app's staleTime, the route's prefetch awaited. */
export async function prefetchRoute(path: string): Promise<ServerRoute> {
  const url = new URL(path, ORIGIN);
  const { route, params } = routeAt(url.pathname);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
  const context: RouteContext = { queryClient, url, params };
  const [module] = await Promise.all([
    (route.lazy as () => Promise<{ Component?: ComponentType | null }>)(),
    Promise.resolve(route.handle.prefetch?.(context)),
  ]);
  if (!module.Component) throw new Error(`Route ${route.path} has no Component`);
  return { route, context, meta: route.handle.meta?.(context), Page: module.Component };
}

/**
 * The browser's query client (the shell's defaults) holding what the server sent: the answers, and
 * the API's 404s of a missing entity's page, back as ApiErrors (shared dehydrateForBrowser and
 * reviveDehydratedErrors, as the shell's server and start use them).
 */
export function browserClientFrom(server: QueryClient): QueryClient {
  const received = reviveDehydratedErrors(JSON.parse(JSON.stringify(dehydrateForBrowser(server))) as DehydratedState);
  const client = createQueryClient();
  hydrate(client, received);
  return client;
}

export interface ServerPageProps {
  route: RemoteRoute;
  Page: ComponentType;
  client: QueryClient;
  path: string;
  /** The history entry's state, which only the browser has (a reload keeps it). */
  state?: unknown;
}

/** The page where the shell puts it: under its route's path, inside a query client and a router at `path`. */
export function ServerPage({ route, Page, client, path, state }: ServerPageProps) {
  return (
    <QueryClientProvider client={client}>
      <StaticRouter location={state === undefined ? path : { ...parsePath(path), state }}>
        <Routes>
          <Route path={`/${route.path}`} element={<Page />} />
        </Routes>
      </StaticRouter>
    </QueryClientProvider>
  );
}
