import { useQueries } from '@tanstack/react-query';
import type { RemoteName } from 'shared';
import { systemKeys } from './get-health';

export interface RemoteManifest {
  /** `metaData.buildInfo.buildVersion` of the federation manifest, when the build wrote one. */
  version: string | null;
  buildName: string | null;
}

function stringAt(value: unknown, ...path: string[]): string | null {
  let current = value;
  for (const key of path) {
    if (!current || typeof current !== 'object') return null;
    current = (current as Record<string, unknown>)[key];
  }
  return typeof current === 'string' && current ? current : null;
}

/** A remote is reachable when its `mf-manifest.json` (what the shell loads it by) answers. */
export async function fetchRemoteManifest(origin: string, signal?: AbortSignal): Promise<RemoteManifest> {
  const response = await fetch(`${origin.replace(/\/+$/, '')}/mf-manifest.json`, {
    cache: 'no-store',
    headers: { Accept: 'application/json' },
    ...(signal ? { signal } : {}),
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const body: unknown = await response.json();
  return {
    version: stringAt(body, 'metaData', 'buildInfo', 'buildVersion'),
    buildName: stringAt(body, 'metaData', 'buildInfo', 'buildName'),
  };
}

export function useRemoteManifests(remotes: readonly (readonly [RemoteName, string])[]) {
  return useQueries({
    queries: remotes.map(([name, origin]) => ({
      queryKey: systemKeys.remote(name, origin),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchRemoteManifest(origin, signal),
      retry: false,
      staleTime: 0,
    })),
  });
}
