import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus, useSessionStore } from 'shared';
import { fail, listAnswer, ok, requestsTo, setTestRuntimeConfig, stubApi } from 'shared/testing';
import { Component as ListPage } from '../../pages/application-list-page';
import { makeApplication, renderRoutes, signInAs } from '../../testing/render-page';

const renderList = (entry = '/lk/application') => renderRoutes([{ path: '/lk/application', Component: ListPage }], entry);

beforeEach(() => setTestRuntimeConfig());
afterEach(() => useSessionStore.getState().clear());

test('while the profile loads, the page already has its h1 «Мои заявки» (QA NN-1)', async () => {
  signInAs('customer');
  // A page opened from a link: the store holds no profile yet.
  useSessionStore.getState().setProfiles([]);
  stubApi({
    'user/profile/list': () => ok({ items: [{ id: 11, type: 'customer', name: 'Иван Петров', active: true }] }),
    'user/application/get-collection': () => listAnswer([makeApplication({ id: 5, name: 'Замена проводки' })]),
  });
  renderList();
  expect(screen.getByRole('status')).toHaveTextContent('Загружаем заявки…');
  expect(screen.getByRole('heading', { level: 1, name: 'Мои заявки' })).toHaveClass('ui-visually-hidden');

  // The page in: its own header's h1 instead, still one.
  expect(await screen.findByRole('link', { name: 'Замена проводки' })).toBeInTheDocument();
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  expect(screen.getByRole('heading', { level: 1, name: 'Мои заявки' })).not.toHaveClass('ui-visually-hidden');
});

test("a customer sees the applications it placed: number, name, status, price, deadlines, links by status", async () => {
  signInAs('customer');
  const fetchMock = stubApi({
    'user/application/get-collection': () =>
      listAnswer([
        makeApplication({ id: 5, number: 1005, name: 'Покраска фасада', status: 'published', price: 12500, deadline: '2026-12-20', feedbackDeadline: '2026-12-10' }),
        makeApplication({ id: 6, name: 'Черновик ремонта', status: 'draft', price: null, deadline: null, feedbackDeadline: null }),
      ], { total: 2 }),
  });
  renderList();

  const [published, draft] = await screen.findAllByRole('article');
  expect(within(published!).getByText('№ 1005')).toBeInTheDocument();
  expect(within(published!).getByText('Приём откликов')).toBeInTheDocument();
  expect(within(published!).getByText('12 500 ₽')).toBeInTheDocument();
  expect(within(published!).getByText('20 декабря 2026')).toBeInTheDocument();
  expect(within(published!).getByText('10 декабря 2026')).toBeInTheDocument();
  expect(within(published!).getByRole('link', { name: 'Покраска фасада' })).toHaveAttribute('href', '/lk/application/detail/5');
  expect(within(draft!).getByText('Черновик')).toBeInTheDocument();
  expect(within(draft!).getByRole('link', { name: 'Черновик ремонта' })).toHaveAttribute('href', '/lk/application/edit/6');
  expect(screen.getByRole('status')).toHaveTextContent('Всего: 2 заявки');

  const [request] = requestsTo(fetchMock, 'user/application/get-collection');
  expect(Object.fromEntries(request!.searchParams)).toEqual({ role: 'customer', page: '1' });
});

test('status tabs are links that put the status in the URL and the request', async () => {
  signInAs('customer');
  const fetchMock = stubApi({ 'user/application/get-collection': () => listAnswer([makeApplication({ status: 'in_work' })]) });
  const { location } = renderList();
  const user = userEvent.setup();

  const tabs = await screen.findByRole('navigation', { name: 'Статус заявок' });
  expect(within(tabs).getByRole('link', { name: 'Все' })).toHaveAttribute('aria-current', 'page');
  await user.click(within(tabs).getByRole('link', { name: 'В работе' }));

  await waitFor(() => expect(location().search).toBe('?status=in_work'));
  expect(within(tabs).getByRole('link', { name: 'В работе' })).toHaveAttribute('aria-current', 'page');
  await screen.findByText('Всего: 1 заявка');
  const last = requestsTo(fetchMock, 'user/application/get-collection').at(-1);
  expect(last?.searchParams.get('status')).toBe('in_work');
  // Each tab its own title: the browser's history and tabs tell them apart.
  expect(document.title).toMatch(/^Мои заявки: в работе — /);
});

/**
 * jsdom lays nothing out: a phone's row of tabs, each 110 px wide and 120 px from the last, after the
 * row's 16 px padding, in a row 390 px wide. Restored after the test.
 */
