import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NETWORK_ERROR_MESSAGE, useSessionStore } from 'shared';
import { fail, listAnswer, ok, renderRoutes, setUpPageTests } from 'shared/testing';
import { Component as MoneyPage } from '../../pages/money-page';
import { historyItem, requisite, serveMoney, signInAs } from './testing';

/** /lk/money as a screen reader gets it: each history line said once, the loading and the failures. */
setUpPageTests(() => signInAs('executor'));

const renderPage = () => renderRoutes([{ path: '/lk/money', Component: MoneyPage }], '/lk/money');
const region = (name: string) => screen.getByRole('region', { name });
/** An answer that never comes: the section stays loading. */
const never = () => new Promise<never>(() => {});

test('each history line says what it is once: the title the API gives, no kind word before it that repeats it', async () => {
  // The titles as the API builds them (api/src/modules/money/cabinet.ts), each of its kinds.
  const lines = [
    historyItem(7, 'withdrawal', -399.5, { title: 'Вывод средств на банковский счёт (выплата №2)', payoutId: 2, payoutStatus: 'completed' }),
    historyItem(6, 'payout_failed', 100, { title: 'Возврат на баланс: выплата №1 не выполнена', payoutId: 1 }),
    historyItem(5, 'refund', 10, { title: 'Возврат оплаты по заявке №12' }),
    historyItem(4, 'fee', -100, { title: 'Комиссия платформы по заявке №12' }),
    historyItem(3, 'release', 2000, { title: 'Оплата за выполненную заявку №12' }),
    historyItem(2, 'hold', 5000, { title: 'Оплата по заявке №12 удерживается до приёмки работ' }),
    historyItem(1, 'opening', 1000, { title: 'Остаток на начало учёта' }),
  ];
  serveMoney({ 'GET balance/history/get-collection': () => listAnswer(lines, { limit: 20 }) });
  renderPage();
  const rows = await within(region('История операций')).findAllByRole('listitem');
  expect(rows).toHaveLength(lines.length);
  rows.forEach((row, i) => expect(row.textContent).toMatch(new RegExp(`^${lines[i]!.title.replace(/[()]/g, '\\$&')}`)));
  expect(rows[0]!.textContent!.match(/Вывод/g)).toHaveLength(1);
  expect(rows[0]).toHaveTextContent('Выплачено');
  expect(rows[5]).toHaveTextContent('не влияет на баланс');
});

