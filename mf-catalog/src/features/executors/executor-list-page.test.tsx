import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Component as ExecutorListPage } from '../../pages/executor-list-page';
import { Component as ExecutorSearchPage } from '../../pages/executor-search-page';
import { listAnswer, renderRoutes, requestsTo, searchOf, setTestRuntimeConfig, stubApi } from '../../testing/render-route';
import { formatExecutorTotal } from './components/executor-results';
import { makeExecutor } from './testing/fixtures';

const routes = [
  { path: '/executor', Component: ExecutorListPage },
  { path: '/executor/search', Component: ExecutorSearchPage },
];

const KAZAN = { value: 'г Казань', cityFiasId: '93b3df57-4c89-44df-ac42-96f05e9cd3b9', geoLat: 55.79, geoLon: 49.11 };

beforeEach(() => setTestRuntimeConfig());

test('lists executors, 12 a page by id, with their city, services and completed applications', async () => {
  const items = Array.from({ length: 12 }, (_, i) => makeExecutor({ id: i + 1, name: `Мастер ${i + 1}` }));
  const fetchMock = stubApi({ 'executor/get-collection': () => listAnswer(items, { total: 30, limit: 12 }) });

  renderRoutes(routes, '/executor');

  expect(screen.getByRole('heading', { level: 1, name: 'Исполнители' })).toBeInTheDocument();
  expect(await screen.findByText('Найдено 30 исполнителей')).toBeInTheDocument();
  const cards = screen.getAllByRole('article');
  expect(cards).toHaveLength(12);
  const first = cards[0]!;
  expect(within(first).getByRole('link', { name: 'Мастер 1' })).toHaveAttribute('href', '/executor/1');
  expect(within(first).getByText('г Казань')).toBeInTheDocument();
  expect(within(first).getByText('3 выполненные заявки')).toBeInTheDocument();
  expect(within(first).getByRole('link', { name: 'Укладка плитки' })).toHaveAttribute('href', '/executor/search?services=4');
  const [request] = requestsTo(fetchMock, 'executor/get-collection');
  expect(Object.fromEntries(request!.searchParams)).toEqual({ page: '1', limit: '12', attributeSort: 'id', typeSort: 'asc' });
  expect(within(screen.getByRole('navigation', { name: 'Страницы' })).getByRole('link', { name: 'Страница 3' })).toHaveAttribute(
    'href',
    '/executor?page=3',
  );
});

