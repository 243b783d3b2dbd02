import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { bus } from 'shared';
import { Component as TestPage } from '../../pages/test-page';
import { renderRoutes, setTestRuntimeConfig, stubFetch, type FakeAnswer } from '../../testing/render-route';

const routes = [{ path: '/test', Component: TestPage }];

const manifest = (version: string) => ({ body: { id: 'x', metaData: { buildInfo: { buildVersion: version, buildName: 'x' } } } });

function stubSystem({ health = { body: { data: { status: 'ok', db: 'ok', version: 'api-1.4.0' } } } as FakeAnswer } = {}) {
  return stubFetch((url) => {
    if (url.pathname === '/api/health') return health;
    if (url.port === '3001') return manifest('0.1.0');
    if (url.port === '3002') return manifest('0.2.0');
    if (url.port === '3003') return { status: 404, body: 'Not found' };
    throw new TypeError('Failed to fetch');
  });
}

function remote(title: string) {
  return within(screen.getByRole('heading', { level: 3, name: title }).closest('li')!);
}

beforeEach(() => {
  setTestRuntimeConfig();
  bus.clear();
  delete (globalThis as { __FEDERATION__?: unknown }).__FEDERATION__;
});

test('reports the API as working, with its database and version', async () => {
  stubSystem();
  renderRoutes(routes, '/test');

  const api = screen.getByRole('region', { name: 'API' });
  expect(within(api).getByText('проверяем…', { selector: '.status-badge' })).toBeInTheDocument();
  expect(await within(api).findByText('работает', { selector: '.status-badge' })).toBeInTheDocument();
  expect(within(api).getByText('api-1.4.0')).toBeInTheDocument();
  expect(within(api).getByText('работает', { selector: 'dd' })).toBeInTheDocument();
  // Public pages show moments in Moscow time, and say so.
  expect(within(api).getByText(/^\d{1,2} [а-я]+ \d{4}, \d{2}:\d{2} МСК$/)).toBeInTheDocument();
  expect(screen.getByText(/Версия конфигурации: test/)).toBeInTheDocument();
});

test('reports the API as unavailable with the reason, and checks again on request', async () => {
  let healthy = false;
  stubFetch((url) => {
    if (url.pathname !== '/api/health') return manifest('1');
    return healthy
      ? { body: { data: { status: 'ok', db: 'ok', version: 'api-2' } } }
      : { status: 503, body: { message: 'База данных недоступна', code: 'db_down' } };
  });
  renderRoutes(routes, '/test');

  const api = screen.getByRole('region', { name: 'API' });
  expect(await within(api).findByText('недоступен', { selector: '.status-badge' })).toBeInTheDocument();
  expect(within(api).getByText('База данных недоступна')).toBeInTheDocument();
  healthy = true;
  fireEvent.click(within(api).getByRole('button', { name: 'Проверить API снова' }));
  expect(await within(api).findByText('работает', { selector: '.status-badge' })).toBeInTheDocument();
});

test("shows each remote's reachability and build version from its manifest", async () => {
  const fetchMock = stubSystem();
  renderRoutes(routes, '/test');

  const catalog = remote('Каталог и публичные страницы');
  expect(await catalog.findByText('доступен')).toBeInTheDocument();
  expect(catalog.getByText('0.1.0')).toBeInTheDocument();
  expect(catalog.getByText('загружен')).toBeInTheDocument();
  expect(await remote('Заявки в личном кабинете').findByText('0.2.0')).toBeInTheDocument();
  expect(await remote('Личный кабинет').findByText('недоступен')).toBeInTheDocument();
  expect(await remote('Сообщения').findByText('недоступен')).toBeInTheDocument();
  expect(remote('Сообщения').getAllByText('нет данных')).toHaveLength(2);
  const urls = fetchMock.mock.calls.map(([input]) => String(input));
  expect(urls).toContain('http://localhost:3002/mf-manifest.json');
});

test('reads which remotes the federation runtime has loaded', async () => {
  (globalThis as { __FEDERATION__?: unknown }).__FEDERATION__ = {
    __INSTANCES__: [
      { name: 'shell', moduleCache: new Map([['mf_cabinet', { inited: true }]]) },
      { name: 'mf_catalog', moduleCache: new Map() },
    ],
  };
  stubSystem();
  renderRoutes(routes, '/test');

  expect(remote('Личный кабинет').getByText('загружен')).toBeInTheDocument();
  expect(remote('Сообщения').getByText('ещё не загружался')).toBeInTheDocument();
  await screen.findAllByText('недоступен');
});

test("shows «нет данных» for the socket until the shell reports it, then follows each report", async () => {
  stubSystem();
  renderRoutes(routes, '/test');

  const socket = screen.getByRole('region', { name: 'Соединение в реальном времени' });
  expect(within(socket).getByText('нет данных')).toBeInTheDocument();
  act(() => bus.emit('socket:status', { connected: true }));
  expect(within(socket).getByText('подключено')).toBeInTheDocument();
  act(() => bus.emit('socket:status', { connected: false }));
  expect(within(socket).getByText('отключено')).toBeInTheDocument();
  expect(within(socket).getByText(/Последнее изменение:/)).toBeInTheDocument();
  await waitFor(() => expect(screen.getAllByText('доступен').length).toBeGreaterThan(0));
});

test('«Проверить всё снова» checks the API and the remotes again in place: its form (for the page without scripts) is not sent', async () => {
  const fetchMock = stubSystem();
  renderRoutes(routes, '/test');
  const api = screen.getByRole('region', { name: 'API' });
  await within(api).findByText('работает', { selector: '.status-badge' });
  await waitFor(() => expect(screen.getAllByText('доступен').length).toBeGreaterThan(0));
  const healthCalls = () => fetchMock.mock.calls.filter(([input]) => String(input).endsWith('/api/health')).length;
  const before = healthCalls();
  const sent = jest.fn((event: Event) => !event.defaultPrevented);
  document.addEventListener('submit', sent);

  fireEvent.click(screen.getByRole('button', { name: 'Проверить всё снова' }));

  await waitFor(() => expect(healthCalls()).toBe(before + 1));
  expect(sent.mock.results.every(({ value }) => value === false)).toBe(true);
  document.removeEventListener('submit', sent);
  await within(api).findByText('работает', { selector: '.status-badge' });
});
