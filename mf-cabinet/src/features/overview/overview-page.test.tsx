import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus, SLOW_ANSWER_TEXT, SLOW_READ_MS, useSessionStore, type ApplicationStatus } from 'shared';
import { fail, listAnswer, makeApplication, ok, renderRoutes, serveApi, setUpPageTests, type FetchHandler, failsUntilRetried } from 'shared/testing';
import { Component as CabinetPage } from '../../pages/cabinet-page';

setUpPageTests(() => useSessionStore.getState().setTokens('access-token', 'refresh-token'));

const user = (activeProfileId: number | null) => ({ id: 7, phone: '79991234567', name: 'Иван Петров', email: null, activeProfileId });
const profile = (id: number, type: string, name: string) => ({ id, type, name, active: true, description: null, address: null });

function serve(activeProfileId: number | null, profiles: unknown[], routes: Record<string, FetchHandler> = {}) {
  return serveApi({
    'GET user/get/token': () => ok(user(activeProfileId)),
    'GET user/profile/list': () => ok({ items: profiles }),
    'GET balance/get/token': () => ok({ profileId: activeProfileId, amount: 1500.5, currency: 'RUB' }),
    'GET user/application/get-collection': () => listAnswer([makeApplication({ id: 5, number: 1005, name: 'Покраска фасада', status: 'in_work', price: 12500 })], { total: 4 }),
    'GET profile/service/get-collection': () => ok({ items: [] }),
    'GET bank-requisite/get-collection': () => listAnswer([], { limit: 50 }),
    'GET profile/facility/get-collection': () => listAnswer([], { limit: 1 }),
    ...routes,
  });
}

const renderPage = () => renderRoutes([{ path: '/lk', Component: CabinetPage }], '/lk');
const region = (name: string) => screen.getByRole('region', { name });

test('the balance and applications cards whose reads hang say after SLOW_READ_MS that the server is slow, over their skeletons (QA DDD-1)', async () => {
  jest.useFakeTimers();
  try {
    const never = () => new Promise<never>(() => {});
    serve(12, [profile(12, 'executor', 'Иван Петров')], { 'GET balance/get/token': never, 'GET user/application/get-collection': never });
    renderPage();
    const balance = await screen.findByRole('region', { name: 'Баланс' });
    const apps = region('Ваши отклики и заявки в работе');
    await act(() => jest.advanceTimersByTimeAsync(SLOW_READ_MS - 1000));
    expect(screen.queryByText(SLOW_ANSWER_TEXT)).not.toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(1000));
    expect(within(balance).getByText(SLOW_ANSWER_TEXT)).toBeVisible();
    expect(within(apps).getByText(SLOW_ANSWER_TEXT)).toBeVisible();
  } finally {
    jest.useRealTimers();
  }
});

