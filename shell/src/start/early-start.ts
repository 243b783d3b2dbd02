import { loadRemoteRoutes, registerRemoteOrigins } from '../remotes/federation';
import { guessRoutePath, matchMount, pathBelowMount } from '../remotes/match-remote';
import { remoteMounts, type RemoteName } from '../remotes/registry';
import { afterNextPaint } from './next-paint';

// Runs in the entry chunk, before the shell's shared chunks arrive: the runtime configuration
// and the first route's remote (manifest, entry, ./routes) load in parallel with them instead
// of after them (ARCHITECTURE §7: every sequential round costs ~0.56 s on a slow phone).
// Requested from a microtask, right after the entry script has run, rather than inside it: with
// DevTools attached (Lighthouse too) a request records where it was made, and V8 then reparses
// every function on the stack, here the whole entry script, for its source positions.
export const rawConfigPromise: Promise<unknown> = Promise.resolve()
  .then(() => fetch('/runtime-config.json', { headers: { Accept: 'application/json' } }))
  .then((response) => {
    if (!response.ok) throw new Error(`Не удалось загрузить конфигурацию приложения (HTTP ${response.status})`);
    return response.json() as Promise<unknown>;
  });

function remoteOrigins(raw: unknown): Partial<Record<RemoteName, string>> | null {
  if (!raw || typeof raw !== 'object' || !('remotes' in raw)) return null;
  const { remotes } = raw as { remotes: unknown };
  return remotes && typeof remotes === 'object' ? (remotes as Partial<Record<RemoteName, string>>) : null;
}

/** Starts the first route's remote `./routes` and, for an unguarded page, its chunk. */
export function preloadFirstRoute(pathname = window.location.pathname): void {
  rawConfigPromise
    .then(async (raw) => {
      const origins = remoteOrigins(raw);
      if (!origins) return;
      registerRemoteOrigins(origins);
      // The path's owner from the configuration's mounts; its exact page from its own routes.
      const owner = matchMount(remoteMounts((raw as { mounts?: unknown }).mounts), pathname);
      if (!owner) return;
      // The same cached promise the route loader awaits later, so nothing is fetched twice.
      const routes = await loadRemoteRoutes(owner.name);
      const path = guessRoutePath(routes.map((candidate) => candidate.path), pathBelowMount(owner.mount, pathname));
      const route = routes.find((candidate) => candidate.path === path);
      if (route && !route.handle.guards?.length && typeof route.lazy === 'function') await route.lazy();
    })
    // A failed preload is retried by the route's own load, which shows the error if any.
    .catch(() => undefined);
}

/**
 * Resolves once the server-rendered content has been painted: the browser paints it before the
 * hydration JavaScript is evaluated (the first paint of a phone does not wait for ~250 kB of it).
 * A client-rendered page has nothing to paint and starts at once; a hidden tab, where no frame is
 * drawn, starts after `fallbackMs`.
 */
export function afterFirstPaint(doc: Document = document, fallbackMs = 100): Promise<void> {
  if (!doc.getElementById('root')?.firstElementChild) return Promise.resolve();
  return afterNextPaint(fallbackMs);
}

/** Ends the current task: what follows runs in a new one, after pending input and rendering. */
export function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
