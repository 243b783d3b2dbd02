import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Component as ServiceListPage } from '../../pages/service-list-page';
import { Component as ServicePage } from '../../pages/service-page';
import { fail, failsUntilRetried, ok } from 'shared/testing';
import { formatServiceTotal } from './lib/service-meta';
import { listAnswer, renderRoutes, requestsTo, searchOf, setTestRuntimeConfig, stubApi } from '../../testing/render-route';

const routes = [
  { path: '/service', Component: ServiceListPage },
  { path: '/service/:id', Component: ServicePage },
];

const REPAIR = { id: 1, name: 'Ремонт', parentId: null, group: null };
const TILES = { id: 11, name: 'Укладка плитки', parentId: 1, group: 'Ремонт' };
const WALLPAPER = { id: 12, name: 'Поклейка обоев', parentId: 1, group: 'Ремонт' };
const LIGHT = { id: 21, name: 'Монтаж освещения', parentId: 2, group: 'Электрика' };

beforeEach(() => setTestRuntimeConfig());

test('while the service loads, the page has the h1 «Услуга», then the service\'s own (QA NN-1)', async () => {
  stubApi({ 'service/get': () => ({ body: { data: TILES } }) });
  renderRoutes(routes, '/service/11');
  expect(screen.getByRole('status')).toHaveTextContent('Загружаем услугу…');
  expect(screen.getByRole('heading', { level: 1, name: 'Услуга' })).toHaveClass('ui-visually-hidden');

  expect(await screen.findByRole('heading', { level: 1, name: TILES.name })).toBeInTheDocument();
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
});

test('lists services 12 a page under the names of their groups', async () => {
  const fetchMock = stubApi({ 'service/get-collection': () => listAnswer([LIGHT, WALLPAPER, REPAIR, TILES], { total: 30, limit: 12 }) });

  renderRoutes(routes, '/service');

  expect(await screen.findByText('Найдено 30 услуг')).toBeInTheDocument();
  const repair = screen.getByRole('heading', { level: 2, name: 'Ремонт' }).closest('section')!;
  expect(within(repair).getByRole('link', { name: 'Поклейка обоев' })).toHaveAttribute('href', '/service/12');
  expect(within(repair).getByRole('link', { name: 'Укладка плитки' })).toHaveAttribute('href', '/service/11');
  expect(within(repair).getByRole('link', { name: 'Все услуги группы «Ремонт»' })).toHaveAttribute('href', '/service/1');
  const light = screen.getByRole('heading', { level: 2, name: 'Электрика' }).closest('section')!;
  expect(within(light).getByRole('link', { name: 'Монтаж освещения' })).toBeInTheDocument();
  expect(Object.fromEntries(requestsTo(fetchMock, 'service/get-collection')[0]!.searchParams)).toEqual({ page: '1', limit: '12' });
  expect(screen.getByRole('link', { name: 'Страница 2' })).toHaveAttribute('href', '/service?page=2');
});

test('counts the services found, not the groups’ headings among the rows (the API’s serviceTotal); an older API’s total otherwise', async () => {
  // The whole seeded catalogue: 7 groups of 4 services, 35 rows to page through.
  stubApi({ 'service/get-collection': () => ok({ items: [REPAIR, TILES, WALLPAPER], total: 35, page: 1, limit: 12, serviceTotal: 28 }) });
  const { unmount } = renderRoutes(routes, '/service');

  expect(await screen.findByText('Найдено 28 услуг')).toBeInTheDocument();
  expect(screen.queryByText(/35/)).not.toBeInTheDocument();
  // The pages still go by the rows: 35 of them 12 a page.
  expect(screen.getByRole('link', { name: 'Страница 3' })).toHaveAttribute('href', '/service?page=3');
  unmount();

  // An API without the field (deployed apart from the catalogue) is read as before.
  stubApi({ 'service/get-collection': () => listAnswer([REPAIR, TILES], { total: 2, limit: 12 }) });
  renderRoutes(routes, '/service?query=x');
  expect(await screen.findByText('Найдено 2 услуги')).toBeInTheDocument();
});

