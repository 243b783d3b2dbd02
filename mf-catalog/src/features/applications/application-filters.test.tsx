import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Component as ApplicationListPage } from '../../pages/application-list-page';
import { mapItems } from '../../testing/map-mock';
import {
  listAnswer,
  makeApplication,
  renderRoutes,
  requestsTo,
  searchOf,
  setTestRuntimeConfig,
  stubApi,
  type FetchHandler,
} from '../../testing/render-route';

jest.mock('../map', () => jest.requireActual('../../testing/map-mock'));
import { FILTER_HISTORY_COALESCE_MS } from '../../lib/use-url-filter';

const routes = [
  { path: '/application', Component: ApplicationListPage },
  { path: '/application/search', Component: ApplicationListPage },
];

const KAZAN = { value: 'г Казань', cityFiasId: '93b3df57-4c89-44df-ac42-96f05e9cd3b9', geoLat: 55.79, geoLon: 49.11 };
const SERVICES = [
  { id: 3, name: 'Ремонт кровли', parentId: 1, group: 'Строительство' },
  { id: 4, name: 'Электромонтаж', parentId: 2, group: 'Электрика' },
];

function stubCatalogue(extra: Record<string, FetchHandler> = {}) {
  return stubApi({
    'application/get-collection': () => listAnswer([makeApplication({ id: 1, name: 'Замена кровли' })], { total: 30 }),
    'user/address/search': () => ({ body: { data: { items: [KAZAN] } } }),
    'service/get-collection/filter': () => ({ body: { data: { items: SERVICES } } }),
    'customer/get-collection/filter': () => ({ body: { data: { items: [{ id: 9, name: 'ООО «Ромашка»', type: 'organization' }] } } }),
    ...extra,
  });
}

const lastList = (fetchMock: jest.Mock) => requestsTo(fetchMock, 'application/get-collection').at(-1)!;

beforeEach(() => setTestRuntimeConfig());

test('a link with the city’s id alone (the list’s canonical URL) names the city of the listed addresses, not their region', async () => {
  const rostov = 'c1cfe4b9-f7c2-423c-abfa-6ed1c05a15c5';
  stubCatalogue({
    'application/get-collection': () =>
      listAnswer([
        makeApplication({
          id: 1,
          name: 'Вывоз мусора',
          address: { value: 'Ростовская обл, г Ростов-на-Дону, ул Большая Садовая, д 92', cityFiasId: rostov, geoLat: 47.22, geoLon: 39.72 },
        }),
      ]),
  });

  renderRoutes(routes, `/application?address=${rostov}`);

  expect(await screen.findByRole('button', { name: 'Убрать фильтр Город: Ростовская обл, г Ростов-на-Дону' })).toBeInTheDocument();
  expect(screen.getByRole('combobox', { name: 'Город' })).toHaveValue('Ростовская обл, г Ростов-на-Дону');
  await waitFor(() => expect(document.title).toBe('Заявки: Ростовская обл, г Ростов-на-Дону — Маркетплейс услуг'));
});

test('a link with spec §3’s default `type=customer` shows the whole list with no filter chip or count', async () => {
  const fetchMock = stubCatalogue();

  renderRoutes(routes, '/application?type=customer');

  expect(await screen.findByRole('link', { name: 'Замена кровли' })).toBeInTheDocument();
  expect(screen.queryByRole('group', { name: 'Выбранные фильтры' })).not.toBeInTheDocument();
  expect(screen.getByRole('combobox', { name: 'Тип заказчика' })).toHaveValue('');
  expect(screen.getByRole('button', { name: 'Показать фильтры' })).toHaveTextContent(/^Показать фильтры$/);
  expect(lastList(fetchMock).searchParams.has('type')).toBe(false);
});

