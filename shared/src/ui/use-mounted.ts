import { useEffect, useRef, type RefObject } from 'react';

/**
 * Whether the component is still on the page, for what a request's answer does after it: a dialog
 * may be closed (Escape, ×, «Отмена») while its request runs; the answer that comes after is said
 * by a toast, not by the gone dialog, and its end closes no dialog opened since.
 */
export function useMounted(): RefObject<boolean> {
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  return mounted;
}
