import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router-dom';

/** Spec §4: `auth` on every lk route, `profile` where a chosen profile is needed. */
export type RouteGuard = 'auth' | 'profile';

/** What a route's data functions get: the one query client, the URL and the page's own params. */
export type RouteContext = { queryClient: QueryClient; url: URL; params: Record<string, string | undefined> };

/**
 * Starts a page's first data load into the one query client as soon as the remote's routes are
 * known, so the request runs while the page's chunk downloads instead of after it. On the server
 * (ARCHITECTURE §9) the same function is awaited before the page renders: it must load every query
 * the page's first render reads, so the inlined cache hydrates it without a fetch.
 */
export type RoutePrefetch = (context: RouteContext) => unknown;

/**
 * The page's head for search engines and sharing, read from the query cache after `prefetch`.
 * `title` is without the site's suffix; `canonicalPath` is a path of the app (`/service/12`);
 * `jsonLd` are schema.org objects (`Service`, `Organization`, `BreadcrumbList`, …);
 * `status: 404` when the page's entity does not exist (the server answers 404); `noindex` for a
 * public page that is no content for a search engine (the service's own status page); `back`, with
 * `status: 404`, the way on that the page's «not found» state offers (the notice a browser without
 * JavaScript shows says the same).
 */
export type PageMeta = {
  title: string;
  description: string;
  canonicalPath?: string;
  ogType?: 'website' | 'article' | 'profile';
  image?: string;
  jsonLd?: Record<string, unknown>[];
  status?: 200 | 404;
  noindex?: boolean;
  back?: { href: string; label: string };
};

export type RouteMeta = (context: RouteContext) => PageMeta;

/**
 * `clientOnly`: the page is never rendered on the server (spec §2 names them); `meta`: the head
 * tags of a server-rendered page.
 */
export type RouteHandle = { title: string; guards?: RouteGuard[]; prefetch?: RoutePrefetch; clientOnly?: boolean; meta?: RouteMeta };

/** What a remote's `./routes` exposes: paths relative to its mount, lazy pages, guard metadata. */
export type RemoteRoute = RouteObject & { path: string; handle: RouteHandle };

export function routeGuards(handle: unknown): RouteGuard[] {
  if (!handle || typeof handle !== 'object') return [];
  const guards = (handle as Partial<RouteHandle>).guards;
  return Array.isArray(guards) ? guards : [];
}
