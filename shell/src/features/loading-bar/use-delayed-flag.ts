import { useEffect, useState } from 'react';

export const LOADING_BAR_THROTTLE_MS = 200;

/** True only once `active` has stayed true for `delay` ms: quick navigations show no bar. */
export function useDelayedFlag(active: boolean, delay = LOADING_BAR_THROTTLE_MS): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) {
      setShown(false);
      return undefined;
    }
    const timer = setTimeout(() => setShown(true), delay);
    return () => clearTimeout(timer);
  }, [active, delay]);
  return active && shown;
}
