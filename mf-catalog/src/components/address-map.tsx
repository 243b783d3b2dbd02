import { PointMap } from '../features/map';

type Located = { name: string; address: { geoLat?: number | null; geoLon?: number | null; value?: string | null } };

/** The map of a detail page's address, or null where the address has no coordinates. */
export function addressMap({ name, address: { geoLat, geoLon, value } }: Located) {
  return geoLat != null && geoLon != null ? <PointMap point={{ geoLat, geoLon }} label={value || name} /> : null;
}
