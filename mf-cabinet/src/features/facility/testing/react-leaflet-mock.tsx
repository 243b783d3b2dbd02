// react-leaflet drawn as plain DOM for jsdom (as mf-catalog's map tests do): a marker is a button
// named by its title (as Leaflet draws it; with `keyboard={false}` an image, no tab stop), a popup is always open, and the map's and markers' handlers are at hand.
import type { ReactNode } from 'react';

type Handlers = Record<string, (event: unknown) => void>;

export const mockMap = {
  zoom: 4,
  container: document.createElement('div'),
  handlers: {} as Handlers,
  markerHandlers: {} as Handlers,
  getZoom: () => mockMap.zoom,
  getMaxZoom: () => 12,
  getContainer: () => mockMap.container,
  setView: jest.fn(),
  fitBounds: jest.fn(),
  setMaxZoom: jest.fn(),
  on: jest.fn(),
  off: jest.fn(),
  eachLayer: jest.fn(),
  dragging: { enable: jest.fn(), disable: jest.fn() },
};

interface Props {
  children?: ReactNode;
  title?: string;
  draggable?: boolean;
  keyboard?: boolean;
  eventHandlers?: Handlers;
  url?: string;
  position?: [number, number];
}

export const MapContainer = ({ children }: Props) => <div data-testid="leaflet-map">{children}</div>;
export const TileLayer = ({ url }: Props) => <div data-testid="tiles" data-url={url} />;
export const ZoomControl = () => null;
export const AttributionControl = () => null;
export function Marker({ children, title, draggable, eventHandlers, position, keyboard = true }: Props) {
  if (draggable) mockMap.markerHandlers = eventHandlers ?? {};
  return (
    <div data-position={position?.join(',')}>
      {keyboard ? <button type="button" title={title} /> : <img alt="" title={title} />}
      {children}
    </div>
  );
}
export const Popup = ({ children }: Props) => <div role="dialog">{children}</div>;
export const useMap = () => mockMap;
export function useMapEvents(handlers: Handlers) {
  mockMap.handlers = handlers;
  return mockMap;
}
