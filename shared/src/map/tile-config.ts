import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiQueryOptions } from '../api/api-query-options';
import { getRuntimeConfig } from '../config/runtime-config';
import { mapTileConfig, type MapTileConfig } from '../contract/map';
import { mapKeys } from '../query/query-keys';

export function getMapTileConfigQueryOptions() {
  // The tile source changes only with a redeploy of the API.
  return { ...apiQueryOptions(mapTileConfig, {}, mapKeys.tileConfig()), staleTime: Infinity, gcTime: Infinity };
}

function runtimeTileUrl(): string | null {
  try {
    return getRuntimeConfig().mapTileUrl;
  } catch {
    return null;
  }
}

/** A third-party template named in the runtime configuration wins over the API's answer. */
export function useMapTileConfig(): { config: MapTileConfig | undefined; isError: boolean } {
  const query = useQuery(getMapTileConfigQueryOptions());
  const override = runtimeTileUrl();
  if (query.data && override) return { config: { ...query.data, url: override }, isError: false };
  return { config: query.data, isError: query.isError };
}

/** For `LazyMap`'s `onVisible`: starts the tile-source request alongside the map's chunk, rather than after it has loaded. */
export function usePrefetchMapTileConfig(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => void queryClient.prefetchQuery(getMapTileConfigQueryOptions()), [queryClient]);
}