test('Back and Forward between pages of the catalogue put the focus on the results, as the page’s link does, not on the body', async () => {
  const ELECTRIC = { id: 2, name: 'Электрика', parentId: null, group: null };
  stubApi({
    'service/get-collection': (url) =>
      url.searchParams.get('page') === '2'
        ? listAnswer([ELECTRIC, LIGHT], { total: 14, page: 2, limit: 12 })
        : listAnswer([REPAIR, TILES, WALLPAPER], { total: 14, limit: 12 }),
  });
  const { go } = renderRoutes(routes, '/service');
  const second = await screen.findByRole('link', { name: 'Страница 2' });
  second.focus();
  fireEvent.click(second);
  const electric = await screen.findByRole('link', { name: 'Все услуги группы «Электрика»' });
  await waitFor(() => expect(electric).toHaveFocus());

  await go(-1);
  await waitFor(() => expect(screen.getByRole('link', { name: 'Все услуги группы «Ремонт»' })).toHaveFocus());
  await go(1);
  await waitFor(() => expect(screen.getByRole('link', { name: 'Все услуги группы «Электрика»' })).toHaveFocus());
});

test('a group continued from the page before has its heading and its «Все услуги группы» on this page too', async () => {
  const DRAWINGS = { id: 33, name: 'Рабочие чертежи', parentId: 3, group: 'Проектирование' };
  const SURVEY = { id: 34, name: 'Обмерный план', parentId: 3, group: 'Проектирование' };
  // Page 1 ended with the group's own row and «Дизайн интерьера»; page 2 goes on with the rest.
  stubApi({ 'service/get-collection': () => listAnswer([SURVEY, DRAWINGS, REPAIR, TILES], { total: 16, page: 2, limit: 12 }) });

  renderRoutes(routes, `/service?page=2&address=${KAZAN.cityFiasId}&addressName=${encodeURIComponent('г Казань')}`);

  const design = (await screen.findByRole('heading', { level: 2, name: 'Проектирование' })).closest('section')!;
  const links = within(design).getAllByRole('link');
  expect(links.map((link) => link.textContent)).toEqual(['Все услуги группы «Проектирование»', 'Обмерный план', 'Рабочие чертежи']);
  expect(links[0]).toHaveAttribute('href', `/service/3?${new URLSearchParams({ address: KAZAN.cityFiasId, addressName: 'г Казань' })}`);
  // A group begun on this page has its own row once.
  const repair = screen.getByRole('heading', { level: 2, name: 'Ремонт' }).closest('section')!;
  expect(within(repair).getAllByRole('link').map((link) => link.textContent)).toEqual(['Все услуги группы «Ремонт»', 'Укладка плитки']);
});

test('the search query lives in the URL and starts from page 1; nothing found offers a reset', async () => {
  const fetchMock = stubApi({
    'service/get-collection': (url) => (url.searchParams.get('query') ? listAnswer([], { total: 0, limit: 12 }) : listAnswer([TILES], { total: 20, limit: 12, page: 2 })),
  });
  const { location } = renderRoutes(routes, '/service?page=2');
  await screen.findByRole('link', { name: 'Укладка плитки' });

  fireEvent.change(screen.getByRole('searchbox', { name: 'Поиск услуг' }), { target: { value: 'сварка' } });
  fireEvent.submit(screen.getByRole('search'));

  await waitFor(() => expect(searchOf(location())).toEqual({ query: 'сварка' }));
  expect(await screen.findByText('Ничего не найдено')).toBeInTheDocument();
  expect(requestsTo(fetchMock, 'service/get-collection').at(-1)?.searchParams.get('query')).toBe('сварка');
  for (const link of screen.getAllByRole('link', { name: 'Сбросить фильтры' })) expect(link).toHaveAttribute('href', '/service');
});

test('a page past the last one says so and how many pages there are, with the way to the first', async () => {
  stubApi({ 'service/get-collection': () => listAnswer([], { total: 30, page: 99, limit: 12 }) });

  renderRoutes(routes, '/service?page=99');

  await waitFor(() => expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain('Такой страницы нет: в списке 3 страницы'));
  expect(screen.getByRole('link', { name: 'К первой странице' })).toHaveAttribute('href', '/service');
  await waitFor(() => expect(document.title).toBe('Такой страницы нет — Маркетплейс услуг'));
});

