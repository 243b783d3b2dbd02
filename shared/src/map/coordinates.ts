/** Items that can stand on a map: finite coordinates within the Web Mercator range. */
export function hasCoordinates<T extends { geoLat: number | null; geoLon: number | null }>(item: T): item is T & { geoLat: number; geoLon: number } {
  const { geoLat, geoLon } = item;
  return typeof geoLat === 'number' && typeof geoLon === 'number' && Number.isFinite(geoLat) && Number.isFinite(geoLon) && Math.abs(geoLat) <= 85.05 && Math.abs(geoLon) <= 180;
}

/**
 * The zoom for one address: a street on a full tile server, the city and its surroundings on
 * the API's own tiles (zoom 12 at most, where a city is a dot on plain land).
 */
export function detailZoom(maxZoom: number | undefined): number {
  return maxZoom !== undefined && maxZoom > 12 ? 15 : 9;
}

/** Central and Western Russia, where most addresses are: the view before anything is placed. */
export const RUSSIA_VIEW = { center: [56, 55] as [number, number], zoom: 3 };
