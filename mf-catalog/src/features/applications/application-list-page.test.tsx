import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Component as ApplicationListPage } from '../../pages/application-list-page';
import {
  listAnswer,
  makeApplication,
  renderRoutes,
  setTestRuntimeConfig,
  stubFetch,
  type FakeAnswer,
} from '../../testing/render-route';

jest.mock('../map', () => jest.requireActual('../../testing/map-mock'));

const routes = [
  { path: '/application', Component: ApplicationListPage },
  { path: '/application/search', Component: ApplicationListPage },
];

function listRequests(fetchMock: jest.Mock) {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input)))
    .filter((url) => url.pathname.endsWith('/api/application/get-collection'));
}

beforeEach(() => {
  setTestRuntimeConfig();
});

test('shows the applications of the first page as cards with the total', async () => {
  const items = Array.from({ length: 6 }, (_, i) =>
    makeApplication({ id: i + 1, name: `Ремонт № ${i + 1}`, price: 12500 }),
  );
  const fetchMock = stubFetch(() => listAnswer(items, { total: 64 }));

  renderRoutes(routes, '/application');

  expect(screen.getByRole('heading', { level: 1, name: 'Заявки' })).toBeInTheDocument();
  expect(await screen.findByText('Найдено 64 заявки')).toBeInTheDocument();
  const cards = screen.getAllByRole('article');
  expect(cards).toHaveLength(6);
  const first = cards[0]!;
  expect(within(first).getByRole('heading', { level: 2, name: 'Ремонт № 1' })).toBeInTheDocument();
  expect(within(first).getByRole('link', { name: 'Ремонт № 1' })).toHaveAttribute('href', '/application/1');
  expect(within(first).getByText('Приём откликов')).toBeInTheDocument();
  expect(within(first).getByText('ООО «Ромашка»')).toBeInTheDocument();
  expect(within(first).getByRole('link', { name: 'Ремонт кровли' })).toHaveAttribute('href', '/application?services=3');

  const [request] = listRequests(fetchMock);
  expect(request?.searchParams.get('page')).toBe('1');
  expect(request?.searchParams.get('limit')).toBe('6');
  expect(request?.searchParams.get('attributeSort')).toBe('name');
  expect(request?.searchParams.get('typeSort')).toBe('asc');
});

test('reads search, sort, services, city and page from the URL and sends them to the API', async () => {
  const fetchMock = stubFetch(() => listAnswer([makeApplication()], { total: 7, page: 2 }));

  renderRoutes(routes, '/application/search?query=кровля&services=3&address=abc&attributeSort=price&typeSort=desc&page=2');

  await screen.findByText('Найдено 7 заявок');
  const request = listRequests(fetchMock)[0]!;
  expect(Object.fromEntries(request.searchParams)).toMatchObject({
    query: 'кровля',
    services: '3',
    address: 'abc',
    attributeSort: 'price',
    typeSort: 'desc',
    page: '2',
  });
  expect(screen.getByRole('searchbox')).toHaveValue('кровля');
  expect(screen.getByRole('combobox', { name: 'Сортировка' })).toHaveValue('price:desc');
  expect(screen.getByRole('button', { name: /Убрать фильтр Услуги: Ремонт кровли/ })).toBeInTheDocument();
});

test('shows skeleton cards while the list loads', async () => {
  let answer: (value: FakeAnswer) => void = () => undefined;
  const pending = new Promise<FakeAnswer>((resolve) => {
    answer = resolve;
  });
  globalThis.fetch = jest.fn(async () => {
    const { body } = await pending;
    return { ok: true, status: 200, headers: new Headers({ 'content-type': 'application/json' }), json: async () => body, text: async () => JSON.stringify(body) } as unknown as Response;
  }) as unknown as typeof fetch;

  const { container } = renderRoutes(routes, '/application');

  expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
  expect(screen.queryAllByRole('article')).toHaveLength(0);
  await act(async () => answer(listAnswer([makeApplication({ name: 'Покраска фасада' })])));
  expect(await screen.findByRole('link', { name: 'Покраска фасада' })).toBeInTheDocument();
});

test('shows the empty state with a link that resets the filters', async () => {
  stubFetch(() => listAnswer([], { total: 0 }));

  renderRoutes(routes, '/application?query=несуществующее');

  expect(await screen.findByText('Ничего не найдено')).toBeInTheDocument();
  const resetLinks = screen.getAllByRole('link', { name: 'Сбросить фильтры' });
  expect(resetLinks.length).toBeGreaterThan(0);
  for (const link of resetLinks) expect(link).toHaveAttribute('href', '/application');
});

test('with no search nor filter an empty catalogue says none is open now and leads to publish one, not to reset filters (QA PP-2)', async () => {
  stubFetch(() => listAnswer([], { total: 0 }));

  renderRoutes(routes, '/application?attributeSort=createdAt&typeSort=desc');

  expect(await screen.findByText('Опубликуйте свою — исполнители откликнутся.')).toBeInTheDocument();
  expect(screen.getAllByText('Открытых заявок сейчас нет').length).toBeGreaterThan(0);
  expect(screen.getByRole('link', { name: 'Разместить заявку' })).toHaveAttribute('href', '/lk/application/form');
  expect(screen.queryByText(/с такими условиями/)).not.toBeInTheDocument();
  expect(screen.queryByText('Ничего не найдено')).not.toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Сбросить фильтры' })).not.toBeInTheDocument();
});

