import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSessionStore } from 'shared';
import { fail, listAnswer, ok, renderRoutes, setUpPageTests, failsUntilRetried } from 'shared/testing';
import { Component as MoneyPage } from '../../pages/money-page';
import { REQUISITES_FAILED_REASON } from './components/balance-card';
import { NO_PAYOUT_TARGET_REASON, OTHER_CURRENCY_HINT } from './components/withdraw-dialog';
import { REQUISITE_ALREADY_DELETED } from './components/requisite-delete-dialog';
import { historyItem, requisite, serveMoney, signInAs, USD } from './testing';

const toasts = setUpPageTests(() => signInAs('executor'));

const renderPage = (entry = '/lk/money') => renderRoutes([{ path: '/lk/money', Component: MoneyPage }], entry);
const region = (name: string) => screen.getByRole('region', { name });

test('while the profile loads, the page already has its h1 «Баланс» (QA NN-1)', async () => {
  // A page opened from a link: the store holds no profile yet.
  useSessionStore.getState().setProfiles([]);
  serveMoney({ 'GET user/profile/list': () => ok({ items: [{ id: 12, type: 'executor', name: 'Иван Петров', active: true }] }) });
  renderPage();
  expect(screen.getByRole('status')).toHaveTextContent('Загружаем профиль…');
  expect(screen.getByRole('heading', { level: 1, name: 'Баланс' })).toHaveClass('ui-visually-hidden');

  // The page in: its own header's h1 instead, still one.
  expect(await within(await screen.findByRole('region', { name: 'Доступно для вывода' })).findByText('1 500,50 ₽')).toBeInTheDocument();
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  expect(screen.getByRole('heading', { level: 1, name: 'Баланс' })).not.toHaveClass('ui-visually-hidden');
});

test('shows the balance, the history with kinds, signs and words, and the requisites', async () => {
  serveMoney();
  renderPage();
  expect(await within(region('Доступно для вывода')).findByText('1 500,50 ₽')).toBeInTheDocument();
  expect(await screen.findByRole('button', { name: 'Вывести средства' })).toBeInTheDocument();

  const history = region('История операций');
  const rows = await within(history).findAllByRole('listitem');
  // The kind in words is the API's title (a label before it would say it twice: money-page-states.test).
  expect(rows[0]).toHaveTextContent('Оплата за выполненную заявку №1005');
  expect(within(rows[0]!).getByText('+2 000 ₽')).toHaveClass('money-history__amount--in');
  expect(rows[1]).toHaveTextContent('Комиссия платформы по заявке №1005');
  expect(within(rows[1]!).getByText('−100 ₽')).toHaveClass('money-history__amount--out');
  // The account the money went to is in the API's title (api test money-withdrawal); no reason for a payout done.
  expect(rows[2]).toHaveTextContent('Вывод средств на банковский счёт ••••4312 (выплата № 1)');
  expect(rows[2]).toHaveTextContent('Выплачено');
  expect(rows[2]).not.toHaveTextContent('Причина');
  expect(within(history).getByText('Всего: 3 операции')).toBeInTheDocument();

  const requisites = region('Банковские реквизиты');
  expect(await within(requisites).findByRole('heading', { name: 'Иван Петров' })).toBeInTheDocument();
  expect(within(requisites).getByText('ПАО Сбербанк, БИК 044525225')).toBeInTheDocument();
});

test('a long balance is one line whose type the card sizes by its length (money-styles.test)', async () => {
  serveMoney({}, { balance: 100_000_000_024.54 });
  renderPage();
  const amount = await within(region('Доступно для вывода')).findByText('100 000 000 024,54 ₽');
  expect(amount).toHaveClass('money-balance__amount');
  expect(amount.style.getPropertyValue('--amount-chars')).toBe('20');
});