function layOutTabsAsOnAPhone(): () => void {
  const proto = HTMLElement.prototype;
  const saved = (['offsetLeft', 'offsetWidth', 'clientWidth'] as const).map((key) => [key, Object.getOwnPropertyDescriptor(proto, key)] as const);
  const tabIndex = (el: HTMLElement) => (el.classList.contains('lk-status-tabs__tab') ? Array.from(el.closest('ul')!.children).indexOf(el.parentElement!) : -1);
  Object.defineProperty(proto, 'offsetLeft', { configurable: true, get(this: HTMLElement) { const i = tabIndex(this); return i < 0 ? 0 : 16 + i * 120; } });
  Object.defineProperty(proto, 'offsetWidth', { configurable: true, get(this: HTMLElement) { return tabIndex(this) < 0 ? 0 : 110; } });
  Object.defineProperty(proto, 'clientWidth', { configurable: true, get(this: HTMLElement) { return this.classList.contains('lk-status-tabs') ? 390 : 0; } });
  return () => {
    for (const [key, descriptor] of saved) {
      if (descriptor) Object.defineProperty(proto, key, descriptor);
      else delete (proto as unknown as Record<string, unknown>)[key];
    }
  };
}

test('on a phone, a status opened from the address is scrolled into the row of tabs, and so is one chosen after', async () => {
  const restore = layOutTabsAsOnAPhone();
  try {
    signInAs('customer');
    stubApi({ 'user/application/get-collection': () => listAnswer([]) });
    renderList('/lk/application?status=stopped_by_customer');
    const user = userEvent.setup();

    const tabs = await screen.findByRole('navigation', { name: 'Статус заявок' });
    const current = within(tabs).getByRole('link', { current: 'page' });
    expect(current).toHaveTextContent('Остановлена заказчиком');
    // Centred in the row: its start, less half of what the row shows beside it.
    expect(tabs.scrollLeft).toBe(current.offsetLeft - (390 - 110) / 2);
    expect(tabs.scrollLeft).toBeGreaterThan(0);

    await user.click(within(tabs).getByRole('link', { name: 'Все' }));
    await waitFor(() => expect(tabs.scrollLeft).toBe(0));
  } finally {
    restore();
  }
});