test('nothing found is announced as «Заявок не найдено», never «Найдено 0 заявок»', async () => {
  stubFetch(() => listAnswer([], { total: 0 }));

  renderRoutes(routes, '/application/search?query=x');

  await waitFor(() => expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain('Заявок не найдено'));
  expect(screen.queryByText(/Найдено 0/)).not.toBeInTheDocument();
});

test('a page past the last one says so and how many pages there are; «К первой странице» lands on its first result', async () => {
  stubFetch((url) => {
    const page = Number(url.searchParams.get('page'));
    return page === 99 ? listAnswer([], { total: 14, page }) : listAnswer([makeApplication({ name: `Заявка со страницы ${page}` })], { total: 14, page });
  });

  const { location } = renderRoutes(routes, '/application?query=ремонт&page=99');

  // Announced in the status region; the empty state's title shows the same words (hidden from screen readers, said once).
  await waitFor(() => expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain('Такой страницы нет: в списке 3 страницы'));
  expect(screen.getByText('Такой страницы нет: в списке 3 страницы', { selector: '.ui-state__title' })).toBeVisible();
  expect(screen.queryByText('На этой странице заявок нет')).not.toBeInTheDocument();
  await waitFor(() => expect(document.title).toBe('Такой страницы нет — Маркетплейс услуг'));
  const first = screen.getByRole('link', { name: 'К первой странице' });
  expect(first).toHaveAttribute('href', `/application?${new URLSearchParams({ query: 'ремонт' })}`);

  first.focus();
  fireEvent.click(first);

  await waitFor(() => expect(location().search).toBe(`?${new URLSearchParams({ query: 'ремонт' })}`));
  const result = await screen.findByRole('link', { name: 'Заявка со страницы 1' });
  await waitFor(() => expect(result).toHaveFocus());
  expect(document.title).toBe('Заявки: «ремонт» — Маркетплейс услуг');
});

test('shows the server message on failure and loads again on retry', async () => {
  let fail = true;
  stubFetch(() =>
    fail
      ? { status: 500, body: { message: 'Сервис временно недоступен', code: 'internal' } }
      : listAnswer([makeApplication({ name: 'Монтаж окон' })]),
  );

  renderRoutes(routes, '/application');

  expect(await screen.findByText('Сервис временно недоступен')).toBeInTheDocument();
  fail = false;
  fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
  expect(await screen.findByRole('link', { name: 'Монтаж окон' })).toBeInTheDocument();
});

test('going to another page puts the page in the URL and loads it', async () => {
  const fetchMock = stubFetch((url) => {
    const page = Number(url.searchParams.get('page'));
    return listAnswer([makeApplication({ name: `Заявка со страницы ${page}` })], { total: 64, page });
  });

  const { location } = renderRoutes(routes, '/application?query=ремонт');

  await screen.findByRole('link', { name: 'Заявка со страницы 1' });
  const pagination = screen.getByRole('navigation', { name: 'Страницы' });
  const second = within(pagination).getByRole('link', { name: 'Страница 2' });
  expect(second).toHaveAttribute('href', `/application?${new URLSearchParams({ query: 'ремонт', page: '2' })}`);
  fireEvent.click(second);

  await waitFor(() => expect(location().search).toContain('page=2'));
  expect(new URLSearchParams(location().search).get('query')).toBe('ремонт');
  expect(await screen.findByRole('link', { name: 'Заявка со страницы 2' })).toBeInTheDocument();
  expect(listRequests(fetchMock).at(-1)?.searchParams.get('page')).toBe('2');
});

test('a new search and a new sort start from page 1 and stay in the URL', async () => {
  stubFetch(() => listAnswer([makeApplication()], { total: 64, page: 3 }));

  const { location } = renderRoutes(routes, '/application?page=3');
  await screen.findByText('Найдено 64 заявки');

  fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'окна' } });
  fireEvent.submit(screen.getByRole('search'));
  await waitFor(() => expect(location().search).toBe(`?${new URLSearchParams({ query: 'окна' })}`));

  fireEvent.change(screen.getByRole('combobox', { name: 'Сортировка' }), { target: { value: 'createdAt:desc' } });
  await waitFor(() => {
    const params = new URLSearchParams(location().search);
    expect(params.get('attributeSort')).toBe('createdAt');
    expect(params.get('typeSort')).toBe('desc');
    expect(params.get('query')).toBe('окна');
    expect(params.get('page')).toBeNull();
  });
});

test('«Сбросить фильтры» drops the filters and the page but keeps the sort', async () => {
  stubFetch(() => listAnswer([], { total: 0 }));

  renderRoutes(routes, '/application?query=несуществующее&min_price=100&attributeSort=price&typeSort=desc&page=2');

  expect(await screen.findByText('Ничего не найдено')).toBeInTheDocument();
  const resetLinks = screen.getAllByRole('link', { name: 'Сбросить фильтры' });
  // The chips' link and the empty state's.
  expect(resetLinks).toHaveLength(2);
  for (const link of resetLinks) expect(link).toHaveAttribute('href', '/application?attributeSort=price&typeSort=desc');
});
