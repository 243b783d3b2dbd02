import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router-dom';

/** Spec §4: `auth` on every lk route, `profile` where a chosen profile is needed. */
export type RouteGuard = 'auth' | 'profile';

/**
 * Starts a page's first data load into the one query client as soon as the remote's routes are
 * known, so the request runs while the page's chunk downloads instead of after it.
 */
export type RoutePrefetch = (context: { queryClient: QueryClient; url: URL; params: Record<string, string | undefined> }) => unknown;

export type RouteHandle = { title: string; guards?: RouteGuard[]; prefetch?: RoutePrefetch };

/** What a remote's `./routes` exposes: paths relative to its mount, lazy pages, guard metadata. */
export type RemoteRoute = RouteObject & { path: string; handle: RouteHandle };

export function routeGuards(handle: unknown): RouteGuard[] {
  if (!handle || typeof handle !== 'object') return [];
  const guards = (handle as Partial<RouteHandle>).guards;
  return Array.isArray(guards) ? guards : [];
}