test('nothing found is announced as «Услуг не найдено»', async () => {
  stubApi({ 'service/get-collection': () => listAnswer([], { total: 0, limit: 12 }) });

  renderRoutes(routes, '/service?query=zzz');

  await waitFor(() => expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain('Услуг не найдено'));
  expect(screen.queryByText(/Найдено 0/)).not.toBeInTheDocument();
  // The head's description counts with the same words (serviceListMeta).
  expect([formatServiceTotal(0), formatServiceTotal(1)]).toEqual(['Услуг не найдено', 'Найдена 1 услуга']);
});

const KAZAN = { value: 'г Казань', cityFiasId: '93b3df57-4c89-44df-ac42-96f05e9cd3b9', geoLat: 55.79, geoLon: 49.11 };

test('the city and the sort go to the URL and to the API; any change starts from page 1', async () => {
  const fetchMock = stubApi({
    'service/get-collection': () => listAnswer([REPAIR, TILES], { total: 20, limit: 12, page: 2 }),
    'user/address/search': () => ({ body: { data: { items: [KAZAN] } } }),
  });
  const { location } = renderRoutes(routes, '/service?page=2&query=плитка');
  const user = userEvent.setup();
  await screen.findByRole('link', { name: 'Укладка плитки' });

  await user.type(screen.getByRole('combobox', { name: 'Город' }), 'Каз');
  await user.click(await screen.findByRole('option', { name: 'г Казань' }));
  await waitFor(() => expect(searchOf(location())).toEqual({ query: 'плитка', address: KAZAN.cityFiasId, addressName: 'г Казань' }));
  // The tab names the view as the server's title would.
  await waitFor(() => expect(document.title).toBe('Услуги по запросу «плитка» в городе Казань — Маркетплейс услуг'));

  const sort = screen.getByRole('combobox', { name: 'Сортировка' });
  expect(sort).toHaveValue('name:asc');
  await user.selectOptions(sort, 'По названию, от Я до А');
  await waitFor(() =>
    expect(searchOf(location())).toEqual({ query: 'плитка', address: KAZAN.cityFiasId, addressName: 'г Казань', attributeSort: 'name', typeSort: 'desc' }),
  );
  await waitFor(() =>
    expect(Object.fromEntries(requestsTo(fetchMock, 'service/get-collection').at(-1)!.searchParams)).toEqual({
      page: '1',
      limit: '12',
      query: 'плитка',
      address: KAZAN.cityFiasId,
      attributeSort: 'name',
      typeSort: 'desc',
    }),
  );
  // The page links keep the whole view.
  expect(await screen.findByRole('link', { name: 'Страница 2' })).toHaveAttribute(
    'href',
    `/service?${new URLSearchParams({ query: 'плитка', address: KAZAN.cityFiasId, addressName: 'г Казань', attributeSort: 'name', typeSort: 'desc', page: '2' })}`,
  );
  expect(screen.getByText('выбрано 1', { exact: false })).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Убрать фильтр Город: г Казань' }));
  await waitFor(() => expect(searchOf(location())).toEqual({ query: 'плитка', attributeSort: 'name', typeSort: 'desc' }));
  await waitFor(() => expect(document.title).toBe('Услуги по запросу «плитка» — Маркетплейс услуг'));
  expect(screen.getByRole('combobox', { name: 'Город' })).toHaveValue('');
});

test('nothing offered in the city: the empty state and its announcement name the city', async () => {
  stubApi({ 'service/get-collection': () => listAnswer([], { total: 0, limit: 12 }) });

  renderRoutes(routes, `/service?address=${KAZAN.cityFiasId}&addressName=${encodeURIComponent('г Казань')}`);

  const none = 'Пока нет исполнителей услуг в городе Казань';
  expect(await screen.findByText(none, { selector: '.ui-state__title' })).toBeInTheDocument();
  expect(screen.getByText(none, { selector: '[role="status"] > span' })).toBeInTheDocument();
  expect(screen.getByText('Выберите другой город или сбросьте фильтры: без города каталог показывает все услуги.')).toBeInTheDocument();
  expect(screen.getByRole('combobox', { name: 'Город' })).toHaveValue('г Казань');
  for (const link of screen.getAllByRole('link', { name: 'Сбросить фильтры' })) expect(link).toHaveAttribute('href', '/service');
});