test('a line of an application links its «заявку №…» to the application’s lk page; a line of none has no link', async () => {
  serveMoney({
    'GET balance/history/get-collection': () =>
      listAnswer([
        historyItem(3, 'release', 2000, { title: 'Оплата за выполненную заявку №10065', applicationId: 77, applicationNumber: 10065 }),
        historyItem(2, 'hold', 5000, { title: 'Оплата по заявке №12 удерживается до приёмки работ', applicationId: 12, applicationNumber: 12 }),
        historyItem(1, 'withdrawal', -399.5, { title: 'Вывод средств на банковский счёт (выплата №1)', payoutId: 1, payoutStatus: 'completed' }),
      ], { limit: 20 }),
  });
  renderPage();
  const [release, hold, withdrawal] = await within(region('История операций')).findAllByRole('listitem');
  // The words stay the API's title; its application part is the link.
  expect(release).toHaveTextContent('Оплата за выполненную заявку №10065');
  expect(within(release!).getByRole('link', { name: 'заявку №10065' })).toHaveAttribute('href', '/lk/application/detail/77');
  expect(hold).toHaveTextContent('Оплата по заявке №12 удерживается до приёмки работ');
  expect(within(hold!).getByRole('link', { name: 'заявке №12' })).toHaveAttribute('href', '/lk/application/detail/12');
  expect(within(withdrawal!).queryByRole('link')).not.toBeInTheDocument();
});

test('an application line whose title does not name it still leads to it', async () => {
  serveMoney({
    'GET balance/history/get-collection': () => listAnswer([historyItem(4, 'refund', 500, { title: 'Возврат оплаты', applicationId: 77, applicationNumber: 10065 })], { limit: 20 }),
  });
  renderPage();
  const [row] = await within(region('История операций')).findAllByRole('listitem');
  // «№ 10065», as the rest of the app writes an application's number.
  expect(row).toHaveTextContent('Возврат оплаты (заявка № 10065)');
  expect(within(row!).getByRole('link', { name: 'заявка № 10065' })).toHaveAttribute('href', '/lk/application/detail/77');
});

test('a title naming another number that starts with the line’s (№ 10105, the line’s 1010) does not link part of it (QA DD-10)', async () => {
  serveMoney({
    'GET balance/history/get-collection': () =>
      listAnswer([historyItem(4, 'refund', 500, { title: 'Возврат оплаты по заявке № 10105', applicationId: 77, applicationNumber: 1010 })], { limit: 20 }),
  });
  renderPage();
  const [row] = await within(region('История операций')).findAllByRole('listitem');
  expect(row).toHaveTextContent('Возврат оплаты по заявке № 10105 (заявка № 1010)');
  expect(within(row!).getAllByRole('link').map((link) => link.textContent)).toEqual(['заявка № 1010']);
  expect(within(row!).getByRole('link', { name: 'заявка № 1010' })).toHaveAttribute('href', '/lk/application/detail/77');
});

test('the profile type says what comes onto the balance: an executor is paid for work, a customer gets refunds, an organisation either', async () => {
  const said = {
    executor: 'Деньги за выполненные заявки, история операций и вывод на банковский счёт.',
    customer: 'Возвраты оплаты по заявкам, история операций и вывод на банковский счёт.',
    organization: 'Деньги за выполненные заявки и возвраты оплаты, история операций и вывод на банковский счёт.',
  } as const;
  for (const [type, description] of Object.entries(said) as [keyof typeof said, string][]) {
    signInAs(type);
    serveMoney({ 'GET organization/get/profile': () => fail(404, 'Организация не найдена') });
    const { unmount } = renderPage();
    expect(await screen.findByText(description)).toBeInTheDocument();
    expect(screen.queryAllByText(/^Деньги за выполненные заявки/)).toHaveLength(type === 'customer' ? 0 : 1);
    unmount();
  }
});

