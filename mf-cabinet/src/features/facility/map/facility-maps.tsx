import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { hasCoordinates, LazyMap, LazyPointMap, usePrefetchMapTileConfig, type PointMapProps } from 'shared';
import type { FacilitiesMapViewProps, PickerViewProps, PlacedFacility, Point } from './types';

// The only references to the Leaflet chunk: webpack splits it off at these dynamic imports.
const loadFacilitiesView = () => import(/* webpackChunkName: "facility-map" */ './leaflet/map-views').then((m) => ({ default: m.FacilitiesMapView }));
const loadPickerView = () => import(/* webpackChunkName: "facility-map" */ './leaflet/map-views').then((m) => ({ default: m.PickerView }));
const loadPointView = () => import(/* webpackChunkName: "facility-map" */ './leaflet/map-views').then((m) => ({ default: m.PointView }));

export interface FacilityMapItem {
  id: number;
  name: string;
  subtitle: string;
  href: string;
  geoLat: number | null;
  geoLon: number | null;
}

/** The list's facilities that have coordinates; the same links as a list for screen readers. */
export function FacilitiesMap({ items, height = 360 }: { items: readonly FacilityMapItem[]; height?: number | string }) {
  const placed = useMemo(() => items.filter((item): item is PlacedFacility => hasCoordinates(item)), [items]);
  const props = useMemo<FacilitiesMapViewProps>(() => ({ items: placed }), [placed]);
  const prefetch = usePrefetchMapTileConfig();
  if (placed.length === 0) return <p className="facility-muted">Объектов с точкой на карте на этой странице нет.</p>;
  return (
    <div>
      <LazyMap label="Карта объектов" height={height} load={loadFacilitiesView} props={props} onVisible={prefetch} />
      <ul className="facility-visually-hidden-list" aria-label="Объекты на карте">
        {placed.map((item) => (
          <li key={item.id}>
            <Link to={item.href}>{item.name}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function PickerMap({ point, onPick, height = 320 }: { point: Point | null; onPick: (point: Point) => void; height?: number | string }) {
  const props = useMemo<PickerViewProps>(() => ({ point, onPick }), [point, onPick]);
  const prefetch = usePrefetchMapTileConfig();
  return <LazyMap label="Карта: точка объекта" height={height} load={loadPickerView} props={props} onVisible={prefetch} />;
}

/** One place; nothing when the address has no coordinates. */
export const PointMap = (props: PointMapProps) => <LazyPointMap {...props} load={loadPointView} />;