test('choosing a city puts its FIAS id and name in the URL, starts from page 1 and asks the API by id', async () => {
  const fetchMock = stubCatalogue();
  const { location } = renderRoutes(routes, '/application/search?page=3');
  const user = userEvent.setup();

  await user.type(screen.getByRole('combobox', { name: 'Город' }), 'Каз');
  await user.click(await screen.findByRole('option', { name: 'г Казань' }));

  await waitFor(() => expect(searchOf(location())).toEqual({ address: KAZAN.cityFiasId, addressName: 'г Казань' }));
  expect(location().pathname).toBe('/application/search');
  await waitFor(() => expect(lastList(fetchMock).searchParams.get('address')).toBe(KAZAN.cityFiasId));
  expect(lastList(fetchMock).searchParams.has('addressName')).toBe(false);
  expect(lastList(fetchMock).searchParams.get('page')).toBe('1');
  expect(screen.getByRole('button', { name: 'Убрать фильтр Город: г Казань' })).toBeInTheDocument();
  // The tab names the view as the server's title would; and again once the city is removed.
  await waitFor(() => expect(document.title).toBe('Заявки: г Казань — Маркетплейс услуг'));
  await user.click(screen.getByRole('button', { name: 'Убрать фильтр Город: г Казань' }));
  await waitFor(() => expect(document.title).toBe('Поиск заявок — Маркетплейс услуг'));
});

test('a city typed and not chosen from the suggestions stays in its field, said to be no choice, when «Применить» is pressed; the list is not filtered by it', async () => {
  const fetchMock = stubCatalogue();
  const { location } = renderRoutes(routes, '/application');
  const user = userEvent.setup();
  const city = screen.getByRole('combobox', { name: 'Город' });

  await user.type(city, 'Казань');
  await screen.findByRole('option', { name: 'г Казань' });
  await user.type(screen.getByLabelText('Цена от, ₽'), '500');
  await user.click(screen.getByRole('button', { name: 'Применить' }));

  await waitFor(() => expect(searchOf(location())).toEqual({ min_price: '500' }));
  expect(city).toHaveValue('Казань');
  expect(city).toHaveAttribute('aria-invalid', 'true');
  expect(city).toHaveAccessibleDescription('Выберите город из подсказок');
  await waitFor(() => expect(lastList(fetchMock).searchParams.get('min_price')).toBe('500'));
  expect(lastList(fetchMock).searchParams.has('address')).toBe(false);
  expect(screen.queryByRole('button', { name: /Убрать фильтр Город/ })).not.toBeInTheDocument();
});

test('services: «Все» is the default; chosen services go to the URL, «Все» clears them', async () => {
  const fetchMock = stubCatalogue();
  const { location } = renderRoutes(routes, '/application?page=2');
  const user = userEvent.setup();

  const toggle = screen.getByRole('button', { name: /^Услуги/ });
  expect(toggle).toHaveTextContent('Все');
  expect(requestsTo(fetchMock, 'service/get-collection/filter')).toHaveLength(0);
  await user.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const all = screen.getByRole('checkbox', { name: 'Все' });
  expect(all).toBeChecked();

  await user.click(await screen.findByRole('checkbox', { name: 'Ремонт кровли' }));
  await waitFor(() => expect(searchOf(location())).toEqual({ services: '3' }));
  expect(all).not.toBeChecked();
  await user.click(screen.getByRole('checkbox', { name: 'Электромонтаж' }));
  await waitFor(() => expect(searchOf(location())).toEqual({ services: '3,4' }));
  expect(toggle).toHaveTextContent('2 услуги');
  await waitFor(() => expect(lastList(fetchMock).searchParams.get('services')).toBe('3,4'));
  expect(screen.getByRole('button', { name: 'Убрать фильтр Услуги: Ремонт кровли, Электромонтаж' })).toBeInTheDocument();

  await user.click(all);
  await waitFor(() => expect(location().search).toBe(''));
  expect(all).toBeChecked();
  expect(screen.getByRole('checkbox', { name: 'Ремонт кровли' })).not.toBeChecked();
});

test('the services picker tells how many «Найти в списке» leaves, and when it leaves none', async () => {
  stubCatalogue();
  renderRoutes(routes, '/application');
  const user = userEvent.setup();

  await user.click(screen.getByRole('button', { name: /^Услуги/ }));
  const picker = screen.getByRole('group', { name: 'Услуги' });
  const find = await within(picker).findByRole('textbox', { name: 'Найти в списке' });
  await user.type(find, 'кров');
  expect(within(picker).getByRole('checkbox', { name: 'Ремонт кровли' })).toBeInTheDocument();
  // As the cabinet's service picker says it, in a status region there from the start.
  const status = within(picker).getByRole('status');
  expect(status).toHaveTextContent('Найдено: 1 услуга');

  await user.type(find, 'яяя');
  expect(within(picker).queryByRole('checkbox', { name: 'Ремонт кровли' })).not.toBeInTheDocument();
  expect(status).toHaveTextContent('Ничего не найдено');
});