test('without a profile: «Профиль не выбран» with the way to choose one', async () => {
  signInAs('executor');
  const store = useSessionStore.getState();
  store.setUser({ ...store.user!, activeProfileId: null });
  store.setProfiles([]);
  serveMoney({ 'GET user/profile/list': () => ok({ items: [] }) });
  renderPage();
  expect(await screen.findByText('Профиль не выбран')).toBeInTheDocument();
  expect(screen.getByText('Баланс ведётся для каждого профиля отдельно.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Выбрать профиль' })).toHaveAttribute('href', '/lk/profile');
  expect(screen.queryByText(/^Деньги за выполненные заявки/)).not.toBeInTheDocument();
});

test('a hold is shown as not changing the balance', async () => {
  serveMoney({ 'GET balance/history/get-collection': () => listAnswer([historyItem(9, 'hold', 5000, { title: 'Оплата по заявке №12 удерживается до приёмки работ' })], { limit: 20 }) });
  renderPage();
  const [row] = await within(region('История операций')).findAllByRole('listitem');
  expect(row).toHaveTextContent('Оплата по заявке №12 удерживается до приёмки работ');
  expect(row).toHaveTextContent('не влияет на баланс');
  expect(within(row!).getByText('5 000 ₽')).toHaveClass('money-history__amount--neutral');
});

test('a failed payout: its withdrawal says «Не выполнено» and why; the line that returns the money says so in its title, not twice', async () => {
  const reason = 'Банк отклонил перевод (тестовый отказ: сумма с 13 копейками)';
  serveMoney({
    'GET balance/history/get-collection': () =>
      listAnswer([
        historyItem(8, 'payout_failed', 399.5, { title: 'Возврат на баланс: выплата № 1 не выполнена', payoutId: 1, payoutStatus: 'failed', payoutFailureReason: reason }),
        historyItem(7, 'withdrawal', -399.5, { title: 'Вывод средств на банковский счёт ••••2345 (выплата № 1)', payoutId: 1, payoutStatus: 'failed', payoutFailureReason: reason }),
      ], { limit: 20 }),
  });
  renderPage();
  const [returned, withdrawn] = await within(region('История операций')).findAllByRole('listitem');
  expect(returned).toHaveTextContent('Возврат на баланс: выплата № 1 не выполнена');
  expect(returned).not.toHaveTextContent('Не выполнено');
  expect(returned).not.toHaveTextContent('Причина');
  expect(within(returned!).getByText('+399,50 ₽')).toHaveClass('money-history__amount--in');
  expect(withdrawn).toHaveTextContent('Вывод средств на банковский счёт ••••2345 (выплата № 1)');
  expect(withdrawn).toHaveTextContent('· Не выполнено');
  // The bank's answer is on the balance page, not only in the bell.
  expect(within(withdrawn!).getByText(`Причина: ${reason}`)).toBeInTheDocument();
  expect(within(withdrawn!).getByText('−399,50 ₽')).toHaveClass('money-history__amount--out');
});

test('pages the history by ?page=', async () => {
  const api = serveMoney({
    'GET balance/history/get-collection': (url) => listAnswer([historyItem(40, 'refund', 10)], { total: 45, page: Number(url.searchParams.get('page')), limit: 20 }),
  });
  renderPage('/lk/money?page=2');
  const pages = await screen.findByRole('navigation', { name: 'Страницы' });
  expect(within(pages).getByRole('link', { name: 'Страница 3' })).toHaveAttribute('href', '/lk/money?page=3');
  expect(within(pages).getByRole('link', { name: 'Страница 1' })).toHaveAttribute('href', '/lk/money');
  expect(Object.fromEntries(api.callsTo('balance/history/get-collection')[0]!.query)).toEqual({ page: '2', limit: '20' });
});

