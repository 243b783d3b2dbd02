import type L from 'leaflet';
import { useEffect } from 'react';
import { Marker, Popup, useMap } from 'react-leaflet';
import type { PointViewProps } from 'shared';
import type { ItemsMapViewProps } from '../../types';
import { detailZoom, useFromState, useMapTileConfig } from 'shared';
import { ClusterMarkers, FitToItems, MapFrame, pinIcon } from 'shared/map-leaflet';

function CenterOn({ position }: { position: L.LatLngTuple }) {
  const map = useMap();
  const zoom = detailZoom(useMapTileConfig().config?.maxZoom);
  const [lat, lon] = position;
  useEffect(() => {
    map.setView([lat, lon], zoom, { animate: false });
  }, [map, lat, lon, zoom]);
  return null;
}

export function ItemsMapView({ items, noun }: ItemsMapViewProps) {
  // The list the map belongs to travels along with every item link, so the item's «Назад» leads back to it.
  const fromState = useFromState();
  return (
    <MapFrame>
      <FitToItems items={items} />
      <ClusterMarkers items={items} noun={noun} linkState={fromState} />
    </MapFrame>
  );
}

export function PointMapView({ point, label }: PointViewProps) {
  const position: L.LatLngTuple = [point.geoLat, point.geoLon];
  return (
    <MapFrame center={position} zoom={detailZoom(undefined)}>
      <CenterOn position={position} />
      <Marker position={position} icon={pinIcon} title={label} keyboard>
        <Popup>{label}</Popup>
      </Marker>
    </MapFrame>
  );
}
