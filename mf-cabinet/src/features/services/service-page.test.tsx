import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSessionStore, type SessionProfileType } from 'shared';
import { fail, ok, renderRoutes, serveApi, setUpPageTests } from 'shared/testing';
import { Component as ServicePage } from '../../pages/service-page';

function signInAs(type: SessionProfileType, profileId = 11) {
  const store = useSessionStore.getState();
  store.setTokens('access-token', 'refresh-token');
  store.setUser({ id: 7, phone: '79991234567', name: 'Иван Петров', email: null, activeProfileId: profileId });
  store.setProfiles([{ id: profileId, type, name: 'Иван Петров', active: true }]);
}

const toasts = setUpPageTests(() => signInAs('executor'));

const service = (id: number, name: string, group: string | null = 'Ремонт', parentId: number | null = 1) => ({ id, name, group, parentId });
const ROOF = service(3, 'Ремонт кровли');
const PAINT = service(4, 'Покраска фасада');
const WIRING = service(8, 'Замена проводки', 'Электрика', 2);
const CATALOG = [ROOF, PAINT, WIRING];

function serve(mine = [ROOF], routes: Parameters<typeof serveApi>[0] = {}) {
  const state = { mine };
  return serveApi({
    'GET profile/service/get-collection': () => ok({ items: state.mine }),
    'GET service/get-collection/filter': () => ok({ items: CATALOG }),
    'POST profile/service/add': (_url, init) => {
      const { serviceId } = JSON.parse(String(init?.body)) as { serviceId: number };
      state.mine = [...state.mine, CATALOG.find((s) => s.id === serviceId)!];
      return ok({ items: state.mine }, 'Услуга добавлена');
    },
    'DELETE profile/service/remove': (url) => {
      state.mine = state.mine.filter((s) => s.id !== Number(url.searchParams.get('id')));
      return ok({ items: state.mine }, 'Услуга удалена');
    },
    ...routes,
  });
}

const renderPage = () => renderRoutes([{ path: '/lk/service', Component: ServicePage }], '/lk/service');
const mine = () => screen.getByRole('region', { name: 'Ваши услуги' });
const catalog = () => screen.getByRole('region', { name: 'Добавить услуги' });

test('while the profile loads, the page already has its h1 «Мои услуги» (QA NN-1)', async () => {
  // A page opened from a link: the store holds no profile yet.
  useSessionStore.getState().setProfiles([]);
  serve([ROOF], { 'GET user/profile/list': () => ok({ items: [{ id: 11, type: 'executor', name: 'Иван Петров', active: true }] }) });
  renderPage();
  expect(screen.getByRole('status')).toHaveTextContent('Загружаем услуги…');
  expect(screen.getByRole('heading', { level: 1, name: 'Мои услуги' })).toHaveClass('ui-visually-hidden');

  // The page in: its own header's h1 instead, still one.
  expect(await screen.findByRole('heading', { name: 'Ваши услуги' })).toBeInTheDocument();
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  expect(screen.getByRole('heading', { level: 1, name: 'Мои услуги' })).not.toHaveClass('ui-visually-hidden');
});

test('shows the profile services, then the catalogue grouped by parent', async () => {
  serve();
  renderPage();
  expect(screen.getByRole('status')).toHaveTextContent('Загружаем ваши услуги…');
  expect(await within(mine()).findByText('Ремонт кровли')).toBeInTheDocument();
  expect(within(mine()).getByRole('button', { name: 'Удалить услугу «Ремонт кровли»' })).toBeInTheDocument();

  const repair = await within(catalog()).findByRole('group', { name: 'Ремонт' });
  expect(within(repair).getByText('Добавлена')).toBeInTheDocument();
  expect(within(repair).getByRole('button', { name: 'Добавить услугу «Покраска фасада»' })).toBeInTheDocument();
  expect(within(catalog()).getByRole('group', { name: 'Электрика' })).toHaveTextContent('Замена проводки');
});

