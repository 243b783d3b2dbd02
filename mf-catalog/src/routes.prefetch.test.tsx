import { act, render, screen, within } from '@testing-library/react';
import { createQueryClient } from 'shared';
import { setTestRuntimeConfig, stubFetch, type FakeAnswer } from 'shared/testing';
import { KAZAN_FIAS_ID, serveCatalogApi } from './testing/catalog-api';
import { browserClientFrom, ORIGIN, prefetchRoute, routeAt, ServerPage, type ServerRoute } from './testing/server-route';

jest.mock('./features/map', () => jest.requireActual('./testing/map-mock'));

beforeEach(() => setTestRuntimeConfig());

/** Renders the page in a browser client holding only what the route's prefetch left; returns the client. */
function renderPrefetched(server: ServerRoute, path: string) {
  const client = browserClientFrom(server.context.queryClient);
  render(<ServerPage route={server.route} Page={server.Page} client={client} path={path} />);
  return client;
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 30)));

const CASES: [path: string, firstRender: () => void][] = [
  [
    '/',
    () => {
      expect(screen.getByRole('link', { name: 'Поклейка обоев' })).toHaveAttribute('href', '/application?services=12');
      const fresh = screen.getByRole('region', { name: 'Свежие заявки' });
      expect(within(fresh).getByRole('heading', { level: 3, name: 'Утепление фасада' })).toBeInTheDocument();
      expect(screen.getByTestId('applications-map')).toBeInTheDocument();
    },
  ],
  [
    '/application?services=3&address=93b3df57&addressName=Казань&attributeSort=price&typeSort=desc&page=2',
    () => {
      expect(screen.getByRole('heading', { level: 2, name: 'Перекрыть кровлю' })).toBeInTheDocument();
      expect(screen.getByText('Найдено 14 заявок')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Убрать фильтр Услуги: Ремонт кровли' })).toBeInTheDocument();
    },
  ],
  [
    '/application/search?query=кровля',
    () => {
      expect(screen.getByRole('heading', { level: 1, name: 'Поиск заявок' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 2, name: 'Утепление фасада' })).toBeInTheDocument();
    },
  ],
  [
    '/executor/15',
    () => {
      expect(screen.getByRole('heading', { level: 1, name: 'ООО «Мастер на час»' })).toBeInTheDocument();
      expect(screen.getByText('Мелкий ремонт за один визит')).toBeInTheDocument();
    },
  ],
  [
    '/service?query=плитка&page=2',
    () => {
      expect(screen.getByText('Найдено 30 услуг')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Укладка плитки' })).toHaveAttribute('href', '/service/11');
    },
  ],
  [
    `/service?address=${KAZAN_FIAS_ID}&addressName=${encodeURIComponent('г Казань')}&typeSort=desc&attributeSort=name`,
    () => {
      expect(screen.getByText('Найдено 2 услуги')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Убрать фильтр Город: г Казань' })).toBeInTheDocument();
      expect(screen.getByRole('combobox', { name: 'Сортировка' })).toHaveValue('name:desc');
    },
  ],
  [
    '/service/11',
    () => {
      expect(screen.getByRole('heading', { level: 1, name: 'Укладка плитки' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Заявки по услуге' })).toHaveAttribute('href', '/application/search?services=11');
    },
  ],
  [
    '/service/1',
    () => {
      expect(screen.getByRole('heading', { level: 1, name: 'Ремонт' })).toBeInTheDocument();
      const children = screen.getByRole('region', { name: 'Услуги группы' });
      expect(within(children).getByRole('link', { name: 'Поклейка обоев' })).toHaveAttribute('href', '/service/12');
      expect(screen.getByRole('link', { name: 'Заявки по услугам группы' })).toHaveAttribute('href', `/application/search?services=${encodeURIComponent('11,12')}`);
    },
  ],
  [
    '/facility/4',
    () => {
      expect(screen.getByRole('heading', { level: 1, name: 'Склад на Тэцевской' })).toBeInTheDocument();
      expect(screen.getByTestId('point-map')).toBeInTheDocument();
      expect(screen.getByText(/Поэтажный план\.pdf/)).toBeInTheDocument();
    },
  ],
];

// Client-rendered only, but their prefetch still starts the page's request early in the browser.
const CLIENT_ONLY_CASES: [path: string, firstRender: () => void][] = [
  [
    '/application/21',
    () => {
      expect(screen.getByRole('heading', { level: 1, name: 'Перекрыть кровлю' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Откликнуться' })).toBeInTheDocument();
    },
  ],
  ['/executor?page=2', () => expect(screen.getByRole('link', { name: 'ООО «Мастер на час»' })).toHaveAttribute('href', '/executor/15')],
  ['/executor/search?services=4', () => expect(screen.getByText('Найден 1 исполнитель')).toBeInTheDocument()],
];

describe('a route’s prefetch', () => {
  it.each([...CASES, ...CLIENT_ONLY_CASES])('%s: fills exactly the queries its page reads, so the page shows at once and asks for nothing', async (path, firstRender) => {
    const api = serveCatalogApi();
    const server = await prefetchRoute(path);
    const prefetched = server.context.queryClient.getQueryCache().getAll();
    expect(prefetched.length).toBeGreaterThan(0);
    expect(prefetched.every((query) => query.state.status === 'success')).toBe(true);
    api.mock.mockClear();

    const client = renderPrefetched(server, path);

    firstRender();
    await settle();
    expect(api.calls).toEqual([]);
    // Nothing prefetched in vain: the page observes every query the prefetch loaded.
    for (const query of prefetched) expect(client.getQueryCache().get(query.queryHash)?.getObserversCount()).toBeGreaterThan(0);
  });

  it('does not throw on a missing entity, and asks nothing for an id that is not one', async () => {
    const api = serveCatalogApi();

    await expect(prefetchRoute('/service/999')).resolves.toBeDefined();
    await expect(prefetchRoute('/executor/16')).resolves.toBeDefined();
    await expect(prefetchRoute('/facility/5')).resolves.toBeDefined();
    expect(api.calls.map((call) => call.path)).toEqual(['service/get', 'executor/get', 'profile/facility/get']);

    api.mock.mockClear();
    await prefetchRoute('/service/abc');
    await prefetchRoute('/executor/0');
    await prefetchRoute('/facility/1.5');
    expect(api.calls).toEqual([]);
  });

  it('/test: the API’s health and every remote’s manifest are there on the first render', async () => {
    const manifest = (version: string): FakeAnswer => ({ body: { metaData: { buildInfo: { buildVersion: version, buildName: 'x' } } } });
    const fetchMock = stubFetch((url) => (url.pathname === '/api/health' ? { body: { data: { status: 'ok', db: 'ok', version: 'api-1.4.0' } } } : manifest(`v-${url.port}`)));
    const server = await prefetchRoute('/test');
    const asked = fetchMock.mock.calls.map(([input]) => String(input)).sort();
    fetchMock.mockClear();

    renderPrefetched(server, '/test');

    const api = screen.getByRole('region', { name: 'API' });
    expect(within(api).getByText('работает', { selector: '.status-badge' })).toBeInTheDocument();
    expect(within(api).getByText('api-1.4.0')).toBeInTheDocument();
    expect(screen.getByText('v-3002')).toBeInTheDocument();
    // A status page checks again on mount (staleTime 0), but only what the prefetch asked.
    await settle();
    expect(fetchMock.mock.calls.map(([input]) => String(input)).sort()).toEqual(asked);
  });
});

/*
 * A missing entity's page reached in the browser (a link followed): the shell starts the route's
 * prefetch after the next paint, beside the page's own query: whichever of the two reads the 404
 * first, the other takes it rather than asking again. (Opened by its address, it comes from the
 * server with its 404 inlined: routes.hydration.test.tsx.)
 */
describe('a missing entity in the browser', () => {
  const MISSING: [path: string, heading: string][] = [
    ['/service/999', 'Услуга не найдена'],
    ['/executor/16', 'Исполнитель не найден'],
    ['/facility/5', 'Объект не найден'],
    ['/application/999', 'Заявка не найдена'],
  ];
  const browserPrefetch = (path: string, queryClient: ReturnType<typeof createQueryClient>) => {
    const url = new URL(path, ORIGIN);
    const { route, params } = routeAt(url.pathname);
    return Promise.resolve(route.handle.prefetch?.({ queryClient, url, params }));
  };

  it.each(MISSING)('%s: the page after the prefetch asks once', async (path, heading) => {
    const api = serveCatalogApi();
    const { route, Page } = await prefetchRoute(path);
    api.mock.mockClear();
    const client = createQueryClient();

    await browserPrefetch(path, client);
    render(<ServerPage route={route} Page={Page} client={client} path={path} />);

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    await settle();
    expect(api.calls).toHaveLength(1);
  });

  it.each(MISSING)('%s: the prefetch after the page has its answer asks nothing', async (path, heading) => {
    const api = serveCatalogApi();
    const { route, Page } = await prefetchRoute(path);
    api.mock.mockClear();
    const client = createQueryClient();

    render(<ServerPage route={route} Page={Page} client={client} path={path} />);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    await act(() => browserPrefetch(path, client));

    await settle();
    expect(api.calls).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });
});
