import type { RemoteName } from './registry';

// A failure after the visitor pressed 'Повторить' shows the panel again instead of reloading;
// the mark stays until the remote loads (reads are idempotent, StrictMode renders twice).
const retrying = new Set<RemoteName>();

export function markRetry(remote: RemoteName): void {
  retrying.add(remote);
}

export function isRetrying(remote: RemoteName): boolean {
  return retrying.has(remote);
}

export function clearRetry(remote: RemoteName): void {
  retrying.delete(remote);
}
