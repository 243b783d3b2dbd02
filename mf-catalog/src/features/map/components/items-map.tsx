import { useMemo, type ComponentType } from 'react';
import { hasCoordinates, LazyMap, LazyPointMap, usePrefetchMapTileConfig, type PluralForms, type PointMapProps, type PointViewProps } from 'shared';
import type { ItemsMapViewProps, MapItem, PlacedItem } from '../types';
import { MapItemsList } from './map-items-list';
import './map.css';

/** A map view is loaded only after the page has mounted (LazyMap), which never happens on the server. */
function noMapOnServer(): Promise<never> {
  return Promise.reject(new Error('Leaflet is never loaded on the server'));
}

// The only references to the Leaflet chunk: webpack splits it off at these dynamic imports, and the
// server build (`__SSR__`, a constant webpack folds) drops them, so Leaflet is not in it at all.
const loadItemsView: () => Promise<{ default: ComponentType<ItemsMapViewProps> }> =
  typeof __SSR__ !== 'undefined' && __SSR__
    ? noMapOnServer
    : () => import(/* webpackChunkName: "leaflet-map" */ './leaflet/map-views').then((m) => ({ default: m.ItemsMapView }));
const loadPointView: () => Promise<{ default: ComponentType<PointViewProps> }> =
  typeof __SSR__ !== 'undefined' && __SSR__
    ? noMapOnServer
    : () => import(/* webpackChunkName: "leaflet-map" */ './leaflet/map-views').then((m) => ({ default: m.PointMapView }));

export interface ItemsMapProps {
  items: readonly MapItem[];
  /** CSS height; 400 px by default. */
  height?: number | string;
}

function ItemsMap({ items, height, label, listLabel, noun }: ItemsMapProps & { label: string; listLabel: string; noun: PluralForms }) {
  const placed = useMemo(() => items.filter((item): item is PlacedItem => hasCoordinates(item)), [items]);
  const props = useMemo<ItemsMapViewProps>(() => ({ items: placed, noun }), [placed, noun]);
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

export type { PointMapProps } from 'shared';

/** One place (a detail page's address); renders nothing when the address has no coordinates. */
export const PointMap = (props: PointMapProps) => <LazyPointMap {...props} load={loadPointView} />;