test('«Вперёд» to the last page of the history (gone there, and the rows have no control) leaves the focus on the new page’s list, not on the body', async () => {
  serveMoney({
    'GET balance/history/get-collection': (url) => listAnswer([historyItem(Number(url.searchParams.get('page')) * 100, 'refund', 10)], { total: 45, page: Number(url.searchParams.get('page')), limit: 20 }),
  });
  renderPage('/lk/money?page=2');
  const pages = await screen.findByRole('navigation', { name: 'Страницы' });
  within(pages).getByRole('link', { name: 'Вперёд' }).focus();
  await userEvent.keyboard('{Enter}');

  await waitFor(() => expect(within(region('История операций')).queryByRole('link', { name: 'Вперёд' })).not.toBeInTheDocument());
  await waitFor(() => expect(within(region('История операций')).getByRole('list', { name: 'История операций' })).toHaveFocus());
});

test('the history shown first takes no focus', async () => {
  serveMoney();
  renderPage();
  await within(region('История операций')).findAllByRole('listitem');
  expect(document.body).toHaveFocus();
});

test('empty history and no requisites: empty states, and no withdrawal without a requisite', async () => {
  serveMoney({ 'GET balance/history/get-collection': () => listAnswer([], { limit: 20 }) }, { requisites: [] });
  renderPage();
  expect(await within(region('История операций')).findByText('Операций пока нет', { selector: '.ui-state__title' })).toBeInTheDocument();
  expect(await within(region('Банковские реквизиты')).findByText('Реквизитов пока нет')).toBeInTheDocument();
  expect(within(region('Банковские реквизиты')).getByRole('button', { name: 'Добавить реквизиты' })).toBeInTheDocument();
  expect(await within(region('Доступно для вывода')).findByText('Чтобы вывести средства, добавьте банковские реквизиты в рублях.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Вывести средства' })).not.toBeInTheDocument();
});