test('chosen services no result names are named from the catalogue, not by their numbers', async () => {
  stubCatalogue({ 'application/get-collection': () => listAnswer([]) });
  renderRoutes(routes, '/application/search?services=3,4');

  expect(await screen.findByRole('button', { name: 'Убрать фильтр Услуги: Ремонт кровли, Электромонтаж' })).toBeInTheDocument();
  expect(screen.queryByText(/услуга № /i)).not.toBeInTheDocument();
});

test('a group’s id in the URL (a hand-made link) is named by the group, not «Услуга № 1» (QA XXX-3)', async () => {
  stubCatalogue({ 'application/get-collection': () => listAnswer([]) });
  renderRoutes(routes, '/application?services=1');

  expect(await screen.findByRole('button', { name: 'Убрать фильтр Услуги: Строительство' })).toBeInTheDocument();
  expect(screen.queryByText(/услуга № /i)).not.toBeInTheDocument();
  // The tab names it as the chip does, not «выбранные услуги» (QA AAG-3).
  await waitFor(() => expect(document.title).toMatch(/^Заявки: Строительство/));
});

test('a chosen service neither the results nor the catalogue name is called the same in its chip and in the picker', async () => {
  stubCatalogue({ 'application/get-collection': () => listAnswer([]) });
  renderRoutes(routes, '/application/search?services=3,99');
  const user = userEvent.setup();

  expect(await screen.findByRole('button', { name: 'Убрать фильтр Услуги: Ремонт кровли, Услуга № 99' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: /^Услуги/ }));
  expect(within(screen.getByRole('group', { name: 'Услуги' })).getByRole('checkbox', { name: 'Услуга № 99' })).toBeChecked();
});

test('the customer lookup puts the customer id and name in the URL', async () => {
  const fetchMock = stubCatalogue();
  const { location } = renderRoutes(routes, '/application');
  const user = userEvent.setup();

  await user.type(screen.getByRole('combobox', { name: 'Заказчик' }), 'Ром');
  await user.click(await screen.findByRole('option', { name: /ООО «Ромашка»/ }));

  await waitFor(() => expect(searchOf(location())).toEqual({ customer: '9', customerName: 'ООО «Ромашка»' }));
  await waitFor(() => expect(lastList(fetchMock).searchParams.get('customer')).toBe('9'));
});

