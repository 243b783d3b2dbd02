import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SLOW_ANSWER_TEXT, SLOW_READ_MS } from 'shared';
import { fail, failsUntilRetried, ok } from 'shared/testing';
import { mapItems } from '../../testing/map-mock';
import { Component as ApplicationListPage } from '../../pages/application-list-page';
import { Component as HomePage } from '../../pages/home-page';
import {
  listAnswer,
  makeApplication,
  renderRoutes,
  setTestRuntimeConfig,
  stubFetch,
} from '../../testing/render-route';

jest.mock('../map', () => jest.requireActual('../../testing/map-mock'));

const routes = [
  { path: '/', Component: HomePage },
  { path: '/application', Component: ApplicationListPage },
  { path: '/application/search', Component: ApplicationListPage },
];

beforeEach(() => {
  setTestRuntimeConfig();
});

test('shows popular services and the freshest applications from the API', async () => {
  const fetchMock = stubFetch((url) =>
    url.pathname.endsWith('/service/get-collection')
      ? {
          body: {
            data: {
              items: [
                { id: 3, name: 'Ремонт кровли', parentId: 1, group: 'Строительство' },
                { id: 4, name: 'Электромонтаж', parentId: 1, group: 'Строительство' },
                { id: 21, name: 'Клининг', parentId: null, group: null },
              ],
              total: 3,
              page: 1,
              limit: 12,
            },
          },
        }
      : listAnswer([makeApplication({ id: 11, name: 'Утепление фасада' })]),
  );

  renderRoutes(routes, '/');

  expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
  const services = await screen.findByRole('link', { name: 'Электромонтаж' });
  expect(services).toHaveAttribute('href', '/application?services=4');
  // A group names no application itself: its page lists its services and searches by all of them.
  expect(screen.getByRole('link', { name: 'Клининг' })).toHaveAttribute('href', '/service/21');
  const fresh = screen.getByRole('region', { name: 'Свежие заявки' });
  expect(await within(fresh).findByRole('heading', { level: 3, name: 'Утепление фасада' })).toBeInTheDocument();

  const listUrl = fetchMock.mock.calls
    .map(([input]) => new URL(String(input)))
    .find((url) => url.pathname.endsWith('/application/get-collection'));
  expect(listUrl?.searchParams.get('attributeSort')).toBe('createdAt');
  expect(listUrl?.searchParams.get('typeSort')).toBe('desc');
  expect(listUrl?.searchParams.get('limit')).toBe('6');
});

test('each section keeps its own error state', async () => {
  stubFetch((url) =>
    url.pathname.endsWith('/service/get-collection')
      ? { status: 500, body: { message: 'Каталог услуг недоступен', code: 'internal' } }
      : listAnswer([]),
  );

  renderRoutes(routes, '/');

  expect(await screen.findByText('Каталог услуг недоступен')).toBeInTheDocument();
  expect(await screen.findByText('Открытых заявок сейчас нет')).toBeInTheDocument();
});

test('a failed section says which one failed, and its «Повторить» hands the focus to the section’s heading, not to the body', async () => {
  const services = failsUntilRetried(
    () => fail(503, 'Сервис временно недоступен'),
    () => ok({ items: [{ id: 4, name: 'Электромонтаж', parentId: 1, group: 'Строительство' }], total: 1, page: 1, limit: 12 }),
  );
  const applications = failsUntilRetried(
    () => fail(503, 'Сервис временно недоступен'),
    () => ok({ items: [makeApplication({ id: 11, name: 'Утепление фасада' })], total: 1, page: 1, limit: 6 }),
  );
  stubFetch((url) => (url.pathname.endsWith('/service/get-collection') ? services.handler() : applications.handler()));

  renderRoutes(routes, '/');

  const popular = screen.getByRole('region', { name: 'Популярные услуги' });
  const fresh = screen.getByRole('region', { name: 'Свежие заявки' });
  // Two failures side by side: each alert names its own section, not «Не удалось загрузить данные».
  expect(await within(popular).findByRole('alert')).toHaveTextContent('Не удалось загрузить популярные услуги');
  expect(within(popular).getByRole('alert')).toHaveTextContent('Сервис временно недоступен');
  expect(await within(fresh).findByRole('alert')).toHaveTextContent('Не удалось загрузить свежие заявки');

  await services.retry(within(popular).getByRole('button', { name: 'Повторить' }));
  services.answer();
  expect(await within(popular).findByRole('link', { name: 'Электромонтаж' })).toBeInTheDocument();
  await waitFor(() => expect(within(popular).getByRole('heading', { level: 2, name: 'Популярные услуги' })).toHaveFocus());

  await applications.retry(within(fresh).getByRole('button', { name: 'Повторить' }));
  applications.answer();
  expect(await within(fresh).findByRole('heading', { level: 3, name: 'Утепление фасада' })).toBeInTheDocument();
  await waitFor(() => expect(within(fresh).getByRole('heading', { level: 2, name: 'Свежие заявки' })).toHaveFocus());
});

