import L from 'leaflet';
import { useEffect } from 'react';
import { Marker, Popup, useMap } from 'react-leaflet';
import type { ItemsMapViewProps, PlacedItem, PointMapViewProps } from '../../types';
import { detailZoom, RUSSIA_VIEW, useMapTileConfig } from 'shared';
import { ClusterMarkers } from './cluster-markers';
import { itemIcon } from './icons';
import { MapFrame } from './map-frame';
import { returnFocusToMarker } from './popup-focus';

/** Frames the items whenever their places change (a new filter, the next page). */
function FitToItems({ items }: { items: readonly PlacedItem[] }) {
  const map = useMap();
  const zoom = detailZoom(useMapTileConfig().config?.maxZoom);
  const places = items.map((i) => `${i.geoLat},${i.geoLon}`).join(';');
  useEffect(() => {
    const view = { animate: false };
    if (items.length === 0) map.setView(RUSSIA_VIEW.center, RUSSIA_VIEW.zoom, view);
    else if (items.length === 1) map.setView([items[0]!.geoLat, items[0]!.geoLon], zoom, view);
    else map.fitBounds(L.latLngBounds(items.map((i) => [i.geoLat, i.geoLon] as L.LatLngTuple)), { ...view, padding: [32, 32], maxZoom: zoom });
    // `places` stands for `items`: a new array with the same places must not move the map.
  }, [map, places, zoom]);
  return null;
}

function CenterOn({ position }: { position: L.LatLngTuple }) {
  const map = useMap();
  const zoom = detailZoom(useMapTileConfig().config?.maxZoom);
  const [lat, lon] = position;
  useEffect(() => {
    map.setView([lat, lon], zoom, { animate: false });
  }, [map, lat, lon, zoom]);
  return null;
}

export function ItemsMapView({ items, label, noun }: ItemsMapViewProps) {
  return (
    <MapFrame label={label}>
      <FitToItems items={items} />
      <ClusterMarkers items={items} noun={noun} />
    </MapFrame>
  );
}

export function PointMapView({ point, label }: PointMapViewProps) {
  const position: L.LatLngTuple = [point.geoLat, point.geoLon];
  return (
    <MapFrame label={label} center={position} zoom={detailZoom(undefined)}>
      <CenterOn position={position} />
      <Marker position={position} icon={itemIcon} title={label} keyboard eventHandlers={{ popupclose: returnFocusToMarker }}>
        <Popup>{label}</Popup>
      </Marker>
    </MapFrame>
  );
}
