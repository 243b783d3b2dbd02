import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, type ReactNode } from 'react';
import { MapContainer, TileLayer, useMap } from 'react-leaflet';
import { RUSSIA_VIEW, useMapTileConfig } from 'shared';
import './leaflet-map.css';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The Leaflet container is what keyboard users focus (arrows pan, +/− zoom): it carries the name. */
function ContainerName({ label }: { label: string }) {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('role', 'group');
    container.setAttribute('aria-label', label);
  }, [map, label]);
  return null;
}

function MaxZoom({ value }: { value: number | undefined }) {
  const map = useMap();
  useEffect(() => {
    if (value !== undefined) map.setMaxZoom(value);
  }, [map, value]);
  return null;
}

/** Leaflet with the tile source from GET /api/tiles/config; markers come as children. */
export function MapFrame({ label, center = RUSSIA_VIEW.center, zoom = RUSSIA_VIEW.zoom, children }: { label: string; center?: L.LatLngExpression; zoom?: number; children: ReactNode }) {
  const { config, isError } = useMapTileConfig();
  return (
    <>
      <MapContainer className="map-leaflet" center={center} zoom={zoom} minZoom={2} scrollWheelZoom={false} worldCopyJump>
        <ContainerName label={label} />
        <MaxZoom value={config?.maxZoom} />
        {config && <TileLayer url={config.url} attribution={escapeHtml(config.attribution)} maxZoom={config.maxZoom} />}
        {children}
      </MapContainer>
      {isError && (
        <p className="map-note" role="status">
          Подложка карты недоступна
        </p>
      )}
    </>
  );
}
