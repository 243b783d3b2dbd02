import type { RouteObject } from 'react-router-dom';

/** Spec §4: `auth` on every lk route, `profile` where a chosen profile is needed. */
export type RouteGuard = 'auth' | 'profile';

export type RouteHandle = { title: string; guards?: RouteGuard[] };

/** What a remote's `./routes` exposes: paths relative to its mount, lazy pages, guard metadata. */
export type RemoteRoute = RouteObject & { path: string; handle: RouteHandle };

export function routeGuards(handle: unknown): RouteGuard[] {
  if (!handle || typeof handle !== 'object') return [];
  const guards = (handle as Partial<RouteHandle>).guards;
  return Array.isArray(guards) ? guards : [];
}