test('requisites in other currencies only: no withdrawal, and the balance says why the listed accounts do not count', async () => {
  serveMoney({}, { requisites: [requisite(7, { currency: USD, account: '40817840899910004312' })] });
  renderPage();
  expect(await within(region('Банковские реквизиты')).findByRole('heading', { name: 'Иван Петров' })).toBeInTheDocument();
  expect(await within(region('Доступно для вывода')).findByText(`${OTHER_CURRENCY_HINT}. ${NO_PAYOUT_TARGET_REASON}`)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Вывести средства' })).not.toBeInTheDocument();
});

test('an empty history says «Операций пока нет» once to a screen reader: the status region, not again the title', async () => {
  serveMoney({ 'GET balance/history/get-collection': () => listAnswer([], { limit: 20 }) });
  renderPage();
  const history = region('История операций');
  await within(history).findByText('Операций пока нет', { selector: '.ui-state__title' });
  const heard = within(history)
    .getAllByText('Операций пока нет')
    .filter((node) => !node.closest('[aria-hidden="true"]'));
  expect(heard).toHaveLength(1);
  expect(heard[0]!.closest('[role="status"]')).toHaveTextContent(/^Операций пока нет$/);
  // What follows the title is still read.
  expect(within(history).getByText('Здесь появятся оплаты по заявкам, комиссии, возвраты и выводы средств.')).not.toHaveAttribute('aria-hidden');
});

test('requisites that failed to load: the balance says why it cannot be withdrawn, and a retry brings the button', async () => {
  let failing = true;
  serveMoney({
    'GET bank-requisite/get-collection': () => (failing ? fail(500, 'Реквизиты недоступны') : listAnswer([requisite(5)], { limit: 50 })),
  });
  renderPage();
  const requisites = region('Банковские реквизиты');
  expect(await within(requisites).findByRole('alert')).toHaveTextContent('Реквизиты недоступны');
  expect(within(region('Доступно для вывода')).getByText(REQUISITES_FAILED_REASON)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Вывести средства' })).not.toBeInTheDocument();
  failing = false;
  await userEvent.click(within(requisites).getByRole('button', { name: 'Повторить' }));
  expect(await screen.findByRole('button', { name: 'Вывести средства' })).toBeInTheDocument();
  expect(screen.queryByText(REQUISITES_FAILED_REASON)).not.toBeInTheDocument();
});

test.each([
  ['Доступно для вывода', 'GET balance/get/token', () => ok({ profileId: 12, amount: 1500.5, currency: 'RUB' }), 'Баланс недоступен'],
  ['Банковские реквизиты', 'GET bank-requisite/get-collection', () => listAnswer([requisite(5)], { limit: 50 }), 'Реквизиты недоступны'],
])('«Повторить» of «%s» stays, busy and focused, until the answer; then the focus goes to the section’s heading, not to the body', async (name, call, answer, refusal) => {
  const asked = failsUntilRetried(() => fail(500, refusal), answer);
  serveMoney({ [call]: asked.handler });
  renderPage();
  const section = region(name);
  expect(await within(section).findByRole('alert')).toHaveTextContent(refusal);
  const retry = within(section).getByRole('button', { name: 'Повторить' });
  await asked.retry(retry);
  // Nothing new is said meanwhile.
  expect(within(section).getByRole('alert')).toHaveTextContent(refusal);

  asked.answer();
  await waitFor(() => expect(within(section).queryByRole('alert')).not.toBeInTheDocument());
  expect(within(section).getByRole('heading', { level: 2, name })).toHaveFocus();
});

test('a failed history shows the error with a retry', async () => {
  let failing = true;
  serveMoney({
    'GET balance/history/get-collection': () => (failing ? fail(500, 'История недоступна') : listAnswer([historyItem(1, 'release', 10)], { limit: 20 })),
  });
  renderPage();
  const history = region('История операций');
  expect(await within(history).findByRole('alert')).toHaveTextContent('История недоступна');
  failing = false;
  await userEvent.click(within(history).getByRole('button', { name: 'Повторить' }));
  expect(await within(history).findByText('+10 ₽')).toBeInTheDocument();
});

test("an organisation's employee sees the balance but cannot withdraw or change requisites, and is told why", async () => {
  signInAs('organization', 20);
  serveMoney({
    'GET organization/get/profile': () =>
      ok({ id: 20, name: 'ООО «Ромашка»', inn: '7707083893', kpp: null, ogrn: null, address: null, description: null,
        director: { userId: 9, name: 'Пётр Сидоров' }, role: 'employee', active: true, documents: [] }),
  });
  renderPage();
  expect(await screen.findByText('Выводить средства организации может только её руководитель.')).toBeInTheDocument();
  expect(screen.getByText('Реквизиты организации добавляет и изменяет её руководитель.')).toBeInTheDocument();
  await within(region('Банковские реквизиты')).findByRole('heading', { name: 'Иван Петров' });
  expect(screen.queryByRole('button', { name: /Вывести средства|Добавить реквизиты|Изменить|Удалить/ })).not.toBeInTheDocument();
});

test("an employee of an organisation with no requisites is not invited to add them (only the director may)", async () => {
  signInAs('organization', 20);
  serveMoney({
    'GET user/profile/list': () => ok({ items: [{ id: 20, type: 'organization', name: 'ООО «Ромашка»', active: true, role: 'employee' }] }),
    'GET bank-requisite/get-collection': () => listAnswer([], { limit: 50 }),
  });
  renderPage();
  const requisites = region('Банковские реквизиты');
  expect(await within(requisites).findByText('Реквизитов пока нет')).toBeInTheDocument();
  expect(within(requisites).getByText('Руководитель ещё не добавил счёт организации для вывода денег.')).toBeInTheDocument();
  expect(within(requisites).queryByText(/Добавьте счёт/)).not.toBeInTheDocument();
  expect(within(requisites).queryByRole('button', { name: 'Добавить реквизиты' })).not.toBeInTheDocument();
});

test("the employee's role from the profile list is enough: no organisation lookup", async () => {
  signInAs('organization', 20);
  const api = serveMoney({
    'GET user/profile/list': () => ok({ items: [{ id: 20, type: 'organization', name: 'ООО «Ромашка»', active: true, role: 'employee' }] }),
  });
  renderPage();
  expect(await screen.findByText('Выводить средства организации может только её руководитель.')).toBeInTheDocument();
  expect(api.callsTo('organization/get/profile')).toEqual([]);
});

test("an organisation's director withdraws and manages requisites", async () => {
  signInAs('organization', 20);
  serveMoney({
    'GET user/profile/list': () => ok({ items: [{ id: 20, type: 'organization', name: 'ООО «Ромашка»', active: true, role: 'director' }] }),
  });
  renderPage();
  expect(await screen.findByRole('button', { name: 'Вывести средства' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Добавить реквизиты' })).toBeInTheDocument();
});

test("a director's new requisites start from the organisation's name, INN and KPP, which stay editable (QA PP-6)", async () => {
  signInAs('organization', 20);
  serveMoney({
    'GET user/profile/list': () => ok({ items: [{ id: 20, type: 'organization', name: 'ООО «Ромашка»', active: true, role: 'director' }] }),
    'GET organization/get/profile': () =>
      ok({ id: 20, name: 'ООО «Ромашка»', inn: '7707083893', kpp: '773601001', ogrn: null, address: null, description: null,
        director: { userId: 7, name: 'Иван Петров' }, role: 'director', active: true, documents: [] }),
  });
  renderPage();
  await userEvent.click(await screen.findByRole('button', { name: 'Добавить реквизиты' }));
  const form = within(await screen.findByRole('dialog', { name: 'Новые реквизиты' }));
  expect(await form.findByLabelText('Получатель')).toHaveValue('ООО «Ромашка»');
  expect(form.getByLabelText('ИНН')).toHaveValue('7707083893');
  expect(form.getByLabelText('КПП')).toHaveValue('773601001');
  expect(form.getByLabelText('БИК банка')).toHaveValue('');
  await userEvent.clear(form.getByLabelText('Получатель'));
  await userEvent.type(form.getByLabelText('Получатель'), 'ООО «Ромашка-2»');
  expect(form.getByLabelText('Получатель')).toHaveValue('ООО «Ромашка-2»');
});

test("a person's new requisites start empty: no organisation is asked for", async () => {
  const api = serveMoney();
  renderPage();
  await userEvent.click(await screen.findByRole('button', { name: 'Добавить реквизиты' }));
  const form = within(await screen.findByRole('dialog', { name: 'Новые реквизиты' }));
  expect(form.getByLabelText('Получатель')).toHaveValue('');
  expect(api.callsTo('organization/get/profile')).toEqual([]);
});

test('deletes a requisite after confirmation', async () => {
  const api = serveMoney({ 'DELETE bank-requisite/delete': () => ok({ id: 5 }, 'Реквизиты удалены') });
  renderPage();
  await userEvent.click(await screen.findByRole('button', { name: 'Удалить реквизиты «Иван Петров», счёт 40817810899910004312' }));
  const dialog = screen.getByRole('dialog', { name: 'Удалить реквизиты?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Удалить' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(api.callsTo('DELETE bank-requisite/delete')[0]?.query.get('id')).toBe('5');
  expect(toasts).toContainEqual({ type: 'success', message: 'Реквизиты удалены' });
});

test('the deletion asks in the look of a destructive action: «Удалить» is red, «Отмена» has the focus, Escape keeps the requisite', async () => {
  const api = serveMoney();
  renderPage();
  const opener = await screen.findByRole('button', { name: 'Удалить реквизиты «Иван Петров», счёт 40817810899910004312' });
  await userEvent.click(opener);
  const dialog = screen.getByRole('dialog', { name: 'Удалить реквизиты?' });
  expect(within(dialog).getByRole('button', { name: 'Удалить' })).toHaveClass('ui-button--danger');
  expect(within(dialog).getByRole('button', { name: 'Отмена' })).toHaveFocus();
  await userEvent.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(opener).toHaveFocus();
  expect(api.callsTo('DELETE bank-requisite/delete')).toEqual([]);
});

test('once a deleted requisite is gone, the focus goes to the next one’s «Удалить», else the one before, else to «Добавить реквизиты»', async () => {
  const requisites = [requisite(5, { recipientName: 'Первый' }), requisite(6, { recipientName: 'Второй' }), requisite(7, { recipientName: 'Третий' })];
  serveMoney(
    {
      'DELETE bank-requisite/delete': (url) => {
        requisites.splice(requisites.findIndex((r) => String(r.id) === url.searchParams.get('id')), 1);
        return ok({ id: Number(url.searchParams.get('id')) }, 'Реквизиты удалены');
      },
    },
    { requisites },
  );
  renderRoutes([{ path: '/lk/money', Component: () => <main><MoneyPage /></main> }], '/lk/money');
  const user = userEvent.setup();
  const deleteButton = (name: string) => screen.getByRole('button', { name: `Удалить реквизиты «${name}», счёт 40817810899910004312` });
  const remove = async (name: string) => {
    deleteButton(name).focus();
    await user.keyboard('{Enter}');
    await user.click(within(screen.getByRole('dialog', { name: 'Удалить реквизиты?' })).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('article', { name })).not.toBeInTheDocument());
  };
  await screen.findByRole('article', { name: 'Второй' });

  await remove('Второй');
  await waitFor(() => expect(deleteButton('Третий')).toHaveFocus());
  await remove('Третий');
  await waitFor(() => expect(deleteButton('Первый')).toHaveFocus());
  await remove('Первый');
  await waitFor(() => expect(screen.getByRole('button', { name: 'Добавить реквизиты' })).toHaveFocus());
});

test('a recipient whose name has its own quotes is not quoted twice in the buttons’ names', async () => {
  serveMoney({}, { requisites: [requisite(5, { recipientName: 'ООО «Ромашка»', inn: '7707083893' })] });
  renderPage();
  expect(await screen.findByRole('button', { name: 'Изменить реквизиты ООО «Ромашка», счёт 40817810899910004312' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Удалить реквизиты ООО «Ромашка», счёт 40817810899910004312' })).toBeInTheDocument();
});

test('a requisite deleted meanwhile (another tab): the delete says so, closes, and the list is asked again without it', async () => {
  const requisites = [requisite(5)];
  const api = serveMoney(
    {
      'DELETE bank-requisite/delete': () => {
        requisites.splice(0);
        return fail(404, 'Реквизиты не найдены');
      },
    },
    { requisites },
  );
  renderPage();
  await userEvent.click(await screen.findByRole('button', { name: 'Удалить реквизиты «Иван Петров», счёт 40817810899910004312' }));
  await userEvent.click(within(screen.getByRole('dialog', { name: 'Удалить реквизиты?' })).getByRole('button', { name: 'Удалить' }));

  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(toasts).toContainEqual({ type: 'info', message: REQUISITE_ALREADY_DELETED });
  expect(await within(region('Банковские реквизиты')).findByText('Реквизитов пока нет')).toBeInTheDocument();
  expect(api.callsTo('GET bank-requisite/get-collection').length).toBeGreaterThan(1);
});

test('a refused delete keeps the server’s reason in the dialog and the requisite in the list; the error toast (spec §7) shows it, silent', async () => {
  serveMoney({ 'DELETE bank-requisite/delete': () => fail(409, 'Реквизиты используются в незавершённом выводе средств') });
  renderPage();
  await userEvent.click(await screen.findByRole('button', { name: 'Удалить реквизиты «Иван Петров», счёт 40817810899910004312' }));
  const dialog = screen.getByRole('dialog', { name: 'Удалить реквизиты?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Удалить' }));

  expect(await within(dialog).findByRole('alert')).toHaveTextContent('Реквизиты используются в незавершённом выводе средств');
  expect(screen.getByRole('article', { name: 'Иван Петров' })).toBeInTheDocument();
  expect(toasts.filter((toast) => toast.type === 'error')).toEqual([{ type: 'error', message: 'Реквизиты используются в незавершённом выводе средств', silent: true }]);
});
