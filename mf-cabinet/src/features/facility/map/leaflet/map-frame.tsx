import type L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, type ReactNode } from 'react';
import { MapContainer, TileLayer, useMap } from 'react-leaflet';
import { RUSSIA_VIEW, useMapTileConfig } from 'shared';
import './facility-map.css';

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

/** Leaflet with the tile source of GET /api/tiles/config (as mf-catalog's map frame); markers as children. */
export function MapFrame({ label, center = RUSSIA_VIEW.center, zoom = RUSSIA_VIEW.zoom, children }: { label: string; center?: L.LatLngExpression; zoom?: number; children: ReactNode }) {
  const { config, isError } = useMapTileConfig();
  return (
    <>
      <MapContainer className="facility-map" center={center} zoom={zoom} minZoom={2} maxZoom={config?.maxZoom ?? 18} scrollWheelZoom={false} worldCopyJump>
        <ContainerName label={label} />
        {config && <TileLayer url={config.url} attribution={escapeHtml(config.attribution)} maxZoom={config.maxZoom} />}
        {children}
      </MapContainer>
      {isError && (
        <p className="facility-map__note" role="status">
          Подложка карты недоступна
        </p>
      )}
    </>
  );
}
