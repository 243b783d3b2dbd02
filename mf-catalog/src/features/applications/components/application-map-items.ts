import { formatApplicationPrice, type Application } from 'shared';

export interface MapItem {
  id: number;
  name: string;
  href: string;
  geoLat: number;
  geoLon: number;
  subtitle?: string;
}

/** Applications with coordinates, as the map's markers. */
export function toApplicationMapItems(items: readonly Application[]): MapItem[] {
  return items.flatMap(({ id, name, price, address }) =>
    address.geoLat == null || address.geoLon == null
      ? []
      : [{ id, name, href: `/application/${id}`, geoLat: address.geoLat, geoLon: address.geoLon, subtitle: formatApplicationPrice(price) }],
  );
}
