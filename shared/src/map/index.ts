/**
 * What every remote's maps share, without Leaflet: the tile source (GET /api/tiles/config), the
 * lazy frame that loads a remote's own Leaflet chunk only when the map scrolls into view, and the
 * coordinate helpers. Leaflet itself stays in the remotes that draw maps (mf-catalog, mf-cabinet),
 * so a build that bundles `shared` never has to resolve it.
 */
export { getMapTileConfigQueryOptions, useMapTileConfig } from './tile-config';
export { LazyMap, type LazyMapProps } from './lazy-map';
export { useInView } from './use-in-view';
export { detailZoom, hasCoordinates, RUSSIA_VIEW } from './coordinates';
