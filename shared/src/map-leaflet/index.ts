/**
 * `shared/map-leaflet`: the Leaflet pieces every remote's maps share — the frame (tile source,
 * unnamed group (the `LazyMap` region names the map), zoom limit, «Подложка карты недоступна» when
 * the tile settings or the tiles fail, markers' popups from the keyboard and sized to the map),
 * framing a set of places, the pin icon and their CSS. A separate entry, not re-exported by
 * `shared`: the `shared` singleton (Module Federation shares the exact key `shared` only) never
 * contains Leaflet, and a remote that imports this entry bundles it into its own map chunk. Import
 * it only from modules that are themselves loaded lazily (behind `LazyMap`'s `load`), so Leaflet
 * stays out of the remote's other chunks.
 */
export { FitToItems, MapFrame, type MapFrameProps } from './map-frame';
export { pinIcon } from './icons';
