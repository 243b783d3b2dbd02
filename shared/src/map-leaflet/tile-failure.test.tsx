import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import L from 'leaflet';
import { useEffect, type ReactNode } from 'react';
import { createTestQueryClient, fail, ok, serveApi, setTestRuntimeConfig } from 'shared/testing';
import { MapFrame } from './map-frame';

// Leaflet itself and its tile layer, whose images jsdom never loads: the test says how each one
// ends (the `load` or `error` event a browser sends). react-leaflet (an ES module Jest does not
// load) only hands the map out and adds the tile layer with its event handlers, as it does.
let map: L.Map;
jest.mock('react-leaflet', () => ({
  MapContainer: ({ children }: { children: ReactNode }) => children,
  TileLayer: ({ url, eventHandlers }: { url: string; eventHandlers?: L.LeafletEventHandlerFnMap }) => {
    useEffect(() => {
      const layer = L.tileLayer(url);
      if (eventHandlers) layer.on(eventHandlers);
      layer.addTo(map);
      return () => void layer.remove();
    }, [url, eventHandlers]);
    return null;
  },
  ZoomControl: () => null,
  AttributionControl: () => null,
  useMap: () => map,
}));

const NOTE = 'Подложка карты недоступна';
const TILE_CONFIG = { url: 'http://api.test/api/tiles/{z}/{x}/{y}.png', attribution: 'Natural Earth', maxZoom: 12 };

function renderMap() {
  const container = document.createElement('div');
  Object.defineProperty(container, 'clientWidth', { configurable: true, value: 390 });
  Object.defineProperty(container, 'clientHeight', { configurable: true, value: 300 });
  document.body.append(container);
  map = L.map(container, { center: [55.79, 49.11], zoom: 10 });
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <MapFrame>{null}</MapFrame>
    </QueryClientProvider>,
  );
}

/** The tile images the map asked for (the ones not answered yet). */
const pendingTiles = () => [...document.querySelectorAll<HTMLImageElement>('img.leaflet-tile:not(.leaflet-tile-loaded)')];

/** Waits for the map to ask for its tiles, then answers each as the browser would: `fails(i)` says which fail. */
async function answerTiles(fails: (index: number) => boolean) {
  await waitFor(() => expect(pendingTiles().length).toBeGreaterThan(1));
  pendingTiles().forEach((tile, index) => fireEvent(tile, new Event(fails(index) ? 'error' : 'load')));
}

beforeEach(() => setTestRuntimeConfig());

afterEach(() => map.remove());

describe('the map’s base layer', () => {
  it('when every tile image fails to load, says so once, politely, rather than showing a plain grey map', async () => {
    serveApi({ 'tiles/config': () => ok(TILE_CONFIG) });
    renderMap();

    await answerTiles(() => true);

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(NOTE));
    expect(screen.getAllByText(NOTE)).toHaveLength(1);
  });

  it('says nothing when the tiles are drawn, even if one of them failed', async () => {
    serveApi({ 'tiles/config': () => ok(TILE_CONFIG) });
    renderMap();

    await answerTiles((index) => index === 0);

    expect(screen.queryByText(NOTE)).not.toBeInTheDocument();
  });

  it('says so when the tile settings do not load', async () => {
    serveApi({ 'tiles/config': () => fail(503, 'Сервис недоступен') });
    renderMap();

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(NOTE));
  });
});