test('with a query too, the empty state names neither cause (no such service, or none offered there); a link without the city name still says «in the chosen city»', async () => {
  stubApi({ 'service/get-collection': () => listAnswer([], { total: 0, limit: 12 }) });

  renderRoutes(routes, `/service?address=${KAZAN.cityFiasId}&query=сварка`);

  expect(await screen.findByText('Ничего не найдено в выбранном городе', { selector: '.ui-state__title' })).toBeInTheDocument();
  expect(screen.getByText('Измените запрос, выберите другой город или сбросьте фильтры.')).toBeInTheDocument();
  expect(screen.queryByText(/Пока нет исполнителей/)).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Убрать фильтр Город: Выбранный город' })).toBeInTheDocument();
});

test('a city chosen, then a query that names no service: the empty state and its announcement do not say the city has no executors', async () => {
  const MOSCOW = { value: 'г Москва', cityFiasId: '0c5b2444-70a0-4932-980c-b4dc0d3f02b5', geoLat: 55.75, geoLon: 37.62 };
  stubApi({
    'service/get-collection': (url) => (url.searchParams.get('query') ? listAnswer([], { total: 0, limit: 12 }) : listAnswer([REPAIR, TILES], { total: 2, limit: 12 })),
    'user/address/search': () => ({ body: { data: { items: [MOSCOW] } } }),
  });
  const { location } = renderRoutes(routes, '/service');
  const user = userEvent.setup();
  await screen.findByRole('link', { name: 'Укладка плитки' });
  await user.type(screen.getByRole('combobox', { name: 'Город' }), 'Моск');
  await user.click(await screen.findByRole('option', { name: 'г Москва' }));
  await waitFor(() => expect(searchOf(location())).toEqual({ address: MOSCOW.cityFiasId, addressName: 'г Москва' }));

  await user.type(screen.getByRole('searchbox', { name: 'Поиск услуг' }), 'абв{Enter}');

  expect(await screen.findByText('Ничего не найдено в городе Москва', { selector: '.ui-state__title' })).toBeInTheDocument();
  expect(screen.getByText('Измените запрос, выберите другой город или сбросьте фильтры.')).toBeInTheDocument();
  await waitFor(() => expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain('Ничего не найдено в городе Москва'));
  expect(screen.queryByText(/Пока нет исполнителей/)).not.toBeInTheDocument();
});

test('a failed catalogue offers a retry', async () => {
  let fail = true;
  stubApi({ 'service/get-collection': () => (fail ? { status: 500, body: { message: 'Сбой каталога', code: 'internal' } } : listAnswer([TILES])) });

  renderRoutes(routes, '/service');

  expect(await screen.findByText('Сбой каталога')).toBeInTheDocument();
  fail = false;
  fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
  expect(await screen.findByRole('link', { name: 'Укладка плитки' })).toBeInTheDocument();
});

test('a service names its group and leads to the applications and executors filtered by it', async () => {
  stubApi({ 'service/get': () => ({ body: { data: TILES } }) });

  renderRoutes(routes, '/service/11');

  expect(await screen.findByRole('heading', { level: 1, name: 'Укладка плитки' })).toBeInTheDocument();
  expect(document.title).toBe('Укладка плитки: заявки и исполнители — Маркетплейс услуг');
  expect(screen.getByRole('link', { name: 'Ремонт' })).toHaveAttribute('href', '/service/1');
  expect(screen.getByRole('link', { name: 'Заявки по услуге' })).toHaveAttribute('href', '/application/search?services=11');
  expect(screen.getByRole('link', { name: 'Исполнители услуги' })).toHaveAttribute('href', '/executor/search?services=11');
  expect(screen.queryByRole('link', { name: 'Искать во всех городах' })).not.toBeInTheDocument();
});

