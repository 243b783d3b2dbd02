/**
 * A paged query's first load, for shared `useQueryRetry`: it fails whole only with nothing to show —
 * a next page (or a refetch) that fails keeps what was read so far, said where the next page is asked.
 */
export function wholeLoad(query: { isPending: boolean; isError: boolean; isSuccess: boolean; isFetching: boolean; error: unknown; data: unknown; refetch: () => unknown }) {
  const { isPending, isSuccess, isFetching, error, refetch } = query;
  return { isPending, isSuccess, isFetching, error, refetch, isError: query.isError && !query.data };
}
