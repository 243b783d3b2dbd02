import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { setRuntimeConfig } from 'shared';
import { ApplicationsMap, FacilitiesMap, PointMap } from '../index';
import type { ItemsMapViewProps } from '../types';

// The Leaflet chunk: a factory that counts how often the module is actually loaded.
const mockChunk = { loads: 0 };
jest.mock('./leaflet/map-views', () => {
  mockChunk.loads += 1;
  const { createElement: h } = jest.requireActual<typeof import('react')>('react');
  return {
    ItemsMapView: ({ items }: ItemsMapViewProps) => h('div', { 'data-testid': 'leaflet-view' }, `Мест: ${items.length}`),
    PointMapView: ({ label }: { label: string }) => h('div', { 'data-testid': 'leaflet-view' }, label),
  };
});

/** IntersectionObserver under the test's control: `reveal()` scrolls every observed element into view. */
const observed: Array<{ element: Element; callback: IntersectionObserverCallback }> = [];
class FakeIntersectionObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(element: Element) {
    observed.push({ element, callback: this.callback });
  }
  disconnect() {
    observed.splice(0, observed.length, ...observed.filter((o) => o.callback !== this.callback));
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
}
function reveal() {
  for (const { element, callback } of [...observed]) {
    callback([{ isIntersecting: true, target: element } as unknown as IntersectionObserverEntry], {} as IntersectionObserver);
  }
}

let fetchMock: jest.Mock;
beforeEach(() => {
  mockChunk.loads = 0;
  observed.length = 0;
  (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = FakeIntersectionObserver;
  setRuntimeConfig({
    apiUrl: 'http://api.test',
    version: 'test',
    remotes: { mf_catalog: 'http://c.test', mf_applications: 'http://a.test', mf_cabinet: 'http://b.test', mf_messaging: 'http://m.test' },
    mapTileUrl: null,
    devPayments: false,
  });
  const body = JSON.stringify({ data: { url: 'http://api.test/api/tiles/{z}/{x}/{y}.png', attribution: 'Natural Earth', maxZoom: 12 } });
  fetchMock = jest.fn(async () => ({
    ok: true,
    status: 200,
    statusText: 'OK',
    headers: new Headers({ 'content-type': 'application/json' }),
    json: async () => JSON.parse(body),
    text: async () => body,
  }));
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

function renderWithProviders(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(createElement(QueryClientProvider, { client }, createElement(MemoryRouter, null, ui)));
}

const items = [
  { id: 1, name: 'Ремонт кровли', href: '/application/1', geoLat: 55.79, geoLon: 49.11, subtitle: 'г Казань' },
  { id: 2, name: 'Замена проводки', href: '/application/2', geoLat: 55.75, geoLon: 37.61 },
  { id: 3, name: 'Без адреса', href: '/application/3', geoLat: null, geoLon: null },
];

describe('Map: lazy loading', () => {
  it('shows a skeleton of the map’s size and loads the Leaflet chunk only once the map is in view', async () => {
    renderWithProviders(<ApplicationsMap items={items} height={320} />);
    const region = screen.getByRole('region', { name: 'Карта заявок' });
    expect(region).toHaveStyle({ height: '320px' });
    expect(region).toHaveAttribute('aria-busy', 'true');
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(mockChunk.loads).toBe(0);
    expect(screen.queryByTestId('leaflet-view')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    act(() => reveal());

    const view = await screen.findByTestId('leaflet-view');
    expect(view).toHaveTextContent('Мест: 2');
    expect(region).toContainElement(view);
    expect(mockChunk.loads).toBe(1);
    expect(region).not.toHaveAttribute('aria-busy');
    // The tile source is asked for together with the chunk, not after it.
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('http://api.test/api/tiles/config');
  });

  it('loads the map at once where IntersectionObserver does not exist', async () => {
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
    renderWithProviders(<FacilitiesMap items={items} />);
    expect(await screen.findByTestId('leaflet-view')).toHaveTextContent('Мест: 2');
    expect(screen.getByRole('region', { name: 'Карта объектов' })).toContainElement(screen.getByTestId('leaflet-view'));
  });
});

describe('Map: accessible list of items', () => {
  it('lists every placed item as a link to its page, even before the map loads', () => {
    renderWithProviders(<ApplicationsMap items={items} />);
    const list = screen.getByRole('list', { name: 'Заявки на карте' });
    const links = within(list).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Ремонт кровли', '/application/1'],
      ['Замена проводки', '/application/2'],
    ]);
    expect(list).toHaveTextContent('г Казань');
  });

  it('its links carry the list the map belongs to, for the item page’s «Назад»', () => {
    function OpenedFrom() {
      const state = useLocation().state as { from?: string } | null;
      return <p>Открыто из: {state?.from ?? 'ниоткуда'}</p>;
    }
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      createElement(
        QueryClientProvider,
        { client },
        createElement(
          MemoryRouter,
          { initialEntries: ['/application?services=5&min_price=1000'] },
          <Routes>
            <Route path="/application" element={<ApplicationsMap items={items} />} />
            <Route path="/application/:id" element={<OpenedFrom />} />
          </Routes>,
        ),
      ),
    );
    const list = screen.getByRole('list', { name: 'Заявки на карте' });
    fireEvent.click(within(list).getByRole('link', { name: 'Замена проводки' }));
    expect(screen.getByText('Открыто из: /application?services=5&min_price=1000')).toBeInTheDocument();
  });

  it('names the facilities map and its list for what they hold', () => {
    renderWithProviders(<FacilitiesMap items={items} />);
    expect(screen.getByRole('region', { name: 'Карта объектов' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Объекты на карте' })).toBeInTheDocument();
  });
});

describe('Map: single point', () => {
  it('renders a named map for a place with coordinates and nothing without them', async () => {
    const { rerender } = renderWithProviders(<PointMap point={{ geoLat: 55.79, geoLon: 49.11 }} label="г Казань, ул. Баумана, д. 1" />);
    expect(screen.getByRole('region', { name: 'Карта: г Казань, ул. Баумана, д. 1' })).toBeInTheDocument();
    act(() => reveal());
    expect(await screen.findByTestId('leaflet-view')).toHaveTextContent('г Казань, ул. Баумана, д. 1');

    const client = new QueryClient();
    rerender(createElement(QueryClientProvider, { client }, createElement(MemoryRouter, null, <PointMap point={{ geoLat: null, geoLon: null }} label="Нет адреса" />)));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});
