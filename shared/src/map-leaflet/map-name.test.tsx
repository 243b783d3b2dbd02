import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import L from 'leaflet';
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { LazyMap } from '../map/lazy-map';
import { createTestQueryClient, ok, serveApi, setTestRuntimeConfig } from '../testing';
import { MapFrame } from './map-frame';

// react-leaflet is an ES module Jest does not load: a stand-in that makes a real Leaflet map in
// its own element, where react-leaflet puts it, and hands it to the frame's parts.
const MapContext = createContext<L.Map | null>(null);
jest.mock('react-leaflet', () => ({
  MapContainer: ({ children }: { children: ReactNode }) => {
    const element = useRef<HTMLDivElement>(null);
    const [map, setMap] = useState<L.Map | null>(null);
    useEffect(() => {
      const made = L.map(element.current!, { center: [55.79, 49.11], zoom: 10 });
      setMap(made);
      return () => void made.remove();
    }, []);
    return <div ref={element}>{map && <MapContext.Provider value={map}>{children}</MapContext.Provider>}</div>;
  },
  TileLayer: () => null,
  ZoomControl: () => null,
  AttributionControl: () => null,
  useMap: () => useContext(MapContext),
}));

beforeEach(() => {
  setTestRuntimeConfig();
  serveApi({ 'tiles/config': () => ok({ url: 'http://api.test/api/tiles/{z}/{x}/{y}.png', attribution: 'Natural Earth', maxZoom: 12 }) });
});

const View = () => <MapFrame>{null}</MapFrame>;
const load = () => Promise.resolve({ default: View });

describe('the map’s name', () => {
  it('is said once: the region around the map has it, the Leaflet container inside it (what the keyboard focuses) does not repeat it', async () => {
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <LazyMap label="Карта объектов" load={load} props={{}} />
      </QueryClientProvider>,
    );
    const region = screen.getByRole('region', { name: 'Карта объектов' });
    const container = await screen.findByRole('group');
    expect(region).toContainElement(container);
    expect(container).toHaveClass('leaflet-container');
    expect(container).not.toHaveAccessibleName();
    expect(screen.getAllByLabelText('Карта объектов')).toEqual([region]);
  });
});
