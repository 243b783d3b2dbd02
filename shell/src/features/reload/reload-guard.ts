// A reload after a failed chunk/remote load is tried once; a second failure within the window
// shows an error instead of looping (spec §8, §9).
export const RELOAD_GUARD_MS = 10000;
export const RELOAD_KEY = 'shell:last-reload';

type Store = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * Whether a reload may be tried: not within the window of the last one, and not while the browser
 * is offline — the reload could only fetch the browser's own «no internet» page, throwing the app
 * away; the error panel with «Повторить» stays instead (QA O-1).
 */
export function canReload(storage: Store, now = Date.now(), online = typeof navigator === 'undefined' || navigator.onLine !== false): boolean {
  if (!online) return false;
  const last = Number(storage.getItem(RELOAD_KEY));
  return !Number.isFinite(last) || last <= 0 || now - last >= RELOAD_GUARD_MS;
}

/** Reloads unless a reload happened within the last 10000 ms; returns whether it reloaded. */
export function reloadOnce(
  reload: () => void = () => window.location.reload(),
  storage: Store = window.sessionStorage,
  now = Date.now(),
): boolean {
  if (!canReload(storage, now)) return false;
  storage.setItem(RELOAD_KEY, String(now));
  reload();
  return true;
}
