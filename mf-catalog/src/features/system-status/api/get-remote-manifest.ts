import { queryOptions, useQueries } from '@tanstack/react-query';
import { getRuntimeConfig, type RemoteName, type RoutePrefetch } from 'shared';
import { getHealthQueryOptions, systemKeys } from './get-health';

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

export function getRemoteManifestQueryOptions(name: RemoteName, origin: string) {
  return queryOptions({
    queryKey: systemKeys.remote(name, origin),
    queryFn: ({ signal }) => fetchRemoteManifest(origin, signal),
    retry: false,
    staleTime: 0,
  });
}

export function useRemoteManifests(remotes: readonly (readonly [RemoteName, string])[]) {
  return useQueries({ queries: remotes.map(([name, origin]) => getRemoteManifestQueryOptions(name, origin)) });
}

/** `/test`: the API's health and every remote's manifest, as the page's cards read them. */
export const prefetchSystemStatus: RoutePrefetch = ({ queryClient }) => {
  const remotes = Object.entries(getRuntimeConfig().remotes) as [RemoteName, string][];
  return Promise.all([
    queryClient.prefetchQuery(getHealthQueryOptions()),
    ...remotes.map(([name, origin]) => queryClient.prefetchQuery(getRemoteManifestQueryOptions(name, origin))),
  ]);
};
