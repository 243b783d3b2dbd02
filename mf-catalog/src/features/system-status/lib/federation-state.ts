import { useSyncExternalStore } from 'react';

/** What this page can tell about a remote from the Module Federation runtime the shell runs. */
export type RemoteLoadState = 'loaded' | 'not-loaded' | 'unknown';

interface FederationInstance {
  name?: string;
  moduleCache?: { get(name: string): { inited?: boolean } | undefined };
}

interface FederationGlobal {
  __INSTANCES__?: FederationInstance[];
}

/**
 * Remotes load on first use (`loaded-first`): a remote is in the page once the runtime has an
 * instance of it or a host has initialised its container. Without a runtime (a remote running
 * alone, tests) nothing can be said.
 */
export function remoteLoadState(name: string): RemoteLoadState {
  const federation = (globalThis as { __FEDERATION__?: FederationGlobal }).__FEDERATION__;
  const instances = federation?.__INSTANCES__;
  if (!Array.isArray(instances) || instances.length === 0) return 'unknown';
  const loaded = instances.some((instance) => instance.name === name || Boolean(instance.moduleCache?.get(name)?.inited));
  return loaded ? 'loaded' : 'not-loaded';
}

const never = () => () => undefined;

/**
 * The load state for a page that is also rendered on the server: the server and the browser's
 * hydration both say 'unknown', then the browser reads its runtime (again on each render, so
 * «check again» sees a remote loaded since).
 */
export function useRemoteLoadState(name: string): RemoteLoadState {
  return useSyncExternalStore(never, () => remoteLoadState(name), () => 'unknown');
}