test('an executor or organisation profile sees the executor view first, without drafts', async () => {
  signInAs('organization');
  const fetchMock = stubApi({ 'user/application/get-collection': () => listAnswer([]) });
  renderList('/lk/application?status=draft&page=0');

  expect(await screen.findByText('Заявок пока нет', { selector: '.ui-state__title' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Найти заявки' })).toHaveAttribute('href', '/application');
  expect(screen.queryByRole('link', { name: 'Черновик' })).not.toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Создать заявку' })).not.toBeInTheDocument();
  const [request] = requestsTo(fetchMock, 'user/application/get-collection');
  expect(Object.fromEntries(request!.searchParams)).toEqual({ role: 'executor', page: '1' });
});

test("an executor's list says his own part where another executor's deal went on", async () => {
  signInAs('executor');
  stubApi({
    'user/application/get-collection': () =>
      listAnswer([
        { ...makeApplication({ id: 1, number: 1001, name: 'Моя сделка', status: 'in_work' }), participation: 'executor' },
        { ...makeApplication({ id: 2, number: 1002, name: 'Чужая сделка', status: 'in_work' }), participation: 'active' },
        { ...makeApplication({ id: 4, number: 1004, name: 'Остановленная чужая', status: 'stopped_by_customer' }), participation: 'active' },
        { ...makeApplication({ id: 3, number: 1003, name: 'Отказ', status: 'published' }), participation: 'rejected' },
      ]),
  });
  renderList();
  const card = async (name: string) => (await screen.findByRole('link', { name })).closest('article')!;
  expect(within(await card('Моя сделка')).getByText('В работе')).toBeInTheDocument();
  expect(within(await card('Чужая сделка')).getByText('Выбран другой исполнитель')).toBeInTheDocument();
  expect(within(await card('Чужая сделка')).queryByText('В работе')).not.toBeInTheDocument();
  // Its executor stopped, nobody is chosen now: his reply may be (QA AAE-6), not «Выбран другой исполнитель».
  expect(within(await card('Остановленная чужая')).getByText('Исполнитель не выбран')).toBeInTheDocument();
  expect(within(await card('Остановленная чужая')).queryByText('Остановлена заказчиком')).not.toBeInTheDocument();
  expect(within(await card('Отказ')).getByText('Отклик отклонён')).toBeInTheDocument();
});

test('an organisation switches between its executor and customer sides, the role kept in the URL', async () => {
  signInAs('organization');
  const fetchMock = stubApi({ 'user/application/get-collection': () => listAnswer([makeApplication({ status: 'draft' })]) });
  const { location } = renderList();
  const user = userEvent.setup();

  const roles = await screen.findByRole('navigation', { name: 'Роль в заявках' });
  expect(within(roles).getByRole('link', { name: 'Как исполнитель' })).toHaveAttribute('aria-current', 'page');
  await user.click(within(roles).getByRole('link', { name: 'Как заказчик' }));

  await waitFor(() => expect(location().search).toBe('?role=customer'));
  const tabs = screen.getByRole('navigation', { name: 'Статус заявок' });
  expect(within(tabs).getByRole('link', { name: 'Черновик' })).toHaveAttribute('href', '/lk/application?role=customer&status=draft');
  expect(screen.getByRole('link', { name: 'Создать заявку' })).toBeInTheDocument();
  await screen.findByText('Всего: 1 заявка');
  expect(requestsTo(fetchMock, 'user/application/get-collection').at(-1)?.searchParams.get('role')).toBe('customer');
});

test('a customer with no applications is led to create one', async () => {
  signInAs('customer');
  stubApi({ 'user/application/get-collection': () => listAnswer([]) });
  renderList();
  const empty = (await screen.findByText('Заявок пока нет', { selector: '.ui-state__title' })).closest('.ui-state') as HTMLElement;
  expect(within(empty).getByRole('link', { name: 'Создать заявку' })).toHaveAttribute('href', '/lk/application/form');
});

test('pages are links that keep the status tab', async () => {
  signInAs('customer');
  stubApi({
    'user/application/get-collection': (url) =>
      listAnswer([makeApplication({ status: 'closed' })], { total: 13, page: Number(url.searchParams.get('page')), limit: 6 }),
  });
  renderList('/lk/application?status=closed&page=2');
  const pages = await screen.findByRole('navigation', { name: 'Страницы' });
  expect(within(pages).getByRole('link', { name: 'Страница 3' })).toHaveAttribute('href', '/lk/application?status=closed&page=3');
  expect(within(pages).getByRole('link', { name: 'Страница 1' })).toHaveAttribute('href', '/lk/application?status=closed');
  expect(document.title).toMatch(/^Мои заявки: закрыта, страница 2 — /);
});

test("a failed load shows the server's message and a retry, with a loading state before", async () => {
  signInAs('customer');
  stubApi({ 'user/application/get-collection': () => fail(500, 'Сервис временно недоступен') });
  renderList();
  expect(screen.getByRole('status')).toHaveTextContent('Загружаем заявки…');
  expect(await screen.findByRole('alert')).toHaveTextContent('Сервис временно недоступен');
  expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
});

test('«Повторить» keeps the focus while the list is asked again, after a retry that fails again, until the list is in', async () => {
  signInAs('customer');
  let answer: () => ReturnType<typeof fail> | Promise<ReturnType<typeof fail>> = () => fail(500, 'Сервис временно недоступен');
  stubApi({ 'user/application/get-collection': () => answer() });
  renderList();
  const user = userEvent.setup();
  const retry = await screen.findByRole('button', { name: 'Повторить' });
  retry.focus();

  let release!: () => void;
  const failing = new Promise<void>((resolve) => (release = resolve));
  answer = () => failing.then(() => fail(500, 'Сервис временно недоступен'));
  await user.keyboard('{Enter}');
  // While it is asked again: the button stays, busy, with the focus (no skeleton takes its place).
  await waitFor(() => expect(screen.getByRole('button', { name: 'Повторить' })).toHaveAttribute('aria-busy', 'true'));
  expect(screen.getByRole('button', { name: 'Повторить' })).toHaveFocus();
  act(() => release());
  await waitFor(() => expect(screen.getByRole('button', { name: 'Повторить' })).not.toHaveAttribute('aria-busy', 'true'));
  expect(screen.getByRole('button', { name: 'Повторить' })).toHaveFocus();

  answer = () => listAnswer([makeApplication({ id: 5, name: 'Замена проводки' })]);
  await user.keyboard('{Enter}');
  // Its results replace the button: the focus goes on to them, not to <body>.
  await waitFor(() => expect(screen.getByRole('link', { name: 'Замена проводки' })).toHaveFocus());
});

test('a tab that fails to load, asked again, does not show the previous tab\'s applications meanwhile', async () => {
  signInAs('customer');
  let release!: () => void;
  const waiting = new Promise<void>((resolve) => (release = resolve));
  let draftsFail = true;
  stubApi({
    'user/application/get-collection': (url) => {
      if (url.searchParams.get('status') !== 'draft') return listAnswer([makeApplication({ id: 5, name: 'Замена проводки', status: 'published' })]);
      return draftsFail ? fail(500, 'Сервис временно недоступен') : waiting.then(() => listAnswer([makeApplication({ id: 6, name: 'Черновик ремонта', status: 'draft' })]));
    },
  });
  renderList();
  const user = userEvent.setup();
  await screen.findByRole('link', { name: 'Замена проводки' });
  await user.click(screen.getByRole('link', { name: 'Черновик' }));
  const retry = await screen.findByRole('button', { name: 'Повторить' });

  draftsFail = false;
  await user.click(retry);
  await waitFor(() => expect(screen.getByRole('button', { name: 'Повторить' })).toHaveAttribute('aria-busy', 'true'));
  expect(screen.queryByRole('link', { name: 'Замена проводки' })).not.toBeInTheDocument();
  act(() => release());
  expect(await screen.findByRole('link', { name: 'Черновик ремонта' })).toBeInTheDocument();
});

test('a card follows the other party live: a socket notification refetches the list', async () => {
  signInAs('customer');
  let status: 'in_work' | 'on_review' = 'in_work';
  const fetchMock = stubApi({ 'user/application/get-collection': () => listAnswer([makeApplication({ id: 5, status })]) });
  renderList();
  const [card] = await screen.findAllByRole('article');
  expect(within(card!).getByText('В работе')).toBeInTheDocument();

  status = 'on_review';
  act(() => bus.emit('notification:received', { message: 'Заявка № 1005: На проверке', applicationId: 5 }));
  await waitFor(() => expect(within(screen.getByRole('article')).getByText('На проверке')).toBeInTheDocument());
  expect(requestsTo(fetchMock, 'user/application/get-collection')).toHaveLength(2);
});

test('a card that leaves its tab live (the other party moved it on) takes the focus it had to the heading, not the body', async () => {
  signInAs('customer');
  let moved = false;
  stubApi({
    'user/application/get-collection': () =>
      listAnswer(moved ? [makeApplication({ id: 6, name: 'Покраска фасада', status: 'executor_named' })] : [
        makeApplication({ id: 5, name: 'Замена проводки', status: 'executor_named' }),
        makeApplication({ id: 6, name: 'Покраска фасада', status: 'executor_named' }),
      ]),
  });
  renderList('/lk/application?status=executor_named');
  const link = await screen.findByRole('link', { name: 'Замена проводки' });
  link.focus();

  moved = true;
  act(() => bus.emit('notification:received', { message: 'Заявка № 1005: В работе', applicationId: 5 }));
  await waitFor(() => expect(screen.queryByRole('link', { name: 'Замена проводки' })).not.toBeInTheDocument());

  await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Мои заявки' })).toHaveFocus());
});

test('the list coming in does not take the focus from where the page put it', async () => {
  signInAs('customer');
  stubApi({ 'user/application/get-collection': () => listAnswer([makeApplication({ id: 5, name: 'Замена проводки' })]) });
  renderList();
  await screen.findByRole('link', { name: 'Замена проводки' });
  expect(screen.getByRole('heading', { level: 1, name: 'Мои заявки' })).not.toHaveFocus();
});

test('a search by name or number goes to the URL and the request from the first page, and stays through the status tabs', async () => {
  signInAs('customer');
  const fetchMock = stubApi({
    'user/application/get-collection': (url) =>
      url.searchParams.get('query') === 'нет такой'
        ? listAnswer([], { total: 0 })
        : listAnswer([makeApplication({ id: 7, number: 10073, name: 'Забор на даче', status: 'in_work' })], { total: 1 }),
  });
  const { location } = renderList('/lk/application?status=in_work&page=3');
  const user = userEvent.setup();

  const field = await screen.findByRole('searchbox', { name: 'Поиск по заявкам' });
  await user.type(field, '  № 10073 {Enter}');
  await waitFor(() => expect(location().search).toBe('?status=in_work&query=%E2%84%96+10073'));
  await screen.findByText('Найдено: 1 заявка');
  expect(requestsTo(fetchMock, 'user/application/get-collection').at(-1)?.searchParams.get('query')).toBe('№ 10073');
  expect(requestsTo(fetchMock, 'user/application/get-collection').at(-1)?.searchParams.get('page')).toBe('1');
  expect(document.title).toMatch(/^Мои заявки: в работе, «№ 10073» — /);

  // Another tab searches the same.
  const tabs = screen.getByRole('navigation', { name: 'Статус заявок' });
  await user.click(within(tabs).getByRole('link', { name: 'Все' }));
  await waitFor(() => expect(location().search).toBe('?query=%E2%84%96+10073'));
  expect(field).toHaveValue('№ 10073');

  // Typed, without Enter: sent once the typing stops.
  await user.clear(field);
  await user.type(field, 'нет такой');
  await waitFor(() => expect(location().search).toBe('?query=%D0%BD%D0%B5%D1%82+%D1%82%D0%B0%D0%BA%D0%BE%D0%B9'));
  expect(await screen.findByText('Ничего не найдено')).toBeInTheDocument();
  expect(screen.getByText('По запросу «нет такой» заявок нет. Проверьте название или номер.')).toBeInTheDocument();
  // The answer does not take the field's focus: typing goes on.
  expect(field).toHaveFocus();

  await user.click(screen.getByRole('link', { name: 'Сбросить поиск' }));
  await waitFor(() => expect(location().search).toBe(''));
  expect(field).toHaveValue('');
  await screen.findByText('Всего: 1 заявка');
});

test('a deal in work past its deadline says «срок прошёл» beside the date; one on review, published or on time does not', async () => {
  signInAs('customer');
  stubApi({
    'user/application/get-collection': () =>
      listAnswer([
        makeApplication({ id: 1, name: 'Опоздавшая', status: 'in_work', deadline: '2020-03-01' }),
        makeApplication({ id: 2, name: 'На проверке', status: 'on_review', deadline: '2020-03-01' }),
        makeApplication({ id: 3, name: 'В срок', status: 'in_work', deadline: '2100-12-31' }),
      ], { total: 3 }),
  });
  renderList();
  const [late, review, onTime] = await screen.findAllByRole('article');
  expect(within(late!).getByText('Срок выполнения').nextElementSibling).toHaveTextContent('1 марта 2020 срок прошёл');
  expect(within(review!).queryByText('срок прошёл')).not.toBeInTheDocument();
  expect(within(onTime!).queryByText('срок прошёл')).not.toBeInTheDocument();
});

test("a customer's card while replies come says how many wait on it; other statuses say nothing of them", async () => {
  signInAs('customer');
  stubApi({
    'user/application/get-collection': () =>
      listAnswer([
        { ...makeApplication({ id: 1, name: 'С откликами', status: 'published' }), activeReplies: 3 },
        { ...makeApplication({ id: 2, name: 'Без откликов', status: 'published' }), activeReplies: 0 },
        { ...makeApplication({ id: 3, name: 'В работе', status: 'in_work' }), activeReplies: 2 },
      ], { total: 3 }),
  });
  renderList();
  const [some, none, work] = await screen.findAllByRole('article');
  expect(within(some!).getByText('Отклики').nextElementSibling).toHaveTextContent('3');
  expect(within(none!).getByText('Отклики').nextElementSibling).toHaveTextContent('пока нет');
  expect(within(work!).queryByText('Отклики')).not.toBeInTheDocument();
});

test("after a profile switch the other profile's list never stands in for this one's, nor its «Заявок пока нет» (QA O-5)", async () => {
  signInAs('customer', 11);
  let answerExecutor: (() => void) | undefined;
  stubApi({
    'user/application/get-collection': (url) =>
      url.searchParams.get('role') === 'executor'
        ? new Promise((resolve) => {
            answerExecutor = () => resolve(listAnswer([makeApplication({ id: 9, name: 'Ремонт кровли', status: 'in_work' })]));
          })
        : listAnswer([makeApplication({ id: 5, name: 'Покраска фасада' })]),
  });
  renderList();
  expect(await screen.findByRole('link', { name: 'Покраска фасада' })).toBeInTheDocument();

  // The executor profile made active (as a switch does): its list is on its way.
  act(() => {
    const store = useSessionStore.getState();
    store.setUser({ id: 7, phone: '79991234567', name: 'Иван Петров', email: null, activeProfileId: 12 });
    store.setProfiles([{ id: 12, type: 'executor', name: 'Иван Петров', active: true }]);
  });
  await waitFor(() => expect(answerExecutor).toBeDefined());
  expect(screen.queryByRole('link', { name: 'Покраска фасада' })).not.toBeInTheDocument();
  expect(screen.queryByText(/Заявок пока нет/)).not.toBeInTheDocument();
  expect(screen.getAllByText('Загружаем заявки…').length).toBeGreaterThan(0);

  act(() => answerExecutor!());
  expect(await screen.findByRole('link', { name: 'Ремонт кровли' })).toBeInTheDocument();
});
