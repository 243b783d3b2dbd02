import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteRoute } from 'shared';
import { withBudget } from './budget';
import type { RemoteName } from './registry';
import { RemoteLoadError } from './remote-load-error';

type RoutesModule = { routes?: RemoteRoute[]; default?: RemoteRoute[] };

const entries = new Map<RemoteName, string>();
const loaded = new Map<RemoteName, Promise<RemoteRoute[]>>();
const failed = new Set<RemoteName>();

function manifestUrl(origin: string): string {
  return `${origin.replace(/\/+$/, '')}/mf-manifest.json`;
}

/** Tells the federation runtime where each remote lives; nothing is fetched until a route needs it. */
export function registerRemoteOrigins(origins: Partial<Record<RemoteName, string>>): void {
  const remotes = Object.entries(origins)
    .map(([name, origin]) => ({ name: name as RemoteName, entry: manifestUrl(String(origin)) }))
    .filter(({ name, entry }) => entries.get(name) !== entry);
  if (!remotes.length) return;
  for (const { name, entry } of remotes) entries.set(name, entry);
  registerRemotes(remotes, { force: true });
}

/**
 * How long a remote may take to answer with a module. A refused connection or a 404 fails at
 * once; a server that accepts and never answers would leave the route loading for good, so past
 * this budget it fails as they do: the error panel with «Повторить» (ARCHITECTURE §2).
 */
export const REMOTE_LOAD_TIMEOUT_MS = 15_000;

function forgetFailure(remote: RemoteName): void {
  if (!failed.has(remote)) return;
  // The runtime keeps a failed manifest/entry; re-registering with force drops it so a retry refetches.
  const entry = entries.get(remote);
  if (entry) registerRemotes([{ name: remote, entry }], { force: true });
  failed.delete(remote);
}

async function fetchRoutes(remote: RemoteName): Promise<RemoteRoute[]> {
  forgetFailure(remote);
  const module = await withBudget(loadRemote<RoutesModule>(`${remote}/routes`), REMOTE_LOAD_TIMEOUT_MS, `${remote}/routes`);
  const routes = module?.routes ?? module?.default;
  if (!Array.isArray(routes)) throw new Error(`${remote}/routes не содержит маршрутов`);
  return routes;
}

/** The remote's route objects; the promise is kept on success and dropped on failure. */
export function loadRemoteRoutes(remote: RemoteName): Promise<RemoteRoute[]> {
  const cached = loaded.get(remote);
  if (cached) return cached;
  const promise = fetchRoutes(remote).catch((error: unknown) => {
    loaded.delete(remote);
    failed.add(remote);
    throw new RemoteLoadError(remote, error);
  });
  loaded.set(remote, promise);
  return promise;
}

const modules = new Map<string, Promise<unknown>>();

/**
 * Another module a remote exposes beside `./routes` (a header widget), e.g. `unread-badge`. Kept
 * on success; on failure dropped, so a later call (after a navigation) tries the remote again.
 */
export function loadRemoteModule<T>(remote: RemoteName, exposed: string): Promise<T> {
  const id = `${remote}/${exposed}`;
  const cached = modules.get(id);
  if (cached) return cached as Promise<T>;
  const promise = (async () => {
    forgetFailure(remote);
    const module = await withBudget(loadRemote<T>(id), REMOTE_LOAD_TIMEOUT_MS, id);
    if (!module) throw new Error(`${id} не найден`);
    return module;
  })().catch((error: unknown) => {
    modules.delete(id);
    failed.add(remote);
    throw new RemoteLoadError(remote, error);
  });
  modules.set(id, promise);
  return promise;
}
