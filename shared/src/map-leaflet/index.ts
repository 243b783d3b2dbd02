/**
 * `shared/map-leaflet`: the Leaflet pieces every remote's maps share — the frame (tile source,
 * unnamed group (the `LazyMap` region names the map), zoom limit, «Подложка карты недоступна» when
 * the tile settings or the tiles fail, markers' popups from the keyboard and sized to the map),
 * framing a set of places, markers clustered per zoom (`ClusterMarkers`: a count badge that zooms
 * in, or lists its items where they cannot part), only the markers in view as tab stops, one finger
 * scrolling the page over a map on a touch screen (two move it), the pin icon and their CSS. A
 * separate entry, not re-exported by `shared`: the `shared` singleton (Module Federation shares
 * the exact key `shared` only) never contains Leaflet, and a remote that imports this entry bundles it into its own map chunk. Import
 * it only from modules that are themselves loaded lazily (behind `LazyMap`'s `load`), so Leaflet
 * stays out of the remote's other chunks.
 */
export { FitToItems, MapFrame, type MapFrameProps } from './map-frame';
export { clusterIcon, pinIcon } from './icons';
export { ClusterMarkers, type ClusterMarkerItem, type ClusterMarkersProps } from './cluster-markers';
export { clusterItems, type Cluster, type ClusterPoint } from './cluster';