test('popular services and fresh applications whose read hangs say after SLOW_READ_MS that the server is slow, over their skeletons (QA DDD-1)', async () => {
  jest.useFakeTimers();
  try {
    stubFetch(() => new Promise<never>(() => {}));
    renderRoutes(routes, '/');
    const popular = screen.getByRole('region', { name: 'Популярные услуги' });
    const fresh = screen.getByRole('region', { name: 'Свежие заявки' });
    await act(() => jest.advanceTimersByTimeAsync(SLOW_READ_MS - 1));
    expect(screen.queryByText(SLOW_ANSWER_TEXT)).not.toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(within(popular).getByText(SLOW_ANSWER_TEXT)).toBeVisible();
    expect(within(fresh).getByText(SLOW_ANSWER_TEXT)).toBeVisible();
  } finally {
    jest.useRealTimers();
  }
});

test('the search form opens the application search filtered by the query', async () => {
  stubFetch(() => listAnswer([]));

  const { location } = renderRoutes(routes, '/');

  fireEvent.change(screen.getByRole('searchbox', { name: 'Найти заявку' }), { target: { value: 'сантехник' } });
  fireEvent.submit(screen.getByRole('search'));

  expect(await screen.findByRole('heading', { level: 1, name: 'Поиск заявок' })).toBeInTheDocument();
  expect(location().pathname).toBe('/application/search');
  expect(new URLSearchParams(location().search).get('query')).toBe('сантехник');
  expect(screen.getByRole('searchbox')).toHaveValue('сантехник');
});

test('puts the fresh applications that have coordinates on the map, linking to each', async () => {
  stubFetch((url) =>
    url.pathname.endsWith('/service/get-collection')
      ? { body: { data: { items: [], total: 0, page: 1, limit: 12 } } }
      : listAnswer([
          makeApplication({ id: 21, name: 'Покраска забора', price: 8000 }),
          makeApplication({ id: 22, name: 'Без адреса', address: { value: '', cityFiasId: null, geoLat: null, geoLon: null } }),
        ]),
  );

  renderRoutes(routes, '/');

  const section = await screen.findByRole('region', { name: 'Свежие заявки на карте' });
  const items = mapItems(within(section).getByTestId('applications-map'));
  expect(items).toEqual([
    { id: 21, name: 'Покраска забора', href: '/application/21', geoLat: 55.79, geoLon: 49.11, subtitle: expect.stringContaining('8') },
  ]);
});

test('shows the facilities on the map, each leading to its public page (the facilities catalogue)', async () => {
  const fetchMock = stubFetch((url) => {
    if (url.pathname.endsWith('/facility/get-map')) {
      return { body: { data: { items: [{ id: 9, name: 'ЖК «Северный»', type: { id: 1, name: 'Жилой дом' }, geoLat: 55.75, geoLon: 37.61 }] } } };
    }
    if (url.pathname.endsWith('/service/get-collection')) return { body: { data: { items: [], total: 0, page: 1, limit: 12 } } };
    return listAnswer([]);
  });

  renderRoutes(routes, '/');

  const section = await screen.findByRole('region', { name: 'Объекты на карте' });
  expect(mapItems(within(section).getByTestId('facilities-map'))).toEqual([
    { id: 9, name: 'ЖК «Северный»', href: '/facility/9', geoLat: 55.75, geoLon: 37.61, subtitle: 'Жилой дом' },
  ]);
  expect(fetchMock.mock.calls.some(([input]) => new URL(String(input)).pathname.endsWith('/facility/get-map'))).toBe(true);
});

test('tells customers and executors what the service does for them', () => {
  stubFetch(() => listAnswer([]));

  renderRoutes(routes, '/');

  const section = screen.getByRole('region', { name: 'Как работает сервис' });
  expect(within(section).getByRole('heading', { level: 3, name: 'Заказчикам' })).toBeInTheDocument();
  expect(within(section).getByRole('heading', { level: 3, name: 'Исполнителям' })).toBeInTheDocument();
});

test('the tab is named as the server named it, however the page was reached', async () => {
  stubFetch((url) => (url.pathname.endsWith('/service/get-collection') ? listAnswer([]) : listAnswer([])));
  document.title = 'Заявки — Маркетплейс услуг';
  renderRoutes(routes, '/');
  expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
  await waitFor(() => expect(document.title).toBe('Заявки на услуги и исполнители в одном месте — Маркетплейс услуг'));
});