test('price range and due date apply together; a reversed range is refused', async () => {
  const fetchMock = stubCatalogue();
  const { location } = renderRoutes(routes, '/application?query=окна&page=4');
  const min = screen.getByLabelText('Цена от, ₽');
  const max = screen.getByLabelText('Цена до, ₽');

  fireEvent.change(min, { target: { value: '50000' } });
  fireEvent.change(max, { target: { value: '1000' } });
  fireEvent.click(screen.getByRole('button', { name: 'Применить' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Минимальная цена больше максимальной');
  expect(min).toHaveAttribute('aria-invalid', 'true');
  expect(searchOf(location())).toEqual({ query: 'окна', page: '4' });

  // Beyond what the API takes (MAX_AMOUNT): said here, not a failed list.
  fireEvent.change(min, { target: { value: '500' } });
  fireEvent.change(max, { target: { value: '99999999999999' } });
  fireEvent.click(screen.getByRole('button', { name: 'Применить' }));
  // The limit named, not only «too large» (QA NN-8).
  await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Цена — не больше 999 999 999 999 ₽'));
  expect(searchOf(location())).toEqual({ query: 'окна', page: '4' });
  fireEvent.change(max, { target: { value: '1000' } });

  fireEvent.change(min, { target: { value: '500' } });
  fireEvent.change(screen.getByLabelText('Выполнить до'), { target: { value: '31.12.2026' } });
  fireEvent.click(screen.getByRole('button', { name: 'Применить' }));
  await waitFor(() =>
    expect(searchOf(location())).toEqual({ query: 'окна', min_price: '500', max_price: '1000', deadline: '2026-12-31' }),
  );
  await waitFor(() => expect(lastList(fetchMock).searchParams.get('deadline')).toBe('2026-12-31'));
  expect(Object.fromEntries(lastList(fetchMock).searchParams)).toMatchObject({ min_price: '500', max_price: '1000', page: '1' });
});

test('prices are read as every price field reads them: «1 000,50» is 1 000,50 ₽; «1.000» and «1e5» are no numbers', async () => {
  const fetchMock = stubCatalogue();
  const { location } = renderRoutes(routes, '/application');
  const user = userEvent.setup();
  const min = screen.getByRole('textbox', { name: 'Цена от, ₽' });
  const max = screen.getByRole('textbox', { name: 'Цена до, ₽' });

  for (const typed of ['1.000', '1e5', '-5']) {
    await user.clear(min);
    await user.type(min, typed);
    await user.click(screen.getByRole('button', { name: 'Применить' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(typed === '-5' ? 'Цена не может быть отрицательной' : 'Укажите цену числом');
    expect(location().search).toBe('');
  }

  await user.clear(min);
  await user.type(min, '1 000,50');
  await user.type(max, '25 000 ₽');
  await user.click(screen.getByRole('button', { name: 'Применить' }));
  await waitFor(() => expect(searchOf(location())).toEqual({ min_price: '1000.5', max_price: '25000' }));
  await waitFor(() => expect(lastList(fetchMock).searchParams.get('min_price')).toBe('1000.5'));
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('a link or a form sent before the scripts ran with a typed price («1 000,50») is read the same way', async () => {
  const fetchMock = stubCatalogue();
  renderRoutes(routes, `/application?min_price=${encodeURIComponent('1 000,50')}&max_price=1.000`);
  await waitFor(() => expect(lastList(fetchMock).searchParams.get('min_price')).toBe('1000.5'));
  expect(screen.getByRole('textbox', { name: 'Цена от, ₽' })).toHaveValue('1000,50');
  // «1.000» is no price the filter reads: dropped, not sent as 1 ₽.
  expect(lastList(fetchMock).searchParams.has('max_price')).toBe(false);
});

test('«Применить» with a date that is no date puts the focus on it, where its message is read', async () => {
  stubCatalogue();
  const { location } = renderRoutes(routes, '/application');
  const user = userEvent.setup();
  const date = screen.getByRole('textbox', { name: 'Выполнить до' });

  await user.type(date, '31.13.2026');
  await user.tab();
  expect(screen.getByRole('button', { name: 'Применить' })).toHaveFocus();
  await user.keyboard('{Enter}');
  // Nothing applies; the keyboard is not left on a button that did nothing, silently.
  expect(date).toHaveFocus();
  expect(date).toHaveAttribute('aria-invalid', 'true');
  expect(date).toHaveAccessibleDescription(expect.stringContaining('Такой даты нет'));
  expect(location().search).toBe('');
});

test('one wrong bound marks that field alone, and the focus goes to the first refused field, not past it to the date (QA K-3)', async () => {
  stubCatalogue();
  renderRoutes(routes, '/application');
  const user = userEvent.setup();
  const min = screen.getByRole('textbox', { name: 'Цена от, ₽' });
  const max = screen.getByRole('textbox', { name: 'Цена до, ₽' });
  const date = screen.getByRole('textbox', { name: 'Выполнить до' });

  await user.type(min, 'abc');
  await user.type(date, '31.13.2026');
  await user.click(screen.getByRole('button', { name: 'Применить' }));

  expect(await screen.findByRole('alert')).toHaveTextContent('Укажите цену числом');
  expect(min).toHaveFocus();
  expect(min).toHaveAttribute('aria-invalid', 'true');
  expect(min).toHaveAccessibleDescription('Укажите цену числом');
  expect(max).not.toHaveAttribute('aria-invalid');

  // A reversed range is both bounds' mistake.
  await user.clear(min);
  await user.type(min, '500');
  await user.type(max, '100');
  await user.clear(date);
  await user.click(screen.getByRole('button', { name: 'Применить' }));
  await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Минимальная цена больше максимальной'));
  expect(min).toHaveAttribute('aria-invalid', 'true');
  expect(max).toHaveAttribute('aria-invalid', 'true');
});

test('a price mistake put right is no longer reported, though the date still is no date', async () => {
  stubCatalogue();
  renderRoutes(routes, '/application');
  const user = userEvent.setup();
  const min = screen.getByLabelText('Цена от, ₽');
  const max = screen.getByLabelText('Цена до, ₽');
  const date = screen.getByRole('textbox', { name: 'Выполнить до' });

  await user.type(min, '5000');
  await user.type(max, '100');
  await user.keyboard('{Enter}');
  expect(await screen.findByRole('alert')).toHaveTextContent('Минимальная цена больше максимальной');

  // The range put right, and a date that is no date typed: only the date is wrong now.
  await user.clear(max);
  await user.type(date, '31.02.2026');
  await user.keyboard('{Enter}');

  expect(date).toHaveFocus();
  expect(date).toHaveAttribute('aria-invalid', 'true');
  expect(screen.queryByText('Минимальная цена больше максимальной')).not.toBeInTheDocument();
  expect(min).not.toHaveAttribute('aria-invalid');
  expect(max).not.toHaveAttribute('aria-invalid');
});

test('the customer type narrows to organisations', async () => {
  stubCatalogue();
  const { location } = renderRoutes(routes, '/application');

  fireEvent.change(screen.getByRole('combobox', { name: 'Тип заказчика' }), { target: { value: 'organization' } });
  await waitFor(() => expect(searchOf(location())).toEqual({ type: 'organization' }));
  fireEvent.change(screen.getByRole('combobox', { name: 'Тип заказчика' }), { target: { value: '' } });
  await waitFor(() => expect(location().search).toBe(''));
});

test('without scripts «Применить» sends the customer type as chosen, with the prices, the date and the rest of the view', () => {
  stubCatalogue();
  renderRoutes(routes, '/application?services=3&attributeSort=price&typeSort=desc&page=2');
  const form = screen.getByRole('button', { name: 'Применить' }).closest('form')!;
  // What a browser without scripts does: the fields change, nothing handles them, the form is sent as a GET.
  (screen.getByRole('combobox', { name: 'Тип заказчика' }) as HTMLSelectElement).value = 'organization';
  (screen.getByLabelText('Цена от, ₽') as HTMLInputElement).value = '1000';

  const sent = [...new FormData(form)].filter(([, value]) => value !== '');
  expect(sent).toEqual([
    ['type', 'organization'],
    ['min_price', '1000'],
    ['services', '3'],
    ['attributeSort', 'price'],
    ['typeSort', 'desc'],
  ]);
});

test('a shared link shows every filter as it was chosen', async () => {
  stubCatalogue();
  const search = new URLSearchParams({
    query: 'кровля',
    address: KAZAN.cityFiasId,
    addressName: 'г Казань',
    customer: '9',
    customerName: 'ООО «Ромашка»',
    services: '3,4',
    min_price: '1000',
    max_price: '90000',
    deadline: '2026-12-31',
    type: 'organization',
    attributeSort: 'price',
    typeSort: 'desc',
  });
  renderRoutes(routes, `/application/search?${search}`);

  expect(screen.getByRole('heading', { level: 1, name: 'Поиск заявок' })).toBeInTheDocument();
  expect(screen.getByRole('searchbox')).toHaveValue('кровля');
  expect(screen.getByRole('combobox', { name: 'Город' })).toHaveValue('г Казань');
  expect(screen.getByRole('combobox', { name: 'Заказчик' })).toHaveValue('ООО «Ромашка»');
  expect(screen.getByRole('combobox', { name: 'Тип заказчика' })).toHaveValue('organization');
  expect(screen.getByRole('combobox', { name: 'Сортировка' })).toHaveValue('price:desc');
  // Text fields, as every price field is (a number field dropped «1 000,50»'s space and comma).
  expect(screen.getByLabelText('Цена от, ₽')).toHaveValue('1000');
  expect(screen.getByLabelText('Цена до, ₽')).toHaveValue('90000');
  expect(screen.getByLabelText('Выполнить до')).toHaveValue('31.12.2026');
  expect(screen.getByRole('button', { name: /^Услуги/ })).toHaveTextContent('2 услуги');
  expect(screen.getByRole('button', { name: 'Показать фильтры · выбрано 7' })).toHaveAttribute('aria-expanded', 'false');
});

test('Back and Forward move between filtered views', async () => {
  const fetchMock = stubCatalogue();
  const { location, go } = renderRoutes(routes, '/application');

  fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'окна' } });
  fireEvent.submit(screen.getByRole('search'));
  await waitFor(() => expect(searchOf(location())).toEqual({ query: 'окна' }));
  fireEvent.change(screen.getByRole('combobox', { name: 'Тип заказчика' }), { target: { value: 'organization' } });
  await waitFor(() => expect(searchOf(location())).toEqual({ query: 'окна', type: 'organization' }));

  await go(-1);
  expect(searchOf(location())).toEqual({ query: 'окна' });
  expect(screen.getByRole('combobox', { name: 'Тип заказчика' })).toHaveValue('');
  await go(-1);
  expect(location().search).toBe('');
  expect(screen.getByRole('searchbox')).toHaveValue('');
  await waitFor(() => expect(lastList(fetchMock).searchParams.has('query')).toBe(false));
  await go(1);
  expect(screen.getByRole('searchbox')).toHaveValue('окна');
});

test('the map shows the applications of the current page that have coordinates', async () => {
  stubCatalogue({
    'application/get-collection': () =>
      listAnswer([
        makeApplication({ id: 5, name: 'Монтаж окон', price: null }),
        makeApplication({ id: 6, name: 'Где-то', address: { value: 'Не указан', cityFiasId: null, geoLat: null, geoLon: null } }),
      ]),
  });
  renderRoutes(routes, '/application');

  const region = await screen.findByRole('region', { name: 'Заявки на карте' });
  expect(mapItems(within(region).getByTestId('applications-map'))).toEqual([
    { id: 5, name: 'Монтаж окон', href: '/application/5', geoLat: 55.79, geoLon: 49.11, subtitle: 'Цена договорная' },
  ]);
});

test('on phones the filters sit behind a toggle that tells its state', async () => {
  stubCatalogue();
  renderRoutes(routes, '/application');

  const toggle = screen.getByRole('button', { name: 'Показать фильтры' });
  fireEvent.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  expect(toggle).toHaveAccessibleName('Скрыть фильтры');
  expect(document.getElementById(toggle.getAttribute('aria-controls')!)).toContainElement(
    screen.getByRole('combobox', { name: 'Город' }),
  );
});

test('a choice that leaves the view as it is adds no history entry', async () => {
  stubCatalogue();
  const { location, go } = renderRoutes(routes, '/application');
  const user = userEvent.setup();

  fireEvent.change(screen.getByRole('combobox', { name: 'Тип заказчика' }), { target: { value: 'organization' } });
  await waitFor(() => expect(searchOf(location())).toEqual({ type: 'organization' }));
  await user.click(screen.getByRole('button', { name: /^Услуги/ }));
  await user.click(screen.getByRole('checkbox', { name: 'Все' }));
  await user.click(screen.getByRole('checkbox', { name: 'Все' }));

  await go(-1);
  expect(location().search).toBe('');
});

test('arrowing through «Сортировка» is one step for Back; the same choice again after a pause is another', async () => {
  stubCatalogue();
  const { location, go } = renderRoutes(routes, '/application');
  const sort = () => screen.getByRole('combobox', { name: 'Сортировка' });
  const values = [...sort().querySelectorAll('option')].map((option) => option.getAttribute('value') ?? '');
  const [, second, third, fourth] = values;
  expect(fourth).toBeTruthy();

  fireEvent.change(screen.getByRole('combobox', { name: 'Тип заказчика' }), { target: { value: 'organization' } });
  await waitFor(() => expect(searchOf(location())).toEqual({ type: 'organization' }));
  for (const value of [second, third]) {
    fireEvent.change(sort(), { target: { value } });
    await waitFor(() => expect(sort()).toHaveValue(value));
  }
  const now = Date.now();
  const clock = jest.spyOn(Date, 'now').mockReturnValue(now + FILTER_HISTORY_COALESCE_MS);
  fireEvent.change(sort(), { target: { value: fourth } });
  await waitFor(() => expect(sort()).toHaveValue(fourth));
  clock.mockRestore();

  await go(-1);
  expect(sort()).toHaveValue(third);
  await go(-1);
  expect(searchOf(location())).toEqual({ type: 'organization' });
  await go(-1);
  expect(location().search).toBe('');
});
