/** Helpers for the routes' `handle.prefetch` and `handle.meta` (ARCHITECTURE §9): detail pages by id, list canonicals. */
import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { isNotFoundStatus, type PageMeta, type RouteContext, type RouteMeta, type RoutePrefetch } from 'shared';
import { parseRouteId } from './route-id';

/** The options a detail page's hook reads its entity with (`getServiceQueryOptions`…). */
type DetailOptions<T> = (id: number) => FetchQueryOptions<T, any, T, any>;

/** A detail route's prefetch: its entity by the id in the path; nothing for an id that is not one. */
export function prefetchDetail<T>(optionsFor: DetailOptions<T>): RoutePrefetch {
  return ({ queryClient, params }) => {
    const id = parseRouteId(params.id);
    return id === null ? undefined : queryClient.prefetchQuery(optionsFor(id));
  };
}

/** The query ended in a 404 of the API: the page shows its «not found» state. */
export function isQueryNotFound(queryClient: QueryClient, queryKey: QueryKey): boolean {
  const state = queryClient.getQueryState(queryKey);
  return state?.status === 'error' && isNotFoundStatus(state.error);
}

export interface DetailMetaSpec<T> {
  options: DetailOptions<T>;
  /** The page of a missing entity (its title, description and canonical path); status 404 is added. */
  notFound: Omit<PageMeta, 'status'>;
  /** While the entity is neither loaded nor missing (another failure): the route's plain head. */
  fallback: (id: number) => PageMeta;
  build: (entity: T, context: RouteContext & { id: number }) => PageMeta;
}

/** A detail route's head from the cache its prefetch filled. */
export function detailMeta<T>({ options, notFound, fallback, build }: DetailMetaSpec<T>): RouteMeta {
  return (context) => {
    const id = parseRouteId(context.params.id);
    if (id === null) return { ...notFound, status: 404 };
    const { queryKey } = options(id);
    if (isQueryNotFound(context.queryClient, queryKey)) return { ...notFound, status: 404 };
    const entity = context.queryClient.getQueryData<T>(queryKey);
    return entity === undefined ? fallback(id) : build(entity, { ...context, id });
  };
}

/**
 * A list's canonical path: only the filters that change what is listed, in one order, and its
 * page past the first; no sort or display names, so every variant of a view names the same URL.
 * Each page is its own (it lists other items): naming the first page as the canonical of the
 * others would tell a search engine they repeat it, and it would drop what only they link to.
 */
export function canonicalListPath<F extends object>(pathname: string, filter: F, keys: readonly (keyof F & string)[], page = 1): string {
  const params = new URLSearchParams();
  for (const key of keys) {
    const value = filter[key];
    if (typeof value === 'string' && value) params.set(key, value);
  }
  if (page > 1) params.set('page', String(page));
  const search = params.toString();
  return search ? `${pathname}?${search}` : pathname;
}

/** A list's title past its first page names the page, so the pages of one list differ in search results and tabs. */
export function pagedTitle(title: string, page: number): string {
  return page > 1 ? `${title}, страница ${page}` : title;
}

export const HOME_CRUMB = { name: 'Главная', path: '/' } as const;