test('an executor sees its profile, balance, its applications and the next steps', async () => {
  const api = serve(12, [profile(12, 'executor', 'Иван Петров')]);
  renderPage();
  expect(screen.getByRole('status')).toHaveTextContent('Загружаем личный кабинет…');
  // (The loading state has the h1 too, hidden: the profile's card says the page is in.)
  expect(await screen.findByRole('region', { name: 'Профиль' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Личный кабинет' })).toBeInTheDocument();

  expect(within(region('Профиль')).getByText('Исполнитель')).toBeInTheDocument();
  expect(within(region('Профиль')).getByRole('link', { name: 'Настройки профиля' })).toHaveAttribute('href', '/lk/profile');
  expect(await within(region('Баланс')).findByText('1 500,50 ₽')).toBeInTheDocument();
  expect(within(region('Баланс')).getByRole('link')).toHaveAttribute('href', '/lk/money');

  const apps = region('Ваши отклики и заявки в работе');
  expect(await within(apps).findByRole('link', { name: 'Покраска фасада' })).toHaveAttribute('href', '/lk/application/detail/5');
  expect(within(apps).getByText('№ 1005 · В работе · 12 500 ₽')).toBeInTheDocument();
  expect(within(apps).getByRole('link', { name: 'Все заявки (4 заявки)' })).toHaveAttribute('href', '/lk/application');
  expect(Object.fromEntries(api.callsTo('user/application/get-collection')[0]!.query)).toEqual({ role: 'executor', limit: '3' });

  const steps = region('Что сделать дальше');
  await within(steps).findByRole('link', { name: 'Укажите услуги, которые вы оказываете' });
  const items = within(steps).getAllByRole('listitem');
  expect(items.map((li) => li.textContent)).toEqual([
    '✓Выберите профиль: заказчик, исполнитель или организацияВыполнено',
    // No city nor «о себе» yet: the catalogue finds executors by city.
    '○Укажите город и расскажите о себе — по городу заказчики находят исполнителей',
    '○Укажите услуги, которые вы оказываете',
    '○Добавьте банковские реквизиты для вывода денег',
    '✓Найдите заявку и откликнитесь на неёВыполнено',
  ]);
  expect(within(steps).getByRole('link', { name: /Укажите город и расскажите о себе/ })).toHaveAttribute('href', '/lk/profile');
  expect(within(steps).getByRole('link', { name: 'Добавьте банковские реквизиты для вывода денег' })).toHaveAttribute('href', '/lk/money');
  expect(api.callsTo('profile/facility/get-collection')).toEqual([]);
});

test('the other party moving a deal on (a notification) or a reconnect reads the applications again: their status follows', async () => {
  let status: ApplicationStatus = 'on_review';
  const api = serve(12, [profile(12, 'executor', 'Иван Петров')], {
    'GET user/application/get-collection': () => listAnswer([makeApplication({ id: 5, number: 1005, name: 'Покраска фасада', status, price: 12500 })], { total: 1 }),
  });
  renderPage();
  const apps = await screen.findByRole('region', { name: 'Ваши отклики и заявки в работе' });
  expect(await within(apps).findByText('№ 1005 · На проверке · 12 500 ₽')).toBeInTheDocument();

  status = 'executed';
  act(() => bus.emit('notification:received', { message: 'Заказчик принял работу по заявке № 1005', applicationId: 5 }));
  expect(await within(apps).findByText('№ 1005 · Выполнена · 12 500 ₽')).toBeInTheDocument();

  // Notifications sent while the socket was down went nowhere: the reconnect asks again.
  status = 'closed';
  act(() => bus.emit('socket:status', { connected: true }));
  expect(await within(apps).findByText('№ 1005 · Закрыта · 12 500 ₽')).toBeInTheDocument();
  expect(api.callsTo('user/application/get-collection')).toHaveLength(3);
});

test('an application at 0 reads «Цена договорная», not «0 ₽»; one without a price reads «Цена не указана», as the lk list says it', async () => {
  serve(12, [profile(12, 'executor', 'Иван Петров')], {
    'GET user/application/get-collection': () =>
      listAnswer([
        makeApplication({ id: 5, number: 1005, name: 'Покраска фасада', status: 'in_work', price: 0 }),
        makeApplication({ id: 6, number: 1006, name: 'Укладка плитки', status: 'in_work', price: null }),
      ]),
  });
  renderPage();
  const apps = await screen.findByRole('region', { name: 'Ваши отклики и заявки в работе' });
  expect(await within(apps).findByText('№ 1005 · В работе · Цена договорная')).toBeInTheDocument();
  expect(within(apps).getByText('№ 1006 · В работе · Цена не указана')).toBeInTheDocument();
});

test("a customer's draft without a price yet reads «Цена не указана», not «Цена договорная»", async () => {
  serve(11, [profile(11, 'customer', 'Иван Петров')], {
    'GET user/application/get-collection': () => listAnswer([makeApplication({ id: 7, number: 1007, name: 'Замена окон', status: 'draft', price: null })]),
  });
  renderPage();
  const apps = await screen.findByRole('region', { name: 'Мои заявки' });
  expect(await within(apps).findByText('№ 1007 · Черновик · Цена не указана')).toBeInTheDocument();
});

test('a customer without applications is led to publish one and to add a facility', async () => {
  serve(11, [profile(11, 'customer', 'Иван Петров')], { 'GET user/application/get-collection': () => listAnswer([]) });
  renderPage();
  const apps = await screen.findByRole('region', { name: 'Мои заявки' });
  expect(await within(apps).findByText(/Заявок пока нет/)).toBeInTheDocument();
  expect(within(apps).getByRole('link', { name: 'Создать заявку' })).toHaveAttribute('href', '/lk/application/form');
  const steps = region('Что сделать дальше');
  expect(await within(steps).findByRole('link', { name: 'Добавьте объект, на котором нужны работы' })).toHaveAttribute('href', '/lk/facility/form');
  expect(await within(steps).findByRole('link', { name: 'Опубликуйте заявку — исполнители откликнутся' })).toHaveAttribute('href', '/lk/application/form');
  expect(within(steps).queryByText('Укажите услуги, которые вы оказываете')).not.toBeInTheDocument();
});

test('a customer with only a draft has not published an application: the step waits and leads to the draft (QA PP-1)', async () => {
  const draft = makeApplication({ id: 7, number: 10001, name: 'Замена окон', status: 'draft', price: null });
  const api = serve(11, [profile(11, 'customer', 'Иван Петров')], { 'GET user/application/get-collection': () => listAnswer([draft]) });
  renderPage();
  const steps = await screen.findByRole('region', { name: 'Что сделать дальше' });
  const step = await within(steps).findByRole('link', { name: 'Опубликуйте черновик заявки — исполнители откликнутся' });
  expect(step).toHaveAttribute('href', '/lk/application/detail/7');
  expect(step.closest('li')).not.toHaveTextContent('Выполнено');
  expect(within(steps).queryByText(/Всё готово/)).not.toBeInTheDocument();
  const queries = api.callsTo('user/application/get-collection').map((call) => Object.fromEntries(call.query));
  expect(queries).toContainEqual({ role: 'customer', status: 'draft', limit: '1' });
});

test('a customer with a published application besides its drafts has done the step', async () => {
  serve(11, [profile(11, 'customer', 'Иван Петров')], {
    'GET user/application/get-collection': (url) =>
      url.searchParams.get('status') === 'draft'
        ? listAnswer([makeApplication({ id: 7, status: 'draft', price: null })], { total: 1 })
        : listAnswer([makeApplication({ id: 8, status: 'published' }), makeApplication({ id: 7, status: 'draft', price: null })], { total: 2 }),
  });
  renderPage();
  const steps = await screen.findByRole('region', { name: 'Что сделать дальше' });
  const step = await within(steps).findByText('Опубликуйте заявку — исполнители откликнутся');
  expect(step.closest('li')).toHaveTextContent('Выполнено');
});

test("an organisation's employee is not asked for requisites", async () => {
  const api = serve(20, [profile(20, 'organization', 'ООО «Ромашка»')], {
    'GET organization/get/profile': () =>
      ok({ id: 20, name: 'ООО «Ромашка»', inn: '7707083893', kpp: null, ogrn: null, address: null, description: null,
        director: { userId: 9, name: 'Пётр Сидоров' }, role: 'employee', active: true, documents: [] }),
  });
  renderPage();
  expect(await within(await screen.findByRole('region', { name: 'Профиль' })).findByText('Организация · Вы — сотрудник')).toBeInTheDocument();
  await within(region('Что сделать дальше')).findByRole('link', { name: 'Добавьте объект, на котором нужны работы' });
  expect(within(region('Что сделать дальше')).queryByText('Добавьте банковские реквизиты для вывода денег')).not.toBeInTheDocument();
  expect(api.callsTo('bank-requisite/get-collection')).toEqual([]);
});

test('an organisation sees its applications on both sides: where it is the executor, and its own as customer (QA ZZZ-3)', async () => {
  serve(20, [profile(20, 'organization', 'ООО «Ромашка»')], {
    'GET organization/get/profile': () =>
      ok({ id: 20, name: 'ООО «Ромашка»', inn: '7707083893', kpp: null, ogrn: null, address: null, description: null,
        director: { userId: 7, name: 'Иван Петров' }, role: 'director', active: true, documents: [] }),
    'GET user/application/get-collection': (url) =>
      url.searchParams.get('role') === 'customer'
        ? listAnswer([makeApplication({ id: 73, number: 1073, name: 'Ремонт офиса', status: 'executor_named', price: 50000 })], { total: 10 })
        : listAnswer([], { total: 0 }),
  });
  renderPage();
  const executorSide = await screen.findByRole('region', { name: 'Ваши отклики и заявки в работе' });
  expect(await within(executorSide).findByText(/Вы пока не откликались на заявки/)).toBeInTheDocument();
  const customerSide = region('Мои заявки');
  expect(await within(customerSide).findByRole('link', { name: 'Ремонт офиса' })).toHaveAttribute('href', '/lk/application/detail/73');
  expect(within(customerSide).getByRole('link', { name: 'Все заявки (10 заявок)' })).toHaveAttribute('href', '/lk/application?role=customer');
});

test("an organisation's director is led to its page for its city and description; an address typed by hand names no city", async () => {
  const organization = { ...profile(20, 'organization', 'ООО «Ромашка»'), role: 'director', description: 'Ремонт офисов' };
  const typedAddress = { value: 'г. Москва, ул. Льва Толстого, 16', cityFiasId: null, geoLat: null, geoLon: null };
  serve(20, [{ ...organization, address: typedAddress }]);
  const page = renderPage();
  const step = await within(await screen.findByRole('region', { name: 'Что сделать дальше' })).findByRole('link', { name: /Укажите город и расскажите о себе/ });
  expect(step).toHaveAttribute('href', '/lk/organization');
  expect(step.closest('li')).not.toHaveTextContent('Выполнено');
  page.unmount();

  serve(20, [{ ...organization, address: { ...typedAddress, cityFiasId: '0c5b2444-70a0-4932-980c-b4dc0d3f02b5' } }]);
  renderPage();
  const done = await within(await screen.findByRole('region', { name: 'Что сделать дальше' })).findByRole('link', { name: /Укажите город и расскажите о себе/ });
  expect(done.closest('li')).toHaveTextContent('Выполнено');
});

test('without a profile the page asks to choose one and asks nothing else', async () => {
  const api = serve(null, []);
  renderPage();
  expect(await screen.findByRole('link', { name: 'Выбрать профиль' })).toHaveAttribute('href', '/lk/profile');
  expect(within(region('Что сделать дальше')).getAllByRole('listitem')).toHaveLength(1);
  expect(api.calls.map((c) => c.path).sort()).toEqual(['user/get/token', 'user/profile/list']);
});

test('a failed balance shows its error with a retry inside its card; the rest stays', async () => {
  let failing = true;
  serve(12, [profile(12, 'executor', 'Иван Петров')], {
    'GET balance/get/token': () => (failing ? fail(500, 'Сервис баланса недоступен') : ok({ profileId: 12, amount: 10, currency: 'RUB' })),
  });
  renderPage();
  const balance = await screen.findByRole('region', { name: 'Баланс' });
  expect(await within(balance).findByRole('alert')).toHaveTextContent('Сервис баланса недоступен');
  expect(await screen.findByRole('link', { name: 'Покраска фасада' })).toBeInTheDocument();
  failing = false;
  await userEvent.click(within(balance).getByRole('button', { name: 'Повторить' }));
  expect(await within(balance).findByText('10 ₽')).toBeInTheDocument();
});

test('«Повторить» of a card, pressed from the keyboard, leaves the focus on the card’s heading once it has loaded, not on the body', async () => {
  let failing = true;
  serve(12, [profile(12, 'executor', 'Иван Петров')], {
    'GET user/application/get-collection': () =>
      failing ? fail(500, 'Заявки недоступны') : listAnswer([makeApplication({ id: 5, number: 1005, name: 'Покраска фасада', status: 'in_work', price: 12500 })], { total: 1 }),
  });
  renderPage();
  const card = await screen.findByRole('region', { name: 'Ваши отклики и заявки в работе' });
  expect(await within(card).findByRole('alert')).toHaveTextContent('Заявки недоступны');
  failing = false;
  within(card).getByRole('button', { name: 'Повторить' }).focus();
  await userEvent.keyboard('{Enter}');

  expect(await within(card).findByRole('link', { name: 'Покраска фасада' })).toBeInTheDocument();
  expect(within(card).getByRole('heading', { level: 2, name: 'Ваши отклики и заявки в работе' })).toHaveFocus();
});

const SERVICE = { id: 3, name: 'Кладка кирпича', group: 'Строительство', parentId: 1 };
const REQUISITE = {
  id: 5,
  recipientName: 'Иван Петров',
  inn: '7707083893',
  kpp: null,
  bic: '044525225',
  bankName: 'ПАО Сбербанк',
  correspondentAccount: '30101810400000000225',
  account: '40817810899910004312',
  currency: { id: 1, code: 'RUB', name: 'Российский рубль' },
  createdAt: '2026-11-01T10:00:00.000Z',
};

test('«Всё готово» is not claimed while a step is loading, nor when its data failed', async () => {
  let answerRequisites: () => void = () => undefined;
  serve(12, [profile(12, 'executor', 'Иван Петров')], {
    'GET profile/service/get-collection': () => ok({ items: [SERVICE] }),
    'GET bank-requisite/get-collection': () => new Promise((resolve) => (answerRequisites = () => resolve(fail(500, 'Сервис реквизитов недоступен')))),
  });
  const { queryClient } = renderPage();
  const steps = await screen.findByRole('region', { name: 'Что сделать дальше' });
  // Services and applications known and done; the requisites still asked for.
  await within(steps).findByText('Укажите услуги, которые вы оказываете');
  await waitFor(() => expect(within(steps).getAllByText('Выполнено')).toHaveLength(3));
  expect(within(steps).queryByText('Всё готово: кабинет настроен.')).not.toBeInTheDocument();

  answerRequisites();
  await waitFor(() => expect(queryClient.getQueryCache().findAll({ predicate: (query) => query.state.status === 'error' })).toHaveLength(1));
  expect(within(steps).queryByText('Добавьте банковские реквизиты для вывода денег')).not.toBeInTheDocument();
  expect(within(steps).queryByText('Всё готово: кабинет настроен.')).not.toBeInTheDocument();
});

test('«Всё готово» once every step is known and done', async () => {
  const presented = { ...profile(12, 'executor', 'Иван Петров'), description: 'Отделка квартир', address: { value: 'г Казань', cityFiasId: '93b3df57-4c89-44df-ac42-96f05e9cd3b9', geoLat: 55.79, geoLon: 49.12 } };
  serve(12, [presented], {
    'GET profile/service/get-collection': () => ok({ items: [SERVICE] }),
    'GET bank-requisite/get-collection': () => listAnswer([REQUISITE], { limit: 50 }),
  });
  renderPage();
  expect(await within(await screen.findByRole('region', { name: 'Что сделать дальше' })).findByText('Всё готово: кабинет настроен.')).toBeInTheDocument();
});

test('a requisite in another currency does not tick the requisites step: a withdrawal goes to roubles only (QA AAK-1)', async () => {
  const presented = { ...profile(12, 'executor', 'Иван Петров'), description: 'Отделка квартир', address: { value: 'г Казань', cityFiasId: '93b3df57-4c89-44df-ac42-96f05e9cd3b9', geoLat: 55.79, geoLon: 49.12 } };
  const dollars = { ...REQUISITE, id: 4, account: '40817840899910004312', currency: { id: 2, code: 'USD', name: 'Доллар США' } };
  serve(12, [presented], {
    'GET profile/service/get-collection': () => ok({ items: [SERVICE] }),
    'GET bank-requisite/get-collection': () => listAnswer([dollars], { limit: 50 }),
  });
  renderPage();
  const steps = await screen.findByRole('region', { name: 'Что сделать дальше' });
  const step = await within(steps).findByRole('link', { name: /Добавьте банковские реквизиты для вывода денег/ });
  expect(step).toHaveAttribute('href', '/lk/money');
  await waitFor(() => expect(within(steps).getAllByText('Выполнено')).toHaveLength(4));
  expect(within(steps).queryByText('Всё готово: кабинет настроен.')).not.toBeInTheDocument();
});

test('a failed load of the user shows the error state with a retry', async () => {
  let failing = true;
  serve(12, [profile(12, 'executor', 'Иван Петров')], { 'GET user/get/token': () => (failing ? fail(500, 'Внутренняя ошибка сервера') : ok(user(12))) });
  renderPage();
  expect(await screen.findByRole('alert')).toHaveTextContent('Внутренняя ошибка сервера');
  failing = false;
  await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
  await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Личный кабинет' })).toBeVisible());
});

test('«Повторить» of the whole cabinet stays, busy and focused, until the answer; then the focus goes to the page’s heading, not to the body', async () => {
  const call = failsUntilRetried(() => fail(500, 'Профили недоступны'), () => ok({ items: [profile(12, 'executor', 'Иван Петров')] }));
  serve(12, [profile(12, 'executor', 'Иван Петров')], {
    'GET user/profile/list': call.handler,
  });
  renderPage();
  expect(await screen.findByRole('alert')).toHaveTextContent('Профили недоступны');
  const retry = screen.getByRole('button', { name: 'Повторить' });
  await call.retry(retry);
  expect(screen.getByRole('alert')).toHaveTextContent('Профили недоступны');

  call.answer();
  expect(await screen.findByRole('region', { name: 'Профиль' })).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Личный кабинет' })).toHaveFocus());
});
