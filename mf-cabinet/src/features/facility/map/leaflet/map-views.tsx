import type L from 'leaflet';
import { useEffect, useMemo, useRef, type RefObject } from 'react';
import { Marker, useMap, useMapEvents } from 'react-leaflet';
import { detailZoom, RUSSIA_VIEW, useMapTileConfig, type PluralForms } from 'shared';
import { ClusterMarkers, FitToItems, MapFrame, pinIcon } from 'shared/map-leaflet';
import type { PointViewProps } from 'shared';
import type { FacilitiesMapViewProps, PickerViewProps, Point } from '../types';
import './facility-map.css';

const FACILITY_NOUN: PluralForms = ['объект', 'объекта', 'объектов'];

const round = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * The list page's map: the facilities clustered per zoom (the catalogue's clustering). The address
 * gazetteer puts every street address at its city's centre, so one city's facilities stand at one
 * point: their badge lists them all, each a link, where one marker per facility hid all but the top one.
 */
export function FacilitiesMapView({ items }: FacilitiesMapViewProps) {
  return (
    <MapFrame>
      <FitToItems items={items} />
      <ClusterMarkers items={items} noun={FACILITY_NOUN} />
    </MapFrame>
  );
}

/** Centres the map on a point that came from outside the map (the address, the coordinate fields). */
function FollowPoint({ point, skip }: { point: Point; skip: RefObject<string | null> }) {
  const map = useMap();
  const zoom = detailZoom(useMapTileConfig().config?.maxZoom);
  const { geoLat, geoLon } = point;
  useEffect(() => {
    if (skip.current === `${geoLat},${geoLon}`) return;
    map.setView([geoLat, geoLon], Math.max(map.getZoom(), zoom), { animate: false });
  }, [map, geoLat, geoLon, zoom, skip]);
  return null;
}

function PickOnClick({ onPick }: { onPick: (point: Point) => void }) {
  const map = useMapEvents({ click: (event) => onPick({ geoLat: round(event.latlng.lat), geoLon: round(event.latlng.lng) }) });
  useEffect(() => {
    map.getContainer().classList.add('facility-map--picking');
  }, [map]);
  return null;
}

/**
 * The form's picker: a click on the map puts the facility's point there, and the marker can be
 * dragged. The keyboard alternative is the form's coordinate fields beside the map.
 */
export function PickerView({ point, onPick }: PickerViewProps) {
  // A point the map itself produced needs no re-centring.
  const picked = useRef<string | null>(null);
  const pick = useMemo(
    () => (next: Point) => {
      picked.current = `${next.geoLat},${next.geoLon}`;
      onPick(next);
    },
    [onPick],
  );
  const events = useMemo(
    () => ({
      dragend: (event: L.DragEndEvent) => {
        const position = (event.target as L.Marker).getLatLng();
        pick({ geoLat: round(position.lat), geoLon: round(position.lng) });
      },
    }),
    [pick],
  );
  return (
    <MapFrame center={point ? [point.geoLat, point.geoLon] : RUSSIA_VIEW.center} zoom={point ? detailZoom(undefined) : RUSSIA_VIEW.zoom}>
      <PickOnClick onPick={pick} />
      {point && <FollowPoint point={point} skip={picked} />}
      {/* Not a tab stop: a focused marker does not move by the keyboard, whose way is the coordinate fields. */}
      {point && (
        <Marker position={[point.geoLat, point.geoLon]} icon={pinIcon} title="Точка объекта: перетащите, чтобы уточнить" draggable keyboard={false} eventHandlers={events} />
      )}
    </MapFrame>
  );
}

/** The detail page's map: the facility's point. */
export function PointView({ point, label }: PointViewProps) {
  return (
    <MapFrame center={[point.geoLat, point.geoLon]} zoom={detailZoom(undefined)}>
      <FollowPoint point={point} skip={{ current: null }} />
      <Marker position={[point.geoLat, point.geoLon]} icon={pinIcon} title={label} keyboard={false} />
    </MapFrame>
  );
}
