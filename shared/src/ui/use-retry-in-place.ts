import { useEffect, useRef, useState, type RefObject } from 'react';
import { focusLost } from './focus-fallback';

/**
 * «Загрузить снова» for a list that never loaded. Its retry is a fresh load (react-query puts a
 * query without data back to pending, its error gone), so a loading placeholder would take the
 * button's place and the focus would fall to <body>: while `retrying`, the error state stays
 * with its button busy. Once the list is shown (`loaded`), the control in `target` (its search
 * field) takes the focus if it is lost; a retry that fails again leaves it on the button.
 */
export function useRetryInPlace<T extends HTMLElement>(query: { isFetching: boolean; refetch: () => unknown }, loaded: boolean) {
  const [retrying, setRetrying] = useState(false);
  if (retrying && !query.isFetching) setRetrying(false);
  const handOver = useRef(false);
  const target: RefObject<T | null> = useRef<T>(null);
  useEffect(() => {
    if (!loaded || !handOver.current) return;
    handOver.current = false;
    if (focusLost()) target.current?.focus();
  }, [loaded]);
  return {
    retrying,
    target,
    retry: () => {
      setRetrying(true);
      handOver.current = true;
      void query.refetch();
    },
  };
}
