import type { PluralForms } from 'shared';

/** One place on a map: an application, a facility… `href` is the item's page in this app. */
export interface MapItem {
  id: number | string;
  name: string;
  href: string;
  /** Null (an address without coordinates) leaves the item off the map and its list. */
  geoLat: number | null;
  geoLon: number | null;
  /** A second line under the name (address, price…). */
  subtitle?: string;
}

export type PlacedItem = MapItem & { geoLat: number; geoLon: number };

/** What the lazily loaded clustered map needs (see components/items-map.tsx). */
export interface ItemsMapViewProps {
  items: readonly PlacedItem[];
  /** How a cluster names its items: ['заявка', 'заявки', 'заявок']. */
  noun: PluralForms;
}

export { hasCoordinates } from 'shared';
