/** Helpers for the routes' `handle.prefetch` and `handle.meta` (ARCHITECTURE §9): detail pages by id, list canonicals. */
import type { FetchQueryOptions, Query, QueryClient, QueryKey } from '@tanstack/react-query';
import { isNotFoundOrHiddenStatus, QUERY_STALE_TIME_MS, type NotFoundStateProps, type PageMeta, type RouteContext, type RouteMeta, type RoutePrefetch } from 'shared';
import { isPastLastPage, PAST_LAST_PAGE_TITLE, pastLastPageText } from './list-total';
import { parseRouteId } from './route-id';

/** The options a detail page's hook reads its entity with (`getServiceQueryOptions`…). */
type DetailOptions<T> = (id: number) => FetchQueryOptions<T, any, T, any>;

/**
 * The API said the entity is not there (404) within the app's staleTime: an answer as good as data
 * of that age, not a failure to try again. The server renders a missing entity's page from that
 * 404 and sends it with the data: the hydrated page takes it rather than asking again. Reached in
 * the browser, the route's prefetch and the page's query both read it (the shell starts the
 * prefetch after the next paint): whichever comes second takes this answer too.
 */
function isFreshNotFound(query: Pick<Query, 'state'> | undefined): boolean {
  const state = query?.state;
  return state?.status === 'error' && isNotFoundOrHiddenStatus(state.error) && Date.now() - state.errorUpdatedAt < QUERY_STALE_TIME_MS;
}

/** A detail query's options: a page mounted on a fresh 404 shows it rather than asking again (retryOnMount). */
export function withNotFoundKept<O extends object>(options: O): O & { retryOnMount: (query: Query<any, any, any, any>) => boolean } {
  return { ...options, retryOnMount: (query) => !isFreshNotFound(query) };
}

/** Prefetches a detail query, unless the API has just said it is not there. */
export function prefetchUnlessMissing(queryClient: QueryClient, options: FetchQueryOptions<any, any, any, any>): Promise<void> | undefined {
  if (isFreshNotFound(queryClient.getQueryCache().find({ queryKey: options.queryKey, exact: true }))) return undefined;
  return queryClient.prefetchQuery(options);
}

/** A detail route's prefetch: its entity by the id in the path; nothing for an id that is not one. */
export function prefetchDetail<T>(optionsFor: DetailOptions<T>): RoutePrefetch {
  return ({ queryClient, params }) => {
    const id = parseRouteId(params.id);
    return id === null ? undefined : prefetchUnlessMissing(queryClient, optionsFor(id));
  };
}

/**
 * The query ended in a 404 of the API, or a 403 of an entity not public (an application no longer
 * published: QA OOO-3): the page shows its «not found» state, and the server answers 404.
 */
export function isQueryNotFound(queryClient: QueryClient, queryKey: QueryKey): boolean {
  const state = queryClient.getQueryState(queryKey);
  return state?.status === 'error' && isNotFoundOrHiddenStatus(state.error);
}

export interface DetailMetaSpec<T> {
  options: DetailOptions<T>;
  /** The page's «not found» state: the head of a missing entity's page (404) says the same. */
  notFound: NotFoundStateProps;
  /** While the entity is neither loaded nor missing (another failure): the route's plain head. */
  fallback: (id: number) => PageMeta;
  build: (entity: T, context: RouteContext & { id: number }) => PageMeta;
}

/** A detail route's head from the cache its prefetch filled. */
export function detailMeta<T>({ options, notFound: state, fallback, build }: DetailMetaSpec<T>): RouteMeta {
  const notFound: PageMeta = { title: state.title, description: state.description, back: { href: state.backTo, label: state.backLabel } };
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

/**
 * The head of a list's page past its last one (`?page=99`), or null for a page that lists
 * something. Such a page is no content of its own, and an empty list under a 200 would be a «soft
 * 404» to a search engine: it is answered 404 as a missing entity's page is (its page still
 * rendered, saying so, and hydrated from the answer sent with it), which the server's head marks
 * `robots noindex` (scripts/serve-static.mjs, for every 404: not repeated here); its canonical is
 * the list's first page, and so is the way on for a browser without JavaScript, as the page's
 * results offer.
 */
export function pastLastPageMeta(data: Parameters<typeof isPastLastPage>[0], firstPagePath: string): PageMeta | null {
  if (!isPastLastPage(data)) return null;
  return {
    title: PAST_LAST_PAGE_TITLE,
    description: `${pastLastPageText(data)}.`,
    canonicalPath: firstPagePath,
    ogType: 'website',
    status: 404,
    back: { href: firstPagePath, label: 'К первой странице' },
  };
}

/** A list's title past its first page names the page, so the pages of one list differ in search results and tabs. */
export function pagedTitle(title: string, page: number): string {
  return page > 1 ? `${title}, страница ${page}` : title;
}

export const HOME_CRUMB = { name: 'Главная', path: '/' } as const;
