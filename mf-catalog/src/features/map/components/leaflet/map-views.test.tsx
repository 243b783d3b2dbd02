import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { setRuntimeConfig } from 'shared';
import type { PlacedItem } from '../../types';
import { ItemsMapView } from './map-views';

/** A stand-in for the Leaflet map that react-leaflet's hooks hand out. */
const mockMap = {
  zoom: 4,
  container: document.createElement('div'),
  handlers: {} as Record<string, () => void>,
  getZoom: () => mockMap.zoom,
  getMaxZoom: () => 12,
  getBoundsZoom: () => 7,
  getContainer: () => mockMap.container,
  setView: jest.fn(),
  fitBounds: jest.fn(),
  setMaxZoom: jest.fn(),
  on: jest.fn(),
  off: jest.fn(),
  eachLayer: jest.fn(),
  dragging: { enable: jest.fn(), disable: jest.fn() },
};

// react-leaflet drawn as plain DOM: a marker is a button named by its title, a popup is always open.
jest.mock('react-leaflet', () => {
  const { createElement: h } = jest.requireActual<typeof import('react')>('react');
  type Props = { children?: ReactNode; title?: string; eventHandlers?: { click?: () => void }; url?: string; attribution?: string };
  return {
    MapContainer: ({ children }: Props) => h('div', { 'data-testid': 'map' }, children),
    TileLayer: ({ url, attribution }: Props) => h('div', { 'data-testid': 'tiles', 'data-url': url, 'data-attribution': attribution }),
    ZoomControl: () => null,
    AttributionControl: () => null,
    Marker: ({ children, title, eventHandlers }: Props) => h('div', null, h('button', { type: 'button', title, onClick: () => eventHandlers?.click?.() }), children),
    Popup: ({ children }: Props) => h('div', { role: 'dialog' }, children),
    useMap: () => mockMap,
    useMapEvents: (handlers: Record<string, () => void>) => {
      mockMap.handlers = handlers;
      return mockMap;
    },
  };
});

const item = (id: number, geoLat: number, geoLon: number): PlacedItem => ({ id, name: `Заявка ${id}`, href: `/application/${id}`, geoLat, geoLon });
const items = [item(1, 55.7963, 49.1088), item(2, 55.79, 49.2), item(3, 55.7558, 37.6173), item(4, 55.7558, 37.6173)];

beforeEach(() => {
  mockMap.zoom = 4;
  mockMap.setView.mockClear();
  setRuntimeConfig({
    apiUrl: 'http://api.test',
    version: 'test',
    remotes: { mf_catalog: 'http://c.test', mf_applications: 'http://a.test', mf_cabinet: 'http://b.test', mf_messaging: 'http://m.test' },
    mapTileUrl: null,
    devPayments: false,
  });
  const body = JSON.stringify({ data: { url: 'http://api.test/api/tiles/{z}/{x}/{y}.png', attribution: 'Natural Earth, Города России (CC BY-SA 4.0)', maxZoom: 12 } });
  globalThis.fetch = jest.fn(async () => ({
    ok: true,
    status: 200,
    statusText: 'OK',
    headers: new Headers({ 'content-type': 'application/json' }),
    json: async () => JSON.parse(body),
    text: async () => body,
  })) as unknown as typeof fetch;
});

function renderView(placed: readonly PlacedItem[] = items) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    createElement(QueryClientProvider, { client }, createElement(MemoryRouter, null, <ItemsMapView items={placed} noun={['заявка', 'заявки', 'заявок']} />)),
  );
}