test('a group lists its services and searches by all of them', async () => {
  const fetchMock = stubApi({
    'service/get': () => ({ body: { data: REPAIR } }),
    'service/get-collection': () => listAnswer([TILES, WALLPAPER], { limit: 100 }),
  });

  renderRoutes(routes, '/service/1');

  expect(await screen.findByRole('heading', { level: 1, name: 'Ремонт' })).toBeInTheDocument();
  expect(document.title).toBe('Ремонт: все услуги группы — Маркетплейс услуг');
  expect(screen.getByText('Группа услуг')).toBeInTheDocument();
  const children = screen.getByRole('region', { name: 'Услуги группы' });
  expect(await within(children).findByRole('link', { name: 'Поклейка обоев' })).toHaveAttribute('href', '/service/12');
  expect(screen.getByRole('link', { name: 'Заявки по услугам группы' })).toHaveAttribute('href', `/application/search?services=${encodeURIComponent('11,12')}`);
  expect(requestsTo(fetchMock, 'service/get-collection')[0]?.searchParams.get('parentId')).toBe('1');
});

test('a group whose services failed to load says so, and «Повторить» hands the focus to «Услуги группы», not to the body', async () => {
  const children = failsUntilRetried(() => fail(503, 'Сервис временно недоступен'), () => listAnswer([TILES, WALLPAPER], { limit: 100 }));
  stubApi({ 'service/get': () => ({ body: { data: REPAIR } }), 'service/get-collection': children.handler });

  renderRoutes(routes, '/service/1');

  const section = await screen.findByRole('region', { name: 'Услуги группы' });
  expect(await within(section).findByRole('alert')).toHaveTextContent('Не удалось загрузить услуги группы');
  expect(within(section).getByRole('alert')).toHaveTextContent('Сервис временно недоступен');

  await children.retry(within(section).getByRole('button', { name: 'Повторить' }));
  children.answer();
  expect(await within(section).findByRole('link', { name: 'Поклейка обоев' })).toBeInTheDocument();
  await waitFor(() => expect(within(section).getByRole('heading', { level: 2, name: 'Услуги группы' })).toHaveFocus());
});

test('a group’s search says it covers the group’s services, not one service', async () => {
  stubApi({
    'service/get': () => ({ body: { data: REPAIR } }),
    'service/get-collection': () => listAnswer([TILES, WALLPAPER], { limit: 100 }),
  });

  renderRoutes(routes, '/service/1');

  const find = await screen.findByRole('region', { name: 'Найти по услугам группы' });
  await waitFor(() =>
    expect(within(find).getByRole('link', { name: 'Заявки по услугам группы' })).toHaveAttribute('href', `/application/search?services=${encodeURIComponent('11,12')}`),
  );
  expect(within(find).getByRole('link', { name: 'Исполнители услуг группы' })).toHaveAttribute('href', `/executor/search?services=${encodeURIComponent('11,12')}`);
  expect(screen.queryByRole('link', { name: 'Заявки по услуге' })).not.toBeInTheDocument();
});

const IN_KAZAN = new URLSearchParams({ address: KAZAN.cityFiasId, addressName: 'г Казань' }).toString();

test('a catalogue filtered by a city opens its services in that city', async () => {
  stubApi({ 'service/get-collection': () => listAnswer([REPAIR, TILES], { total: 2, limit: 12 }) });

  renderRoutes(routes, `/service?${IN_KAZAN}`);

  expect(await screen.findByRole('link', { name: 'Укладка плитки' })).toHaveAttribute('href', `/service/11?${IN_KAZAN}`);
  expect(screen.getByRole('link', { name: 'Все услуги группы «Ремонт»' })).toHaveAttribute('href', `/service/1?${IN_KAZAN}`);
});