test('the catalogue’s groups are headings under «Добавить услуги», so a screen reader jumps between them', async () => {
  serve();
  renderPage();
  await within(catalog()).findByRole('group', { name: 'Ремонт' });
  expect(within(catalog()).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Ремонт', 'Электрика']);
});

test('filters the catalogue by name', async () => {
  serve();
  renderPage();
  await userEvent.type(await within(catalog()).findByLabelText('Найти услугу'), 'провод');
  expect(within(catalog()).queryByRole('group', { name: 'Ремонт' })).not.toBeInTheDocument();
  expect(within(catalog()).getByRole('button', { name: 'Добавить услугу «Замена проводки»' })).toBeInTheDocument();
  expect(within(catalog()).getByText('Найдено: 1 услуга')).toBeInTheDocument();
});

test('adds a service with POST profile/service/add {serviceId} and a toast', async () => {
  const api = serve();
  renderPage();
  await userEvent.click(await within(catalog()).findByRole('button', { name: 'Добавить услугу «Замена проводки»' }));
  expect(await within(mine()).findByText('Замена проводки')).toBeInTheDocument();
  await waitFor(() => expect(toasts).toContainEqual({ type: 'success', message: 'Услуга добавлена' }));
  expect(api.callsTo('POST profile/service/add').map((c) => c.body)).toEqual([{ serviceId: 8 }]);
  expect(within(catalog()).getByRole('group', { name: 'Электрика' })).toHaveTextContent('Добавлена');
});

test('removes a service with DELETE profile/service/remove?id=', async () => {
  const api = serve([ROOF, PAINT]);
  renderPage();
  await userEvent.click(await within(mine()).findByRole('button', { name: 'Удалить услугу «Покраска фасада»' }));
  await waitFor(() => expect(within(mine()).queryByText('Покраска фасада')).not.toBeInTheDocument());
  await waitFor(() => expect(toasts).toContainEqual({ type: 'success', message: 'Услуга удалена' }));
  expect(api.callsTo('DELETE profile/service/remove').map((c) => c.query.get('id'))).toEqual(['4']);
});

test('the focus stays in the lists: after an addition on the next «Добавить», after a removal on the next «Удалить», then on the heading', async () => {
  serve([ROOF, PAINT]);
  renderPage();
  const roof = await within(mine()).findByRole('button', { name: 'Удалить услугу «Ремонт кровли»' });
  roof.focus();
  await userEvent.keyboard('{Enter}');
  await waitFor(() => expect(within(mine()).getByRole('button', { name: 'Удалить услугу «Покраска фасада»' })).toHaveFocus());
  await userEvent.keyboard('{Enter}');
  await waitFor(() => expect(screen.getByRole('heading', { name: 'Ваши услуги' })).toHaveFocus());

  // The catalogue now offers all three; adding the first hands the focus to the next offer.
  const offers = within(catalog()).getAllByRole('button', { name: /^Добавить услугу/ });
  expect(offers).toHaveLength(3);
  offers[0]!.focus();
  const [, second, third] = offers as [HTMLElement, HTMLElement, HTMLElement];
  await userEvent.keyboard('{Enter}');
  await waitFor(() => expect(second).toHaveFocus());
  await userEvent.keyboard('{Enter}');
  await waitFor(() => expect(third).toHaveFocus());
  await userEvent.keyboard('{Enter}');
  await waitFor(() => expect(within(catalog()).queryAllByRole('button', { name: /^Добавить услугу/ })).toHaveLength(0));
  await waitFor(() => expect(within(catalog()).getByLabelText('Найти услугу')).toHaveFocus());
});

test('after removing or adding the last one, the focus goes to the one before', async () => {
  serve([ROOF, PAINT]);
  renderPage();
  // «Ваши услуги» are sorted by name: «Покраска фасада», then «Ремонт кровли».
  (await within(mine()).findByRole('button', { name: 'Удалить услугу «Ремонт кровли»' })).focus();
  await userEvent.keyboard('{Enter}');
  await waitFor(() => expect(within(mine()).getByRole('button', { name: 'Удалить услугу «Покраска фасада»' })).toHaveFocus());

  // The catalogue offers «Ремонт кровли» (group «Ремонт») and «Замена проводки» (group «Электрика»), in that order.
  const offers = within(catalog()).getAllByRole('button', { name: /^Добавить услугу/ });
  expect(offers.map((offer) => offer.textContent)).toEqual(['Добавить услугу «Ремонт кровли»', 'Добавить услугу «Замена проводки»']);
  offers[1]!.focus();
  await userEvent.keyboard('{Enter}');
  await waitFor(() => expect(within(catalog()).getByRole('button', { name: 'Добавить услугу «Ремонт кровли»' })).toHaveFocus());
});

test('a refused change gives the focus back to the service’s own button once the list is shown again', async () => {
  // The list asked again after a refusal comes in the network's time, after the refusal is told.
  const slowly = <T,>(answer: T) => new Promise<T>((resolve) => setTimeout(() => resolve(answer), 50));
  serve([ROOF, PAINT], {
    'GET profile/service/get-collection': () => slowly(ok({ items: [ROOF, PAINT] })),
    'DELETE profile/service/remove': () => fail(409, 'Услуга используется в заявке'),
    'POST profile/service/add': () => fail(422, 'Услуга недоступна'),
  });
  renderPage();
  (await within(mine()).findByRole('button', { name: 'Удалить услугу «Покраска фасада»' })).focus();
  await userEvent.keyboard('{Enter}');
  await waitFor(() => expect(toasts).toContainEqual({ type: 'error', message: 'Услуга используется в заявке' }));
  await waitFor(() => expect(within(mine()).getByRole('button', { name: 'Удалить услугу «Покраска фасада»' })).toHaveFocus());

  (await within(catalog()).findByRole('button', { name: 'Добавить услугу «Замена проводки»' })).focus();
  await userEvent.keyboard('{Enter}');
  await waitFor(() => expect(toasts).toContainEqual({ type: 'error', message: 'Услуга недоступна' }));
  await waitFor(() => expect(within(catalog()).getByRole('button', { name: 'Добавить услугу «Замена проводки»' })).toHaveFocus());
});

test('each of «Ваши услуги» is heard as the service, then its group, apart; its «Удалить» names the service', async () => {
  serve([WIRING, { ...ROOF, group: null }]);
  renderPage();
  await within(mine()).findByText('Замена проводки');
  const [wiring, roof] = within(mine()).getAllByRole('listitem') as [HTMLElement, HTMLElement];
  const heard = (row: HTMLElement) => row.textContent!.replace(within(row).getByRole('button').textContent!, '');
  expect(heard(wiring)).toBe('Замена проводки, группа Электрика');
  expect(heard(roof)).toBe('Ремонт кровли');
  expect(within(wiring).getByRole('button')).toHaveAccessibleName('Удалить услугу «Замена проводки»');
});

test('a refused removal puts the service back and shows the server message', async () => {
  serve([ROOF], { 'DELETE profile/service/remove': () => fail(409, 'Услуга используется в заявке') });
  renderPage();
  await userEvent.click(await within(mine()).findByRole('button', { name: 'Удалить услугу «Ремонт кровли»' }));
  await waitFor(() => expect(toasts).toContainEqual({ type: 'error', message: 'Услуга используется в заявке' }));
  expect(await within(mine()).findByText('Ремонт кровли')).toBeInTheDocument();
});

test('an empty list invites to add services', async () => {
  serve([]);
  renderPage();
  expect(await within(mine()).findByText('Услуги не выбраны')).toBeInTheDocument();
});

test('a failed load shows the error with a retry', async () => {
  let failing = true;
  serve([ROOF], { 'GET profile/service/get-collection': () => (failing ? fail(500, 'Сервис недоступен') : ok({ items: [ROOF] })) });
  renderPage();
  expect(await screen.findByRole('alert')).toHaveTextContent('Сервис недоступен');
  failing = false;
  await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
  expect(await within(mine()).findByText('Ремонт кровли')).toBeInTheDocument();
});

test('«Повторить» that brings the list hands its focus to «Ваши услуги», not to the page', async () => {
  let failing = true;
  serve([ROOF], { 'GET profile/service/get-collection': () => (failing ? fail(500, 'Сервис недоступен') : ok({ items: [ROOF] })) });
  renderPage();
  const retry = await screen.findByRole('button', { name: 'Повторить' });
  failing = false;
  retry.focus();
  await userEvent.keyboard('{Enter}');
  expect(await within(mine()).findByText('Ремонт кровли')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Ваши услуги' })).toHaveFocus());
});

test('a customer profile is told that services are for executors, without asking the API', async () => {
  signInAs('customer');
  const api = serve();
  renderPage();
  expect(screen.getByText('Услуги указывают исполнители')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Перейти к профилю' })).toHaveAttribute('href', '/lk/profile');
  expect(api.calls).toEqual([]);
});

describe('while a change waits for its answer', () => {
  const held: Array<() => void> = [];
  const later = <T,>(answer: () => T) => () => new Promise<T>((resolve) => held.push(() => resolve(answer())));
  beforeEach(() => {
    held.length = 0;
  });

  test('a removed service’s «Удалить» stays, busy and focused, until the answer: the focus does not fall to the body meanwhile', async () => {
    let items = [ROOF, PAINT];
    serve(items, {
      'GET profile/service/get-collection': () => ok({ items }),
      'DELETE profile/service/remove': later(() => {
        items = [ROOF];
        return ok({ items }, 'Услуга удалена');
      }),
    });
    renderPage();
    const paint = await within(mine()).findByRole('button', { name: 'Удалить услугу «Покраска фасада»' });
    paint.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(held).toHaveLength(1));

    expect(within(mine()).getByRole('button', { name: 'Удалить услугу «Покраска фасада»' })).toHaveAttribute('aria-busy', 'true');
    expect(within(mine()).getByRole('button', { name: 'Удалить услугу «Покраска фасада»' })).toHaveFocus();

    held.shift()!();
    await waitFor(() => expect(within(mine()).queryByText('Покраска фасада')).not.toBeInTheDocument());
    await waitFor(() => expect(within(mine()).getByRole('button', { name: 'Удалить услугу «Ремонт кровли»' })).toHaveFocus());
    expect(toasts).toContainEqual({ type: 'success', message: 'Услуга удалена' });
  });

  test('two changes at once: each is said when its answer comes, the first one too', async () => {
    serve([ROOF], {
      'POST profile/service/add': later(() => ok({ items: [ROOF, PAINT] }, 'Услуга добавлена')),
      'DELETE profile/service/remove': later(() => ok({ items: [PAINT] }, 'Услуга удалена')),
    });
    renderPage();
    await userEvent.click(await within(catalog()).findByRole('button', { name: 'Добавить услугу «Покраска фасада»' }));
    await userEvent.click(within(mine()).getByRole('button', { name: 'Удалить услугу «Ремонт кровли»' }));
    await waitFor(() => expect(held).toHaveLength(2));

    held.shift()!();
    await waitFor(() => expect(toasts).toContainEqual({ type: 'success', message: 'Услуга добавлена' }));
    held.shift()!();
    await waitFor(() => expect(toasts).toContainEqual({ type: 'success', message: 'Услуга удалена' }));
  });
});
