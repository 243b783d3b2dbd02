import L from 'leaflet';
import { useMemo, useState } from 'react';
import { Marker, Popup, useMap, useMapEvents } from 'react-leaflet';
import { Link } from 'react-router-dom';
// Through the package name (see map-frame.tsx).
import { pluralize, type PluralForms } from 'shared';
import { clusterItems, type Cluster } from './cluster';
import { clusterIcon, pinIcon } from './icons';

/** One place on a clustered map: its marker's popup (and a cluster's list) links to `href`. */
export interface ClusterMarkerItem {
  id: number | string;
  name: string;
  href: string;
  geoLat: number;
  geoLon: number;
  /** A second line under the name (address, price…). */
  subtitle?: string;
}

export interface ClusterMarkersProps {
  items: readonly ClusterMarkerItem[];
  /** How a cluster names its items: ['заявка', 'заявки', 'заявок']. */
  noun: PluralForms;
  /** The router state every item link carries (the catalogue's: the list its «Назад» leads back to). */
  linkState?: unknown;
}

function ItemLink({ item, linkState }: { item: ClusterMarkerItem; linkState: unknown }) {
  return (
    <>
      <Link className="ui-map-popup__title" to={item.href} state={linkState}>
        {item.name}
      </Link>
      {item.subtitle && <p className="ui-map-popup__subtitle">{item.subtitle}</p>}
    </>
  );
}

/**
 * Leaflet opens a marker's popup on Enter (a click) but not on Space, which the marker's
 * `role="button"` promises and which scrolled the page instead.
 */
export const itemMarkerHandlers: L.LeafletEventHandlerFnMap = {
  keydown(event) {
    const { originalEvent, target } = event as L.LeafletKeyboardEvent;
    if (originalEvent.key !== ' ') return;
    originalEvent.preventDefault();
    (target as L.Marker).openPopup();
  },
};

/** One item's pin; its popup links to the item. */
function ItemMarker({ item, linkState }: { item: ClusterMarkerItem; linkState: unknown }) {
  return (
    <Marker position={[item.geoLat, item.geoLon]} icon={pinIcon} title={item.name} keyboard eventHandlers={itemMarkerHandlers}>
      <Popup>
        <ItemLink item={item} linkState={linkState} />
      </Popup>
    </Marker>
  );
}

/** Whether the items stand at one point (the gazetteer puts a city's every street address at its centre). */
export const samePlace = (items: readonly { geoLat: number; geoLon: number }[]) =>
  items.every((i) => i.geoLat === items[0]!.geoLat && i.geoLon === items[0]!.geoLon);

/**
 * A cluster's title: zoomable («рядом: приблизить»), or a list at the deepest zoom — «по одному
 * адресу» only when the items share one point, «рядом» when they stand apart (up to a kilometre
 * at the deepest zoom) but the map cannot zoom further to part them.
 */
export function clusterTitle(count: number, noun: PluralForms, canZoom: boolean, oneAddress: boolean): string {
  const what = `${count} ${pluralize(count, noun)}`;
  if (canZoom) return `${what} рядом: приблизить`;
  return oneAddress ? `${what} по одному адресу` : `${what} рядом`;
}

/** Enter and Space on a focused marker, as a click. */
const isActivation = (event: KeyboardEvent) => event.key === 'Enter' || event.key === ' ';

/**
 * A count badge. A click (or Enter, or Space) zooms in until its items part; where they cannot
 * part (one address, or the deepest zoom) it opens a list of links instead. Leaflet turns Enter
 * into a click only on a marker with a popup, so the keys are this marker's own; after a zoom by
 * keyboard the focus goes to the map (the badge is gone, re-clustered), where the arrows and +/−
 * carry on.
 */
function ClusterMarker({ cluster, noun, zoom, linkState }: { cluster: Cluster<ClusterMarkerItem>; noun: PluralForms; zoom: number; linkState: unknown }) {
  const map = useMap();
  const count = cluster.items.length;
  const oneAddress = samePlace(cluster.items);
  const canZoom = zoom < map.getMaxZoom() && !oneAddress;
  const title = clusterTitle(count, noun, canZoom, oneAddress);
  const events = useMemo(() => {
    const zoomIn = () => {
      const bounds = L.latLngBounds(cluster.items.map((i) => [i.geoLat, i.geoLon] as L.LatLngTuple));
      const target = Math.min(map.getMaxZoom(), Math.max(zoom + 1, map.getBoundsZoom(bounds, false, L.point(48, 48))));
      map.setView(bounds.getCenter(), target);
    };
    return {
      click() {
        if (canZoom) zoomIn();
      },
      keydown(event: L.LeafletKeyboardEvent) {
        if (!canZoom || !isActivation(event.originalEvent)) return;
        event.originalEvent.preventDefault();
        zoomIn();
        map.getContainer().focus({ preventScroll: true });
      },
    };
  }, [canZoom, cluster, map, zoom]);
  return (
    <Marker position={[cluster.geoLat, cluster.geoLon]} icon={clusterIcon(count)} title={title} keyboard eventHandlers={events}>
      {!canZoom && (
        <Popup>
          <ul className="ui-map-popup__list">
            {cluster.items.map((item) => (
              <li key={item.id}>
                <ItemLink item={item} linkState={linkState} />
              </li>
            ))}
          </ul>
        </Popup>
      )}
    </Marker>
  );
}

/** Markers clustered for the current zoom; re-clustered after every zoom. */
export function ClusterMarkers({ items, noun, linkState }: ClusterMarkersProps) {
  const map = useMap();
  const [zoom, setZoom] = useState(() => map.getZoom());
  useMapEvents({ zoomend: () => setZoom(map.getZoom()) });
  const clusters = useMemo(() => clusterItems(items, Math.round(zoom)), [items, zoom]);
  return clusters.map((cluster) =>
    cluster.items.length === 1 ? (
      <ItemMarker key={cluster.key} item={cluster.items[0]!} linkState={linkState} />
    ) : (
      <ClusterMarker key={cluster.key} cluster={cluster} noun={noun} zoom={zoom} linkState={linkState} />
    ),
  );
}
