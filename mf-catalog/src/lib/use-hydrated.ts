import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * `value` once the page has hydrated, `serverValue` while it hydrates (and on the server): for what
 * only the browser knows, such as the history entry's state, which survives a reload there but
 * never reaches the server. A page rendered in the browser alone gets `value` at once.
 */
export function useAfterHydration<T>(value: T, serverValue: T): T {
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  return hydrated ? value : serverValue;
}
