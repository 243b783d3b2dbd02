import { useSyncExternalStore } from 'react';

const COARSE = '(pointer: coarse)';

const coarseQuery = () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(COARSE) : null);

function subscribe(onChange: () => void): () => void {
  const query = coarseQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/**
 * True where the primary pointer is a finger: a touch keyboard has no Shift+Enter to break a line,
 * so Enter must stay a line break there. False on the server and where matchMedia is missing.
 */
export function useCoarsePointer(): boolean {
  return useSyncExternalStore(subscribe, () => coarseQuery()?.matches ?? false, () => false);
}
