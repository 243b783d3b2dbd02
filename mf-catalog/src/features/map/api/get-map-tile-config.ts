import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions, getRuntimeConfig, mapTileConfig, type MapTileConfig } from 'shared';

export const mapKeys = { tileConfig: () => ['map', 'tile-config'] as const };

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
