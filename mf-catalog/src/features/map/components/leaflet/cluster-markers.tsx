import L from 'leaflet';
import { useMemo, useState } from 'react';
import { Marker, Popup, useMap, useMapEvents } from 'react-leaflet';
import { Link } from 'react-router-dom';
import { pluralize, type PluralForms } from 'shared';
import { pinIcon } from 'shared/map-leaflet';
import { useFromState } from '../../../../lib/from-state';
import { clusterItems, type Cluster } from '../../lib/cluster';
import type { PlacedItem } from '../../types';
import { clusterIcon } from './icons';

function ItemLink({ item }: { item: PlacedItem }) {
  // The list the map belongs to travels along, so the item's «Назад» leads back to it.
  const fromState = useFromState();
  return (
    <>
      <Link className="ui-map-popup__title" to={item.href} state={fromState}>
        {item.name}
      </Link>
      {item.subtitle && <p className="ui-map-popup__subtitle">{item.subtitle}</p>}
    </>
  );
}

function ItemMarker({ item }: { item: PlacedItem }) {
  return (
    <Marker position={[item.geoLat, item.geoLon]} icon={pinIcon} title={item.name} keyboard>
      <Popup>
        <ItemLink item={item} />
      </Popup>
    </Marker>
  );
}

const samePlace = (items: readonly PlacedItem[]) => items.every((i) => i.geoLat === items[0]!.geoLat && i.geoLon === items[0]!.geoLon);

/** Enter and Space on a focused marker, as a click. */
const isActivation = (event: KeyboardEvent) => event.key === 'Enter' || event.key === ' ';

/**
 * A count badge. A click (or Enter, or Space) zooms in until its items part; where they cannot
 * part (one address, or the deepest zoom) it opens a list of links instead. Leaflet turns Enter
 * into a click only on a marker with a popup, so the keys are this marker's own; after a zoom by
 * keyboard the focus goes to the map (the badge is gone, re-clustered), where the arrows and +/−
 * carry on.
 */
function ClusterMarker({ cluster, noun, zoom }: { cluster: Cluster<PlacedItem>; noun: PluralForms; zoom: number }) {
  const map = useMap();
  const count = cluster.items.length;
  const canZoom = zoom < map.getMaxZoom() && !samePlace(cluster.items);
  const title = `${count} ${pluralize(count, noun)}${canZoom ? ' рядом: приблизить' : ' по одному адресу'}`;
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
          <ul className="map-popup__list">
            {cluster.items.map((item) => (
              <li key={item.id}>
                <ItemLink item={item} />
              </li>
            ))}
          </ul>
        </Popup>
      )}
    </Marker>
  );
}

/** Markers clustered for the current zoom; re-clustered after every zoom. */
export function ClusterMarkers({ items, noun }: { items: readonly PlacedItem[]; noun: PluralForms }) {
  const map = useMap();
  const [zoom, setZoom] = useState(() => map.getZoom());
  useMapEvents({ zoomend: () => setZoom(map.getZoom()) });
  const clusters = useMemo(() => clusterItems(items, Math.round(zoom)), [items, zoom]);
  return clusters.map((cluster) =>
    cluster.items.length === 1 ? (
      <ItemMarker key={cluster.key} item={cluster.items[0]!} />
    ) : (
      <ClusterMarker key={cluster.key} cluster={cluster} noun={noun} zoom={zoom} />
    ),
  );
}
