import { useMemo, type ComponentType } from 'react';
import { hasCoordinates } from './coordinates';
import { LazyMap } from './lazy-map';
import { usePrefetchMapTileConfig } from './tile-config';

/** What a remote's Leaflet view of one place takes. */
export interface PointViewProps {
  point: { geoLat: number; geoLon: number };
  /** What stands at the point, e.g. 'г Казань, ул. Баумана, д. 1': the marker's and the map's name. */
  label: string;
}

export interface PointMapProps {
  point: { geoLat: number | null; geoLon: number | null };
  label: string;
  /** CSS height; 280 px by default. */
  height?: number | string;
}

/**
 * One place on a lazily loaded map (a detail page's address); nothing when the address has no
 * coordinates. `load` is the remote's own dynamic import of its Leaflet view, so Leaflet stays in
 * that remote's chunk.
 */
export function LazyPointMap({ point, label, height = 280, load }: PointMapProps & { load: () => Promise<{ default: ComponentType<PointViewProps> }> }) {
  const { geoLat, geoLon } = point;
  const props = useMemo<PointViewProps | null>(() => {
    const place = { geoLat, geoLon };
    return hasCoordinates(place) ? { point: place, label } : null;
  }, [geoLat, geoLon, label]);
  const prefetch = usePrefetchMapTileConfig();
  if (!props) return null;
  return <LazyMap label={`Карта: ${label}`} height={height} load={load} props={props} onVisible={prefetch} />;
}