test('while the sections load, a screen reader is told so once each, in words: balance, history, requisites', async () => {
  serveMoney({ 'GET balance/get/token': never, 'GET balance/history/get-collection': never, 'GET bank-requisite/get-collection': never });
  renderPage();
  const said = {
    'Доступно для вывода': 'Загружаем баланс…',
    'История операций': 'Загружаем историю операций…',
    'Банковские реквизиты': 'Загружаем реквизиты…',
  };
  for (const [section, words] of Object.entries(said)) {
    const status = await within(region(section)).findByRole('status');
    expect(status).toHaveTextContent(words);
    // The words are the region's content (what a live region says), not a name on top of them.
    expect(status).not.toHaveAccessibleName();
    expect(screen.getAllByText(words)).toHaveLength(1);
  }
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('all three sections failing at once: one alert names them, each section keeps its error and its own «Повторить»', async () => {
  let failing = true;
  serveMoney({
    'GET balance/get/token': () => (failing ? fail(500, 'Сервер недоступен') : ok({ profileId: 12, amount: 1500.5, currency: 'RUB' })),
    'GET balance/history/get-collection': () => (failing ? fail(500, 'Сервер недоступен') : listAnswer([historyItem(1, 'release', 10)], { limit: 20 })),
    'GET bank-requisite/get-collection': () => (failing ? fail(500, 'Сервер недоступен') : listAnswer([requisite(5)], { limit: 50 })),
  });
  renderPage();
  await waitFor(() => expect(screen.getAllByRole('button', { name: 'Повторить' })).toHaveLength(3));
  const alerts = screen.getAllByRole('alert');
  expect(alerts).toHaveLength(1);
  expect(alerts[0]).toHaveTextContent('Не удалось загрузить баланс, историю операций и банковские реквизиты: Сервер недоступен. Повторить загрузку можно в каждом разделе.');
  for (const section of ['Доступно для вывода', 'История операций', 'Банковские реквизиты']) {
    expect(within(region(section)).getByText(/Сервер недоступен/)).toBeInTheDocument();
    expect(within(region(section)).getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
  }

  // A retry in one section: its content comes, nothing more is alerted, the others wait for theirs.
  failing = false;
  await userEvent.click(within(region('История операций')).getByRole('button', { name: 'Повторить' }));
  expect(await within(region('История операций')).findByText('+10 ₽')).toBeInTheDocument();
  expect(within(region('История операций')).getByRole('heading', { level: 2, name: 'История операций' })).toHaveFocus();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(within(region('Банковские реквизиты')).getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
});

test('two sections failing: one alert names both; the reasons differ, so each is said in its section', async () => {
  serveMoney({
    'GET balance/get/token': () => fail(500, 'Баланс недоступен'),
    'GET bank-requisite/get-collection': () => fail(503, 'Реквизиты недоступны'),
  });
  renderPage();
  await waitFor(() => expect(screen.getAllByRole('button', { name: 'Повторить' })).toHaveLength(2));
  await within(region('История операций')).findAllByRole('listitem');
  expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
    'Не удалось загрузить баланс и банковские реквизиты. Повторить загрузку можно в каждом разделе.',
  ]);
  expect(within(region('Доступно для вывода')).getByText(/Баланс недоступен/)).toBeInTheDocument();
  expect(within(region('Банковские реквизиты')).getByText('Реквизиты недоступны')).toBeInTheDocument();
});

test('one section failing while the others still load: its alert waits for them, then is its own, said once', async () => {
  const held: Array<() => void> = [];
  serveMoney({
    'GET balance/get/token': () => fail(500, 'Баланс недоступен'),
    'GET bank-requisite/get-collection': () => new Promise((resolve) => held.push(() => resolve(listAnswer([requisite(5)], { limit: 50 })))),
  });
  renderPage();
  await within(region('История операций')).findAllByRole('listitem');
  await waitFor(() => expect(held).toHaveLength(1));
  // Not yet known whether the page fails as a whole: still «loading», no alert.
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(within(region('Доступно для вывода')).getByRole('status')).toHaveTextContent('Загружаем баланс…');
  held.shift()!();
  const alert = await within(region('Доступно для вывода')).findByRole('alert');
  expect(alert).toHaveTextContent('Не удалось загрузить баланс: Баланс недоступен');
  expect(screen.getAllByRole('alert')).toHaveLength(1);
});

test('a section quiet under the summary speaks for itself again once it has loaded: another page of the history failing is its own alert', async () => {
  let failing = true;
  serveMoney({
    'GET balance/history/get-collection': (url) =>
      failing || url.searchParams.get('page') === '2'
        ? fail(500, 'История недоступна')
        : listAnswer([historyItem(1, 'release', 10)], { total: 25, page: 1, limit: 20 }),
    'GET bank-requisite/get-collection': () => fail(500, 'Реквизиты недоступны'),
  });
  renderPage();
  await waitFor(() => expect(screen.getAllByRole('button', { name: 'Повторить' })).toHaveLength(2));
  expect(screen.getAllByRole('alert')).toHaveLength(1);
  failing = false;
  await userEvent.click(within(region('История операций')).getByRole('button', { name: 'Повторить' }));
  await within(region('История операций')).findByText('+10 ₽');

  await userEvent.click(within(region('История операций')).getByRole('link', { name: 'Вперёд' }));
  expect(await within(region('История операций')).findByRole('alert')).toHaveTextContent('История недоступна');
  // The requisites' failure is not said again.
  expect(screen.getAllByRole('alert')).toHaveLength(1);
});

test('the list of profiles not come: says why, as the public lists do, and «Повторить» asks again (QA AAZ-2)', async () => {
  useSessionStore.getState().setProfiles([]);
  useSessionStore.setState({ activeProfile: null });
  let down = true;
  const api = serveMoney({
    'GET user/profile/list': () => {
      if (down) throw new TypeError('Failed to fetch');
      return listAnswer([{ id: 12, type: 'executor', name: 'Иван Петров', active: true }]);
    },
  });
  renderRoutes([{ path: '/lk/money', Component: MoneyPage }], '/lk/money');
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Не удалось загрузить профиль');
  expect(alert).toHaveTextContent(NETWORK_ERROR_MESSAGE);
  down = false;
  await userEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
  await waitFor(() => expect(api.callsTo('user/profile/list').length).toBeGreaterThan(1));
  expect(await screen.findByText('Баланс')).toBeInTheDocument();
});