describe('Map: Leaflet view', () => {
  it('draws tiles from the API’s tile source; the container is not named again (the LazyMap region names the map)', async () => {
    renderView();
    const tiles = await screen.findByTestId('tiles');
    expect(tiles).toHaveAttribute('data-url', 'http://api.test/api/tiles/{z}/{x}/{y}.png');
    expect(tiles).toHaveAttribute('data-attribution', 'Natural Earth, Города России (CC BY-SA 4.0)');
    expect(mockMap.container).toHaveAttribute('role', 'group');
    expect(mockMap.container).not.toHaveAttribute('aria-label');
    expect(mockMap.setMaxZoom).toHaveBeenCalledWith(12);
  });

  it('clusters nearby items at a low zoom; a click on a cluster zooms in', () => {
    renderView();
    const cluster = screen.getByTitle('2 заявки рядом: приблизить');
    expect(screen.getByTitle('2 заявки по одному адресу')).toBeInTheDocument();
    expect(screen.getAllByRole('button')).toHaveLength(2);

    fireEvent.click(cluster);
    expect(mockMap.setView).toHaveBeenCalledTimes(1);
    expect(mockMap.setView.mock.calls[0]![1]).toBe(7);
  });

  it('splits the cluster after zooming in; each marker’s popup links to its item', () => {
    renderView();
    act(() => {
      mockMap.zoom = 12;
      mockMap.handlers.zoomend!();
    });
    expect(screen.getByTitle('Заявка 1')).toBeInTheDocument();
    expect(screen.getByTitle('Заявка 2')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Заявка 1' })).toHaveAttribute('href', '/application/1');
  });

  it('lists items at one address in the cluster’s popup instead of zooming', () => {
    renderView();
    const sameAddress = screen.getByTitle('2 заявки по одному адресу');
    fireEvent.click(sameAddress);
    expect(mockMap.setView).not.toHaveBeenCalled();
    const popup = screen.getAllByRole('dialog').find((d) => within(d).queryByRole('list'))!;
    expect(within(popup).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/application/3', '/application/4']);
  });
});

/*
 * QA: at the deepest zoom every cluster said «N заявки по одному адресу», even of addresses up to
 * a kilometre apart (the map cannot zoom further to part them).
 */
describe('Map: a cluster at the deepest zoom', () => {
  // About 500 m apart in Kazan: within the clustering radius at zoom 12, the tile source's limit.
  const apart = [item(1, 55.7963, 49.1088), item(2, 55.7963, 49.1168)];

  it('of items at different points says they are near each other, and lists them', () => {
    mockMap.zoom = 12;
    renderView(apart);
    const cluster = screen.getByTitle('2 заявки рядом');
    expect(screen.queryByTitle(/по одному адресу/)).not.toBeInTheDocument();
    fireEvent.click(cluster);
    expect(mockMap.setView).not.toHaveBeenCalled();
    const popup = screen.getAllByRole('dialog').find((d) => within(d).queryByRole('list'))!;
    expect(within(popup).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/application/1', '/application/2']);
  });

  it('of items at one point says «по одному адресу»', () => {
    mockMap.zoom = 12;
    renderView([item(3, 55.7558, 37.6173), item(4, 55.7558, 37.6173)]);
    expect(screen.getByTitle('2 заявки по одному адресу')).toBeInTheDocument();
  });
});

/** The item's page, saying which view its link was opened from (what its «Назад» leads to). */
function OpenedFrom() {
  const state = useLocation().state as { from?: string } | null;
  return <p>Открыто из: {state?.from ?? 'ниоткуда'}</p>;
}

describe('Map: links carry the list they were opened from', () => {
  function renderAt(url: string) {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const map = <ItemsMapView items={items} noun={['заявка', 'заявки', 'заявок']} />;
    return render(
      createElement(
        QueryClientProvider,
        { client },
        createElement(
          MemoryRouter,
          { initialEntries: [url] },
          <Routes>
            <Route path="/application" element={map} />
            <Route path="/application/:id" element={<OpenedFrom />} />
          </Routes>,
        ),
      ),
    );
  }

  it('a marker’s popup link', () => {
    renderAt('/application?services=5&page=2');
    act(() => {
      mockMap.zoom = 12;
      mockMap.handlers.zoomend!();
    });
    fireEvent.click(screen.getByRole('link', { name: 'Заявка 1' }));
    expect(screen.getByText('Открыто из: /application?services=5&page=2')).toBeInTheDocument();
  });

  it('a link in the popup of items at one address', () => {
    renderAt('/application?address=93b3df57');
    const popup = screen.getAllByRole('dialog').find((d) => within(d).queryByRole('list'))!;
    fireEvent.click(within(popup).getByRole('link', { name: 'Заявка 4' }));
    expect(screen.getByText('Открыто из: /application?address=93b3df57')).toBeInTheDocument();
  });
});
