/**
 * What every remote's maps share, without Leaflet: the tile source (GET /api/tiles/config), the
 * lazy frame that loads a remote's own Leaflet chunk only when the map scrolls into view, and the
 * coordinate helpers. The Leaflet pieces (frame, pin, framing) are the separate entry
 * `shared/map-leaflet`, imported only by the remotes' lazily loaded map views (mf-catalog,
 * mf-cabinet), so the `shared` singleton and the bundles without a map never contain Leaflet.
 */
export { getMapTileConfigQueryOptions, useMapTileConfig, usePrefetchMapTileConfig } from './tile-config';
export { LazyMap, type LazyMapProps } from './lazy-map';
export { useInView } from './use-in-view';
export { detailZoom, hasCoordinates, RUSSIA_VIEW } from './coordinates';
export { LazyPointMap, type PointMapProps, type PointViewProps } from './point-map';
