import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { data, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import type { RemoteRoute, RouteHandle } from 'shared';
import { guardRedirect, type GuardSession } from '../guards/guards';
import { settledGuardSession } from '../guards/read-session';
import { appQueryClient } from '../session/app-query-client';
import { loadRemoteRoutes } from './federation';
import { joinMount, type RemoteName, type RemoteRegistryEntry } from './registry';
import { RemoteLoadError } from './remote-load-error';
import { RemotePage } from './remote-page';
import { RemoteRouteError } from './remote-route-error';
import { clearRetry } from './remote-retry';
import { PageFallback } from './page-fallback';

export type RemotePageData = { remote: RemoteName; handle: RouteHandle; Component: ComponentType };

export type RemoteRouteDeps = {
  loadRoutes: (remote: RemoteName) => Promise<RemoteRoute[]>;
  readSession: (needsProfile: boolean) => GuardSession | Promise<GuardSession>;
  queryClient?: QueryClient;
};

const defaultDeps: RemoteRouteDeps = { loadRoutes: loadRemoteRoutes, readSession: settledGuardSession, queryClient: appQueryClient };

/** Fire and forget: the page's own query shows any failure, so none may stop the navigation. */
function startPrefetch(route: RemoteRoute, queryClient: QueryClient | undefined, url: URL, params: Record<string, string | undefined>) {
  if (!queryClient || !route.handle.prefetch) return;
  try {
    void Promise.resolve(route.handle.prefetch({ queryClient, url, params })).catch(() => undefined);
  } catch {
    // Same as a rejected prefetch.
  }
}

async function resolveComponent(route: RemoteRoute): Promise<ComponentType> {
  if (route.Component) return route.Component;
  const lazy = route.lazy;
  if (typeof lazy === 'function') {
    const module = (await lazy()) as { Component?: ComponentType | null };
    if (module.Component) return module.Component;
  } else if (lazy && typeof lazy.Component === 'function') {
    const Component = await lazy.Component();
    if (Component) return Component;
  }
  throw new Error(`У маршрута «${route.path}» нет компонента`);
}

async function checkGuards(route: RemoteRoute, readSession: RemoteRouteDeps['readSession'], target: string): Promise<string | null> {
  const guards = route.handle.guards;
  try {
    return guardRedirect(guards, await readSession(Boolean(guards?.includes('profile'))), target);
  } catch {
    // A guard that cannot decide must not show the page (spec §8: guard failure → 404).
    throw data(null, { status: 404, statusText: 'Page Not Found' });
  }
}

/** The loader of one shell route: remote routes → guards → page chunk, before anything renders. */
export function remoteLoader(remote: RemoteName, relativePath: string, deps: RemoteRouteDeps = defaultDeps) {
  return async ({ request, params }: LoaderFunctionArgs): Promise<RemotePageData> => {
    const url = new URL(request.url);
    const routes = await deps.loadRoutes(remote);
    const route = routes.find((candidate) => candidate.path === relativePath);
    if (!route) throw data(null, { status: 404, statusText: `Page not found: ${url.pathname}` });
    const target = `${url.pathname}${url.search}`;
    const redirectTo = await checkGuards(route, deps.readSession, target);
    if (redirectTo) throw redirect(redirectTo);
    startPrefetch(route, deps.queryClient, url, params);
    let Component: ComponentType;
    try {
      Component = await resolveComponent(route);
    } catch (error) {
      throw new RemoteLoadError(remote, error);
    }
    clearRetry(remote);
    return { remote, handle: route.handle, Component };
  };
}

export function createRemoteRoutes(entry: RemoteRegistryEntry, deps?: RemoteRouteDeps): RouteObject[] {
  return entry.paths.map((relativePath) => ({
    id: `${entry.name}:${relativePath || 'index'}`,
    path: joinMount(entry.mount, relativePath),
    loader: remoteLoader(entry.name, relativePath, deps),
    Component: RemotePage,
    ErrorBoundary: RemoteRouteError,
    HydrateFallback: PageFallback,
    handle: { remote: entry.name },
  }));
}
