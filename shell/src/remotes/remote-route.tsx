import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { data, matchRoutes, redirect, replace, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { PROFILE_PATH, REDIRECT_PARAM, safeRedirect, zodReady, type RemoteRoute, type RouteHandle } from 'shared';
import { guardRedirect, type GuardSession } from '../guards/guards';
import { settledGuardSession } from '../guards/read-session';
import { appQueryClient } from '../session/app-query-client';
import { afterNextPaint } from '../start/next-paint';
import { withBudget } from './budget';
import { loadRemoteRoutes, REMOTE_LOAD_TIMEOUT_MS } from './federation';
import { matchMount, pathBelowMount } from './match-remote';
import type { RemoteMount, RemoteName } from './registry';
import { RemoteLoadError } from './remote-load-error';
import { RemotePage } from './remote-page';
import { RemoteRouteError } from './remote-route-error';
import { clearRetry } from './remote-retry';
import { PageFallback } from './page-fallback';

/**
 * `path` is the remote's own route path, which the page renders under (for its `useParams`).
 * `askedFor`: on the profile page, the title of the page the profile guard sent the visitor from.
 */
export type RemotePageData = { remote: RemoteName; path: string; handle: RouteHandle; Component: ComponentType; askedFor?: string };

export type RemoteRouteDeps = {
  loadRoutes: (remote: RemoteName) => Promise<RemoteRoute[]>;
  readSession: (needsProfile: boolean) => GuardSession | Promise<GuardSession>;
  /** The #hash of the location being loaded at `url`: react-router leaves it out of the loader's request. */
  readHash?: (url: URL) => string;
  /**
   * Whether the history already stands at `url` (a page load, «Назад», «Вперёд»), rather than at
   * the page a link or `navigate` is leaving (its entry is added only once the navigation ends).
   */
  isCurrentEntry?: (url: URL) => boolean;
  queryClient?: QueryClient;
  /** Every remote's mount: which remote owns the page a `redirect` names. */
  mounts?: readonly RemoteMount[];
};

const defaultDeps: RemoteRouteDeps = { loadRoutes: loadRemoteRoutes, readSession: settledGuardSession, queryClient: appQueryClient };

/**
 * Fire and forget: the page's own query shows any failure, so none may stop the navigation. It
 * starts after the next frame: a navigation runs inside the click or keystroke that made it, and
 * building and sending the request there (a quarter of a filter change's ~75 ms at CPU ×4)
 * delayed the frame that shows the visitor's choice (INP). A frame is nothing beside the page
 * chunk or the answer it runs alongside; if the page asks first, the query is shared, not sent twice.
 */
function startPrefetch(route: RemoteRoute, queryClient: QueryClient | undefined, url: URL, params: Record<string, string | undefined>) {
  const prefetch = route.handle.prefetch;
  if (!queryClient || !prefetch) return;
  // A prefetch that throws is the same as a rejected one.
  void afterNextPaint()
    .then(() => prefetch({ queryClient, url, params }))
    .catch(() => undefined);
}

async function resolveComponent(route: RemoteRoute): Promise<ComponentType> {
  if (route.Component) return route.Component;
  // A public page renders its first paint without zod (shared/src/zod/on-demand.ts); an account
  // page's modules (its forms) build schemas as they are evaluated, so its chunk loads after zod,
  // which its guard's session load has usually fetched already.
  if (route.handle.guards?.length) await zodReady();
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

/**
 * On the profile page, the page its `redirect` names when that page needs a profile the visitor
 * has not got: its title (from its remote's routes, never the address's words). Nothing when it
 * cannot be told.
 */
async function askedForTitle(url: URL, deps: RemoteRouteDeps): Promise<string | undefined> {
  const target = url.pathname === PROFILE_PATH ? safeRedirect(url.searchParams.get(REDIRECT_PARAM)) : null;
  if (!target || !deps.mounts) return undefined;
  const { pathname } = new URL(target, url);
  const owner = matchMount(deps.mounts, pathname);
  if (!owner) return undefined;
  try {
    const found = findRoute(await deps.loadRoutes(owner.name), pathBelowMount(owner.mount, pathname));
    if (!found?.route.handle.guards?.includes('profile')) return undefined;
    return (await deps.readSession(true)).hasActiveProfile === false ? found.route.handle.title : undefined;
  } catch {
    return undefined;
  }
}

type FoundRoute = { route: RemoteRoute; params: Record<string, string | undefined> };

// react-router ranks and compiles every route's path on each `matchRoutes`: the shell's server
// matched the same few paths thousands of times a minute (a quarter of a millisecond a render).
// Matches are kept by the routes' paths and the path asked for, up to a bound; the route object
// is looked up in the list each time, so a remote's new or changed routes count at once.
const matchedPaths = new Map<string, { path: string | undefined; params: Record<string, string | undefined> } | null>();
const MAX_MATCHED_PATHS = 500;

/** The remote's route for the part of the URL below its mount, matched as react-router will render it. */
export function findRoute(routes: RemoteRoute[], below: string): FoundRoute | null {
  const key = `${routes.map((route) => `${route.caseSensitive ? '!' : ''}${route.path}`).join('\n')}\n\n${below}`;
  let matched = matchedPaths.get(key);
  if (matched === undefined) {
    // A location object, not a string: an encoded `?` or `#` in the path is part of the path.
    const match = matchRoutes(
      routes.map((route) => ({ path: route.path, caseSensitive: route.caseSensitive })),
      { pathname: `/${below}` },
    )?.[0];
    matched = match ? { path: match.route.path, params: match.params } : null;
    if (matchedPaths.size >= MAX_MATCHED_PATHS) matchedPaths.clear();
    matchedPaths.set(key, matched);
  }
  if (!matched) return null;
  const { path, params } = matched;
  // Each caller gets its own params: a page may keep them.
  return { route: routes.find((candidate) => candidate.path === path)!, params: { ...params } };
}

/**
 * The loader of a remote's mount: the remote's routes (fetched when the path's prefix first
 * matches) → its route for the rest of the path, or 404 → guards → page chunk, before anything
 * renders.
 */
export function remoteLoader({ name: remote, mount }: RemoteMount, overrides: Partial<RemoteRouteDeps> = {}) {
  const deps = { ...defaultDeps, ...overrides };
  return async ({ request }: LoaderFunctionArgs): Promise<RemotePageData> => {
    const url = new URL(request.url);
    const routes = await deps.loadRoutes(remote);
    // The address as the browser sent it, as the shell's server matches it: react-router's
    // `params['*']` is decoded, and `/service%3Fpage=2` read as `service` with `?page=2` found
    // the catalogue, which the page's own <Routes> (matching the whole decoded path) then did not
    // render: a blank page instead of 404.
    const found = findRoute(routes, pathBelowMount(mount, url.pathname));
    if (!found) throw data(null, { status: 404, statusText: `Page not found: ${url.pathname}` });
    const { route } = found;
    // The login (or the profile) goes back to the whole address, a conversation's #hash too.
    const target = `${url.pathname}${url.search}${deps.readHash?.(url) ?? ''}`;
    const redirectTo = await checkGuards(route, deps.readSession, target);
    if (redirectTo) {
      // After a page load or «Назад» the guarded address is in the history already: a redirect
      // pushed above it made «Назад» return to it, and so to the guard again, for good. It is
      // replaced instead. A link's navigation has added no entry yet: its redirect is pushed,
      // keeping the page the link was on.
      throw deps.isCurrentEntry?.(url) ? replace(redirectTo) : redirect(redirectTo);
    }
    startPrefetch(route, deps.queryClient, url, found.params);
    let Component: ComponentType;
    try {
      // The page's chunk, from the same remote: as its routes, within the budget.
      Component = await withBudget(resolveComponent(route), REMOTE_LOAD_TIMEOUT_MS, `${remote}: ${route.path}`);
    } catch (error) {
      throw new RemoteLoadError(remote, error);
    }
    clearRetry(remote);
    const askedFor = await askedForTitle(url, deps);
    return { remote, path: route.path, handle: route.handle, Component, ...(askedFor ? { askedFor } : {}) };
  };
}

/** One shell route per remote: its mount and everything below it. */
export function createRemoteRoute({ name, mount }: RemoteMount, deps?: Partial<RemoteRouteDeps>): RouteObject {
  return {
    id: `remote:${name}`,
    path: mount === '/' ? '*' : `${mount}/*`,
    loader: remoteLoader({ name, mount }, deps),
    Component: RemotePage,
    ErrorBoundary: RemoteRouteError,
    HydrateFallback: PageFallback,
    handle: { remote: name },
  };
}
