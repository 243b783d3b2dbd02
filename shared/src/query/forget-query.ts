import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Forgets a record that is gone (deleted here, or found gone: a 404): a fetch of it under way is
 * cancelled, and its cached answer is dropped once no component shows it. Dropped under a page
 * still drawn — the shell draws the old page again while the next one's code loads — its query
 * would be created afresh and asked for again, for a 404.
 */
export function forgetQuery(queryClient: QueryClient, queryKey: QueryKey): void {
  const cache = queryClient.getQueryCache();
  const query = cache.find({ queryKey, exact: true });
  if (!query) return;
  void queryClient.cancelQueries({ queryKey, exact: true });
  if (query.getObserversCount() === 0) {
    cache.remove(query);
    return;
  }
  const unsubscribe = cache.subscribe((event) => {
    if (event.query !== query || event.type !== 'observerRemoved' || query.getObserversCount() > 0) return;
    unsubscribe();
    cache.remove(query);
  });
}
