import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import {
  apiQueryOptions,
  applicationGet,
  applicationKeys,
  applicationLkDetailSchema,
  type ApplicationLkDetail,
  type CallData,
} from 'shared';

export type ApplicationView = CallData<typeof applicationGet>;

/** A party (customer, named executor, replier) gets the lk fields; anyone else the public card. */
export type DetailView = { party: true; detail: ApplicationLkDetail } | { party: false; application: ApplicationView };

export function toDetailView(view: ApplicationView): DetailView {
  const lk = applicationLkDetailSchema.safeParse(view);
  return lk.success ? { party: true, detail: lk.data } : { party: false, application: view };
}

/**
 * `application/get` under the same key as the public page: one call, one cache entry; the lk page
 * only reads it differently (`select`).
 */
export function getApplicationDetailQueryOptions(id: number) {
  return queryOptions({
    ...apiQueryOptions(applicationGet, { query: { id } }, applicationKeys.detail(id)),
    select: toDetailView,
  });
}

/**
 * Reads the application afresh (the cache takes it, so an open page shows it too), as the page
 * reads it: `fetchQuery` does not apply a query's `select`.
 */
export async function fetchApplicationDetail(queryClient: QueryClient, id: number): Promise<DetailView> {
  return toDetailView(await queryClient.fetchQuery({ ...getApplicationDetailQueryOptions(id), staleTime: 0 }));
}

/**
 * Asked again whenever the window gets the focus back: the socket tells the other party's steps, but
 * not the user's own taken in another tab or on another device (the server notifies the other side
 * only), and an action offered by a page left behind would be refused.
 */
export function useApplicationDetail(id: number) {
  return useQuery({ ...getApplicationDetailQueryOptions(id), refetchOnWindowFocus: 'always' });
}
