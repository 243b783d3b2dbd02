import { useMemo } from 'react';
import { hasCoordinates, LazyMap, usePrefetchMapTileConfig, type PluralForms } from 'shared';
import type { ItemsMapViewProps, MapItem, PlacedItem, PointMapViewProps } from '../types';
import { MapItemsList } from './map-items-list';
import './map.css';

// The only references to the Leaflet chunk: webpack splits it off at these dynamic imports.
const loadItemsView = () => import(/* webpackChunkName: "leaflet-map" */ './leaflet/map-views').then((m) => ({ default: m.ItemsMapView }));
const loadPointView = () => import(/* webpackChunkName: "leaflet-map" */ './leaflet/map-views').then((m) => ({ default: m.PointMapView }));

export interface ItemsMapProps {
  items: readonly MapItem[];
  /** CSS height; 400 px by default. */
  height?: number | string;
}

function ItemsMap({ items, height, label, listLabel, noun }: ItemsMapProps & { label: string; listLabel: string; noun: PluralForms }) {
  const placed = useMemo(() => items.filter((item): item is PlacedItem => hasCoordinates(item)), [items]);
  const props = useMemo<ItemsMapViewProps>(() => ({ items: placed, label, noun }), [placed, label, noun]);
  const prefetch = usePrefetchMapTileConfig();
  return (
    <div>
      <LazyMap label={label} height={height} load={loadItemsView} props={props} onVisible={prefetch} />
      <MapItemsList items={placed} label={listLabel} />
    </div>
  );
}

const APPLICATION_NOUN: PluralForms = ['заявка', 'заявки', 'заявок'];
const FACILITY_NOUN: PluralForms = ['объект', 'объекта', 'объектов'];

export function ApplicationsMap(props: ItemsMapProps) {
  return <ItemsMap {...props} label="Карта заявок" listLabel="Заявки на карте" noun={APPLICATION_NOUN} />;
}

export function FacilitiesMap(props: ItemsMapProps) {
  return <ItemsMap {...props} label="Карта объектов" listLabel="Объекты на карте" noun={FACILITY_NOUN} />;
}

export interface PointMapProps {
  point: { geoLat: number | null; geoLon: number | null };
  /** What stands at the point, e.g. 'г Казань, ул. Баумана, д. 1': the marker's and the map's name. */
  label: string;
  height?: number | string;
}

/** One place (a detail page's address); renders nothing when the address has no coordinates. */
export function PointMap({ point, label, height = 280 }: PointMapProps) {
  const { geoLat, geoLon } = point;
  const props = useMemo<PointMapViewProps | null>(() => {
    const place = { geoLat, geoLon };
    return hasCoordinates(place) ? { point: place, label } : null;
  }, [geoLat, geoLon, label]);
  const prefetch = usePrefetchMapTileConfig();
  if (!props) return null;
  return <LazyMap label={`Карта: ${label}`} height={height} load={loadPointView} props={props} onVisible={prefetch} />;
}
