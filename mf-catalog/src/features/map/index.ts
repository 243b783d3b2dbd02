/**
 * Maps of the catalogue. Importing this module costs a few kB: Leaflet, react-leaflet and
 * Leaflet's CSS sit in a separate chunk that loads only when a map scrolls into view (within
 * 200 px), behind a skeleton of the map's size. Tiles come from GET /api/tiles/config.
 *
 * <ApplicationsMap items={MapItem[]} height?={number | string} />
 * <FacilitiesMap items={MapItem[]} height?={number | string} />
 *   items: { id, name, href, geoLat, geoLon, subtitle? } — `href` is the item's page ('/application/12');
 *   items without valid coordinates are left out. height: CSS height, 400 px by default.
 *   Markers cluster by distance per zoom: a cluster shows its count and zooms in on click or
 *   Enter; where they cannot part (one address, or the deepest zoom) it opens a list of links
 *   (shared/map-leaflet's `ClusterMarkers`, the cabinet's map's too). A marker's popup links to
 *   its item. The map is named 'Карта заявок' / 'Карта объектов'; a list of the same links
 *   follows it, hidden unless focused, for screen readers. Must render inside a router and a
 *   QueryClientProvider (every page of this remote is).
 *
 * <PointMap point={{ geoLat, geoLon }} label={string} height?={number | string} />
 *   One marker for a detail page (height 280 px by default); renders nothing when either
 *   coordinate is null. label names the place: the marker's title, its popup, the map's name.
 *
 * <LazyMap label load props height? onVisible? /> — the lazy frame the maps use, for another map view.
 */
export { ApplicationsMap, FacilitiesMap, PointMap, type ItemsMapProps, type PointMapProps } from './components/items-map';
export { LazyMap, type LazyMapProps } from 'shared';
export { useMapTileConfig, getMapTileConfigQueryOptions, mapKeys } from './api/get-map-tile-config';
export type { MapItem } from './types';
