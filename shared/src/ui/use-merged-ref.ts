import { useCallback, type MutableRefObject, type Ref, type RefCallback } from 'react';

/**
 * One element, two refs: the component's own (`own`, to focus or measure it) and the one its
 * caller passed (react-hook-form's `register` ref, which focuses the field of an error).
 */
export function useMergedRef<T>(own: MutableRefObject<T | null>, forwarded: Ref<T> | undefined): RefCallback<T> {
  return useCallback(
    (node: T | null) => {
      own.current = node;
      if (typeof forwarded === 'function') forwarded(node);
      else if (forwarded) (forwarded as MutableRefObject<T | null>).current = node;
    },
    [own, forwarded],
  );
}