test('search, city, services and sort go to the URL and to the API; any change starts from page 1', async () => {
  const fetchMock = stubApi({
    'executor/get-collection': () => listAnswer([makeExecutor()], { total: 40, limit: 12, page: 2 }),
    'user/address/search': () => ({ body: { data: { items: [KAZAN] } } }),
    'service/get-collection/filter': () => ({ body: { data: { items: [{ id: 4, name: 'Укладка плитки', parentId: 1, group: 'Ремонт' }] } } }),
  });
  const { location } = renderRoutes(routes, '/executor/search?page=2');
  const user = userEvent.setup();
  await screen.findByText('Найдено 40 исполнителей');

  expect(document.title).toBe('Поиск исполнителей, страница 2 — Маркетплейс услуг');
  fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'плитка' } });
  fireEvent.submit(screen.getByRole('search'));
  await waitFor(() => expect(searchOf(location())).toEqual({ query: 'плитка' }));
  // The tab follows the view, as the other catalogues' do.
  await waitFor(() => expect(document.title).toBe('Исполнители по запросу «плитка» — Маркетплейс услуг'));

  await user.type(screen.getByRole('combobox', { name: 'Город' }), 'Каз');
  await user.click(await screen.findByRole('option', { name: 'г Казань' }));
  await waitFor(() => expect(searchOf(location())).toMatchObject({ address: KAZAN.cityFiasId, addressName: 'г Казань' }));

  await user.click(screen.getByRole('button', { name: /^Услуги/ }));
  expect(screen.getByRole('checkbox', { name: 'Все' })).toBeChecked();
  await user.click(await screen.findByRole('checkbox', { name: 'Укладка плитки' }));
  await waitFor(() => expect(searchOf(location())).toMatchObject({ services: '4' }));
  await waitFor(() => expect(document.title).toBe('Исполнители по запросу «плитка» в городе Казань: Укладка плитки — Маркетплейс услуг'));

  fireEvent.change(screen.getByRole('combobox', { name: 'Сортировка' }), { target: { value: 'name:asc' } });
  await waitFor(() =>
    expect(searchOf(location())).toEqual({
      query: 'плитка',
      address: KAZAN.cityFiasId,
      addressName: 'г Казань',
      services: '4',
      attributeSort: 'name',
      typeSort: 'asc',
    }),
  );
  await waitFor(() =>
    expect(Object.fromEntries(requestsTo(fetchMock, 'executor/get-collection').at(-1)!.searchParams)).toEqual({
      page: '1',
      limit: '12',
      query: 'плитка',
      address: KAZAN.cityFiasId,
      services: '4',
      attributeSort: 'name',
      typeSort: 'asc',
    }),
  );
  expect(screen.getByRole('button', { name: 'Убрать фильтр Город: г Казань' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Поиск исполнителей' })).toBeInTheDocument();
});

test('a link with the city’s id alone names the city in its chip as in its field and the tab; unnamed, the tab says «the chosen city»', async () => {
  const rostov = 'c1cfe4b9-f7c2-423c-abfa-6ed1c05a15c5';
  const organization = makeExecutor({
    id: 5,
    name: 'ООО «ЮгСтрой»',
    type: 'organization',
    address: { value: 'Ростовская обл, г Ростов-на-Дону, ул Пушкинская, д 52', cityFiasId: rostov, geoLat: 47.22, geoLon: 39.72 },
  });
  let items = [organization];
  stubApi({ 'executor/get-collection': () => listAnswer(items) });

  const first = renderRoutes(routes, `/executor?address=${rostov}`);

  // An organisation's address is its legal one, street and all: the city is its part up to the city.
  expect(await screen.findByRole('button', { name: 'Убрать фильтр Город: Ростовская обл, г Ростов-на-Дону' })).toBeInTheDocument();
  expect(screen.getByRole('combobox', { name: 'Город' })).toHaveValue('Ростовская обл, г Ростов-на-Дону');
  await waitFor(() => expect(document.title).toBe('Исполнители в городе Ростов-на-Дону — Маркетплейс услуг'));
  first.unmount();

  items = [];
  renderRoutes(routes, `/executor?address=${rostov}`);
  expect(await screen.findByText('Исполнителей не найдено')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Убрать фильтр Город: Выбранный город' })).toBeInTheDocument();
  await waitFor(() => expect(document.title).toBe('Исполнители в выбранном городе — Маркетплейс услуг'));
});

test('nothing found: says so and offers to reset the filters', async () => {
  stubApi({ 'executor/get-collection': () => listAnswer([], { total: 0, limit: 12 }) });

  renderRoutes(routes, '/executor/search?query=никто&services=4');

  expect(await screen.findByText('Ничего не найдено')).toBeInTheDocument();
  for (const link of screen.getAllByRole('link', { name: 'Сбросить фильтры' })) {
    expect(link).toHaveAttribute('href', '/executor/search');
  }
  expect(screen.getByText('Исполнителей не найдено').closest('[role="status"]')).toBeInTheDocument();
  expect([formatExecutorTotal(0), formatExecutorTotal(1)]).toEqual(['Исполнителей не найдено', 'Найден 1 исполнитель']);
});

test('with no search nor filter an empty catalogue says there are no executors yet, not to reset filters (QA PP-2)', async () => {
  stubApi({ 'executor/get-collection': () => listAnswer([], { total: 0, limit: 12 }) });

  renderRoutes(routes, '/executor');

  expect(await screen.findByText('Разместите заявку — исполнители сами предложат цену и сроки.')).toBeInTheDocument();
  expect(screen.getAllByText('Исполнителей пока нет').length).toBeGreaterThan(0);
  expect(screen.getByRole('link', { name: 'Разместить заявку' })).toHaveAttribute('href', '/lk/application/form');
  expect(screen.queryByText(/с такими условиями/)).not.toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Сбросить фильтры' })).not.toBeInTheDocument();
});

test('a total that is only the API\'s cap is said as «больше 10 000 исполнителей», not as a count', async () => {
  const executors = Array.from({ length: 12 }, (_, i) => makeExecutor({ id: i + 1, name: `Исполнитель ${i + 1}` }));
  stubApi({ 'executor/get-collection': () => ({ body: { data: { items: executors, total: 10_000, page: 1, limit: 12, totalExact: false } } }) });

  renderRoutes(routes, '/executor');

  await screen.findAllByRole('article');
  expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain('Найдено больше 10\u00a0000 исполнителей');
  expect(screen.queryByText(/Найдено 10000/)).not.toBeInTheDocument();
});

test('a page past the last one says so and how many pages there are, with the way to the first', async () => {
  stubApi({ 'executor/get-collection': () => listAnswer([], { total: 13, page: 99, limit: 12 }) });

  renderRoutes(routes, '/executor/search?query=мастер&page=99');

  await waitFor(() => expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain('Такой страницы нет: в списке 2 страницы'));
  expect(screen.getByRole('link', { name: 'К первой странице' })).toHaveAttribute('href', `/executor/search?${new URLSearchParams({ query: 'мастер' })}`);
  await waitFor(() => expect(document.title).toBe('Такой страницы нет — Маркетплейс услуг'));
});

test('a failure shows the message and loads again on retry', async () => {
  let fail = true;
  stubApi({
    'executor/get-collection': () =>
      fail ? { status: 503, body: { message: 'Каталог временно недоступен', code: 'unavailable' } } : listAnswer([makeExecutor({ name: 'ИП Сидоров' })]),
  });

  renderRoutes(routes, '/executor');

  expect(await screen.findByText('Каталог временно недоступен')).toBeInTheDocument();
  fail = false;
  fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
  expect(await screen.findByRole('link', { name: 'ИП Сидоров' })).toBeInTheDocument();
});

test('chosen services no executor on screen offers are named from the catalogue, not by their numbers', async () => {
  stubApi({
    'executor/get-collection': () => listAnswer([]),
    'service/get-collection/filter': () => ({ body: { data: { items: [{ id: 31, name: 'Монтаж кровли', parentId: 1, group: 'Строительство' }] } } }),
  });
  renderRoutes(routes, '/executor/search?services=31');

  expect(await screen.findByRole('button', { name: 'Убрать фильтр Услуги: Монтаж кровли' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: /^Услуги/ })).toHaveTextContent('Монтаж кровли');
});

test('a chosen service neither the results nor the catalogue name is called the same in its chip and in the picker', async () => {
  stubApi({
    'executor/get-collection': () => listAnswer([]),
    'service/get-collection/filter': () => ({ body: { data: { items: [{ id: 31, name: 'Монтаж кровли', parentId: 1, group: 'Строительство' }] } } }),
  });
  renderRoutes(routes, '/executor/search?services=31,99');
  const user = userEvent.setup();

  expect(await screen.findByRole('button', { name: 'Убрать фильтр Услуги: Монтаж кровли, Услуга № 99' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: /^Услуги/ }));
  expect(within(screen.getByRole('group', { name: 'Услуги' })).getByRole('checkbox', { name: 'Услуга № 99' })).toBeChecked();
});

test('«Сбросить фильтры» drops the filters and the page but keeps the sort', async () => {
  stubApi({ 'executor/get-collection': () => listAnswer([], { total: 0, limit: 12 }) });

  renderRoutes(routes, '/executor/search?query=никто&services=4&attributeSort=name&typeSort=desc&page=3');

  expect(await screen.findByText('Ничего не найдено')).toBeInTheDocument();
  const links = screen.getAllByRole('link', { name: 'Сбросить фильтры' });
  expect(links).toHaveLength(2);
  for (const link of links) expect(link).toHaveAttribute('href', '/executor/search?attributeSort=name&typeSort=desc');
});
