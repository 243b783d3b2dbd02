import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { AttributionControl, MapContainer, TileLayer, useMap, ZoomControl } from 'react-leaflet';
// Through the package name, not relative paths: the tile source and its cache are the `shared`
// singleton's (see shared/standalone).
import { detailZoom, RUSSIA_VIEW, useMapTileConfig } from 'shared';
import { PopupFitsMap } from './popup-fits-map';
import { PopupKeyboard } from './popup-keyboard';
import { TouchGestures } from './touch-gestures';
import { ViewTabStops } from './view-tab-stops';
import './map-leaflet.css';

const LEAFLET_LINK = '<a href="https://leafletjs.com" title="Библиотека интерактивных карт" lang="en">Leaflet</a>';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The Leaflet container is what keyboard users focus (arrows pan, +/− zoom): a group, unnamed. The
 * map is named once, by the region of `LazyMap` around it, which a screen reader says as the focus
 * enters it; the same name on the container was said a second time.
 */
function ContainerRole() {
  const map = useMap();
  useEffect(() => {
    map.getContainer().setAttribute('role', 'group');
  }, [map]);
  return null;
}

/** Leaflet names a popup's close button in English («Close popup»), with no option to change it. */
function PopupCloseName() {
  const map = useMap();
  useEffect(() => {
    const name = (event: L.PopupEvent) => event.popup.getElement()?.querySelector('.leaflet-popup-close-button')?.setAttribute('aria-label', 'Закрыть');
    map.on('popupopen', name);
    return () => {
      map.off('popupopen', name);
    };
  }, [map]);
  return null;
}

/** The tile source's zoom limit, once GET /api/tiles/config has answered (MapContainer reads its props once). */
function MaxZoom({ value }: { value: number | undefined }) {
  const map = useMap();
  useEffect(() => {
    if (value !== undefined) map.setMaxZoom(value);
  }, [map, value]);
  return null;
}

/**
 * Whether the tile images of the map's view all failed (the tile server down, the network cut, the
 * requests blocked): the map stood plain grey with no word. Judged once the view's tiles have all
 * answered (Leaflet's `load`), not tile by tile: one note, no flicker, and a view where only some
 * tiles failed (an edge tile) still shows the map, so it says nothing.
 */
function useTilesFailed(): [boolean, L.LeafletEventHandlerFnMap] {
  const [failed, setFailed] = useState(false);
  // Stable: react-leaflet binds the handlers again whenever the object changes.
  const handlers = useMemo<L.LeafletEventHandlerFnMap>(() => {
    let loaded = 0;
    let errors = 0;
    return {
      loading: () => {
        loaded = 0;
        errors = 0;
      },
      tileload: () => {
        loaded += 1;
      },
      tileerror: () => {
        errors += 1;
      },
      load: () => setFailed(errors > 0 && loaded === 0),
    };
  }, []);
  return [failed, handlers];
}

/** Unnamed: `LazyMap`'s region, which every frame is loaded behind, names the map. */
export interface MapFrameProps {
  center?: L.LatLngExpression;
  zoom?: number;
  /** Markers and the owner's map behaviour. */
  children: ReactNode;
}

/** Leaflet with the tile source from GET /api/tiles/config; markers come as children. */
export function MapFrame({ center = RUSSIA_VIEW.center, zoom = RUSSIA_VIEW.zoom, children }: MapFrameProps) {
  const { config, isError } = useMapTileConfig();
  const [tilesFailed, tileEvents] = useTilesFailed();
  return (
    <>
      {/* Wheel zoom off, and on a touch screen one-finger dragging (TouchGestures): the page scrolls
          over the map; the buttons, the keyboard, a mouse's drag and two fingers move the map.
          Leaflet's own controls speak English: the zoom buttons («Zoom in», «Zoom out», on hover
          too) and its link's title («A JavaScript library for interactive maps»). */}
      <MapContainer className="ui-map" center={center} zoom={zoom} minZoom={2} scrollWheelZoom={false} worldCopyJump zoomControl={false} attributionControl={false}>
        <ZoomControl position="topleft" zoomInTitle="Приблизить" zoomOutTitle="Отдалить" />
        <AttributionControl position="bottomright" prefix={LEAFLET_LINK} />
        <ContainerRole />
        <PopupCloseName />
        <PopupKeyboard />
        <PopupFitsMap />
        <TouchGestures />
        <ViewTabStops />
        <MaxZoom value={config?.maxZoom} />
        {config && <TileLayer url={config.url} attribution={escapeHtml(config.attribution)} maxZoom={config.maxZoom} eventHandlers={tileEvents} />}
        {children}
      </MapContainer>
      {/* A live region there from the start, so the note is said when it appears (a region
          inserted with its text is often not). Polite: the map still works, without its base layer. */}
      <div role="status">
        {(isError || tilesFailed) && <p className="ui-map-note">Подложка карты недоступна</p>}
      </div>
    </>
  );
}

/**
 * Room around the framed places: a pin stands 36 px above its point (icons.ts), and the zoom
 * buttons take the top-left corner, so a place at the north or west edge keeps its pin in view.
 */
const FIT_PADDING = { paddingTopLeft: [48, 48] as L.PointTuple, paddingBottomRight: [32, 32] as L.PointTuple };

/** Frames the places whenever they change (a new filter, the next page); none: all of Russia. */
export function FitToItems({ items }: { items: readonly { geoLat: number; geoLon: number }[] }) {
  const map = useMap();
  const zoom = detailZoom(useMapTileConfig().config?.maxZoom);
  const places = items.map((i) => `${i.geoLat},${i.geoLon}`).join(';');
  useEffect(() => {
    const view = { animate: false };
    if (items.length === 0) map.setView(RUSSIA_VIEW.center, RUSSIA_VIEW.zoom, view);
    else if (items.length === 1) map.setView([items[0]!.geoLat, items[0]!.geoLon], zoom, view);
    else map.fitBounds(L.latLngBounds(items.map((i) => [i.geoLat, i.geoLon] as L.LatLngTuple)), { ...view, ...FIT_PADDING, maxZoom: zoom });
    // `places` stands for `items`: a new array with the same places must not move the map.
  }, [map, places, zoom]);
  return null;
}
