import { useSyncExternalStore } from 'react';
import type { RemoteName } from './registry';

// A failure after the visitor pressed 'Повторить' shows the panel again instead of reloading;
// the mark stays until the remote loads (reads are idempotent, StrictMode renders twice).
const retrying = new Set<RemoteName>();

// How many times a remote came back through 'Повторить' (loaded once more after its mark): the
// header's widgets that had failed (its unread badge, that remote's too) try again then, not only
// at the next navigation, which the section's retry is not (QA UU-5).
let comebacks = 0;
const comebackListeners = new Set<() => void>();

export function markRetry(remote: RemoteName): void {
  retrying.add(remote);
}

export function isRetrying(remote: RemoteName): boolean {
  return retrying.has(remote);
}

export function clearRetry(remote: RemoteName): void {
  if (!retrying.delete(remote)) return;
  comebacks += 1;
  for (const listener of comebackListeners) listener();
}

function onComeback(listener: () => void): () => void {
  comebackListeners.add(listener);
  return () => comebackListeners.delete(listener);
}

/** A count that grows each time a remote loads again after 'Повторить' (none on the server). */
export function useRemoteComebacks(): number {
  return useSyncExternalStore(
    onComeback,
    () => comebacks,
    () => 0,
  );
}