test('a service opened in a city says so, keeps the city in its links and offers all the cities', async () => {
  stubApi({ 'service/get': () => ({ body: { data: TILES } }) });
  const user = userEvent.setup();
  const { location } = renderRoutes(routes, `/service/11?${IN_KAZAN}`);

  expect(await screen.findByRole('heading', { level: 1, name: 'Укладка плитки' })).toBeInTheDocument();
  expect(screen.getByText('Заявки и исполнители в городе Казань')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Заявки по услуге' })).toHaveAttribute('href', `/application/search?services=11&${IN_KAZAN}`);
  expect(screen.getByRole('link', { name: 'Исполнители услуги' })).toHaveAttribute('href', `/executor/search?services=11&${IN_KAZAN}`);
  expect(screen.getByRole('link', { name: 'Ремонт' })).toHaveAttribute('href', `/service/1?${IN_KAZAN}`);
  expect(screen.getByRole('link', { name: /Все услуги/ })).toHaveAttribute('href', `/service?${IN_KAZAN}`);

  await user.click(screen.getByRole('link', { name: 'Искать во всех городах' }));
  await waitFor(() => expect(location().search).toBe(''));
  expect(location().pathname).toBe('/service/11');
  expect(screen.queryByText('Заявки и исполнители в городе Казань')).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Заявки по услуге' })).toHaveAttribute('href', '/application/search?services=11');
  expect(screen.getByRole('link', { name: 'Исполнители услуги' })).toHaveAttribute('href', '/executor/search?services=11');
});

test('a group opened in a city keeps it in the links to its services; a city without its name is «the chosen city»', async () => {
  stubApi({
    'service/get': () => ({ body: { data: REPAIR } }),
    'service/get-collection': () => listAnswer([TILES, WALLPAPER], { limit: 100 }),
  });

  renderRoutes(routes, `/service/1?address=${KAZAN.cityFiasId}`);

  const children = await screen.findByRole('region', { name: 'Услуги группы' });
  expect(await within(children).findByRole('link', { name: 'Поклейка обоев' })).toHaveAttribute('href', `/service/12?address=${KAZAN.cityFiasId}`);
  expect(screen.getByText('Заявки и исполнители в выбранном городе')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Заявки по услугам группы' })).toHaveAttribute(
    'href',
    `/application/search?${new URLSearchParams({ services: '11,12', address: KAZAN.cityFiasId })}`,
  );
  expect(screen.getByRole('link', { name: 'Искать во всех городах' })).toHaveAttribute('href', '/service/1');
});

test('an unknown service is «not found»', async () => {
  stubApi({ 'service/get': () => ({ status: 404, body: { message: 'Услуга не найдена', code: 'not_found' } }) });

  renderRoutes(routes, '/service/404');

  expect(await screen.findByRole('heading', { level: 1, name: 'Услуга не найдена' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Вернуться к каталогу услуг' })).toHaveAttribute('href', '/service');
});

test('«Сбросить фильтры» drops the query, the city and the page but keeps the sort', async () => {
  stubApi({ 'service/get-collection': () => listAnswer([], { total: 0, limit: 12 }) });

  renderRoutes(routes, `/service?query=сварка&${IN_KAZAN}&attributeSort=name&typeSort=desc&page=2`);

  await waitFor(() => expect(screen.getAllByRole('link', { name: 'Сбросить фильтры' })).toHaveLength(2));
  for (const link of screen.getAllByRole('link', { name: 'Сбросить фильтры' })) expect(link).toHaveAttribute('href', '/service?attributeSort=name&typeSort=desc');
});

test('«Все услуги» on a service leads back to the very list it was opened from: its query, sort and page', async () => {
  stubApi({
    'service/get-collection': () => listAnswer([REPAIR, TILES], { total: 20, limit: 12, page: 2 }),
    'service/get': () => ({ body: { data: TILES } }),
  });
  const user = userEvent.setup();
  const list = `/service?query=${encodeURIComponent('плитка')}&${IN_KAZAN}&attributeSort=name&typeSort=desc&page=2`;
  renderRoutes(routes, list);

  await user.click(await screen.findByRole('link', { name: 'Укладка плитки' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Укладка плитки' })).toBeInTheDocument();
  const back = new URL(screen.getByRole('link', { name: /Все услуги/ }).getAttribute('href')!, 'http://x');
  expect(back.pathname).toBe('/service');
  expect(Object.fromEntries(back.searchParams)).toEqual(Object.fromEntries(new URL(list, 'http://x').searchParams));
});
