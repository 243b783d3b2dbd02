// The map tests' one stand-in for react-leaflet (an ES module Jest does not load), over a real
// Leaflet map: react-leaflet only hands the map out and adds the layers and controls the frame asks
// for — the tile layer with its event handlers (jsdom never loads its images: a test says how each
// ends) and the zoom buttons — as it does. Use it as
// `jest.mock('react-leaflet', () => jest.requireActual('./testing/real-leaflet-map'))`
// and draw the frame with `renderMapFrame`.
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import L from 'leaflet';
import { useEffect, type ReactNode } from 'react';
import { createTestQueryClient } from 'shared/testing';
import { MapFrame } from '../map-frame';

let current: L.Map | null = null;

/** The map `renderMapFrame` made last. */
export function currentMap(): L.Map {
  if (!current) throw new Error('renderMapFrame has not drawn a map yet');
  return current;
}

export const useMap = currentMap;

export const MapContainer = ({ children }: { children: ReactNode }) => children;

export function TileLayer({ url, eventHandlers }: { url: string; eventHandlers?: L.LeafletEventHandlerFnMap }) {
  useEffect(() => {
    const layer = L.tileLayer(url);
    if (eventHandlers) layer.on(eventHandlers);
    layer.addTo(currentMap());
    return () => void layer.remove();
  }, [url, eventHandlers]);
  return null;
}

export function ZoomControl(options: L.Control.ZoomOptions) {
  useEffect(() => {
    const zoom = L.control.zoom(options).addTo(currentMap());
    return () => void zoom.remove();
  }, []);
  return null;
}

export const AttributionControl = () => null;

export interface MapFrameOptions {
  center?: L.LatLngTuple;
  /** The size the browser would lay the map out at (jsdom lays out nothing). */
  width?: number;
  height?: number;
}

/** A real map of the given size with the frame (`MapFrame`, empty) drawn in it; `removeMapFrame` after each test. */
export function renderMapFrame({ center = [55.79, 49.11], width, height }: MapFrameOptions = {}): L.Map {
  const container = document.createElement('div');
  if (width !== undefined) Object.defineProperty(container, 'clientWidth', { configurable: true, value: width });
  if (height !== undefined) Object.defineProperty(container, 'clientHeight', { configurable: true, value: height });
  document.body.append(container);
  current = L.map(container, { center, zoom: 10 });
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <MapFrame>{null}</MapFrame>
    </QueryClientProvider>,
  );
  return current;
}

export function removeMapFrame() {
  current?.remove();
  current = null;
}
