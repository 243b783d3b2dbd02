import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { flushSync } from 'react-dom';
import { fail, ok, renderRoutes, setUpPageTests, type FakeAnswer } from 'shared/testing';
import { Component as MoneyPage } from '../../pages/money-page';
import { OTHER_CURRENCY_HINT, WITHDRAWAL_UNANSWERED } from './components/withdraw-dialog';
import { requisite, serveMoney, signInAs, USD, withdrawalKeys } from './testing';

const toasts = setUpPageTests(() => signInAs('executor'));

const renderPage = () => renderRoutes([{ path: '/lk/money', Component: MoneyPage }], '/lk/money');
const payout = (amount: number, balance: number) => ({
  id: 31,
  amount,
  amountKopecks: Math.round(amount * 100),
  status: 'pending',
  balance,
  balanceKopecks: Math.round(balance * 100),
});

async function openDialog() {
  await userEvent.click(await screen.findByRole('button', { name: 'Вывести средства' }));
  return within(await screen.findByRole('dialog', { name: 'Вывод средств' }));
}

test('sends roubles from exact kopecks with an Idempotency-Key, then refreshes balance and history', async () => {
  let balance = 1500.5;
  const api = serveMoney({
    'GET balance/get/token': () => ok({ profileId: 12, amount: balance, currency: 'RUB' }),
    'POST balance/refund_virtual_account': () => {
      balance = 1500.21;
      return ok(payout(0.29, balance), 'Заявка на вывод средств принята');
    },
  });
  renderPage();
  const dialog = await openDialog();
  // One RUB requisite: chosen already.
  expect(dialog.getByLabelText('Реквизиты для вывода')).toHaveValue('5');
  await userEvent.type(dialog.getByLabelText('Сумма, ₽'), '0,29');
  const historyReads = api.callsTo('balance/history/get-collection').length;
  await userEvent.click(dialog.getByRole('button', { name: 'Вывести' }));

  await waitFor(() => expect(toasts).toContainEqual({ type: 'success', message: 'Заявка на вывод средств принята' }));
  expect(api.callsTo('POST balance/refund_virtual_account')[0]?.body).toEqual({ amount: 0.29, bankRequisiteId: 5 });
  const [key] = withdrawalKeys(api.mock);
  expect(key).toMatch(/^[0-9a-f-]{32,36}$/);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(await screen.findByText('1 500,21 ₽')).toBeInTheDocument();
  await waitFor(() => expect(api.callsTo('balance/history/get-collection').length).toBeGreaterThan(historyReads));
});

test('a retry after a failure sends the same Idempotency-Key; a new opening makes a new one', async () => {
  let attempts = 0;
  const api = serveMoney({
    'POST balance/refund_virtual_account': () => (++attempts === 1 ? { status: 502 } : ok(payout(100, 1400.5))),
  });
  renderPage();
  let dialog = await openDialog();
  await userEvent.type(dialog.getByLabelText('Сумма, ₽'), '100');
  await userEvent.click(dialog.getByRole('button', { name: 'Вывести' }));
  expect(await dialog.findByRole('alert')).toBeInTheDocument();
  await userEvent.click(dialog.getByRole('button', { name: 'Вывести' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

  dialog = await openDialog();
  await userEvent.type(dialog.getByLabelText('Сумма, ₽'), '100');
  await userEvent.click(dialog.getByRole('button', { name: 'Вывести' }));
  await waitFor(() => expect(withdrawalKeys(api.mock)).toHaveLength(3));
  const [first, retry, next] = withdrawalKeys(api.mock);
  expect(first).toBeTruthy();
  expect(retry).toBe(first);
  expect(next).not.toBe(first);
});

describe('a withdrawal whose answer was lost (the server may have paid it out)', () => {
  async function send(dialog: ReturnType<typeof within>, amount: string) {
    await userEvent.type(dialog.getByLabelText('Сумма, ₽'), amount);
    await userEvent.click(dialog.getByRole('button', { name: 'Вывести' }));
  }

  /**
   * A withdrawal of 100 that gets no answer at all (or `lost`, another answer that leaves its fate
   * unknown), and what the dialog says of it; the next ones are answered by `then`.
   */
  async function lostWithdrawal(
    then: () => FakeAnswer = () => ok(payout(100, 1400.5)),
    lost: () => Promise<FakeAnswer> | FakeAnswer = () => Promise.reject(new TypeError('Failed to fetch')),
  ) {
    let attempts = 0;
    const api = serveMoney({ 'POST balance/refund_virtual_account': () => (++attempts === 1 ? lost() : then()) });
    renderPage();
    const dialog = await openDialog();
    await waitFor(() => expect(api.callsTo('balance/history/get-collection').length).toBeGreaterThan(0));
    const reads = { history: api.callsTo('balance/history/get-collection').length, balance: api.callsTo('balance/get/token').length };
    await send(dialog, '100');
    expect(await dialog.findByRole('alert')).toHaveTextContent(WITHDRAWAL_UNANSWERED);
    return { api, dialog, reads };
  }

  async function reopenAndSend(amount: string) {
    await userEvent.click(screen.getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await send(await openDialog(), amount);
  }

  test('says it may have gone through and reads the balance and history again', async () => {
    const { api, reads } = await lostWithdrawal();
    await waitFor(() => expect(api.callsTo('balance/history/get-collection').length).toBeGreaterThan(reads.history));
    expect(api.callsTo('balance/get/token').length).toBeGreaterThan(reads.balance);
  });

  test('closed and opened again, the same amount to the same requisite sends the first one\'s key: no second payout', async () => {
    const { api } = await lostWithdrawal();
    await reopenAndSend('100');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [lost, again] = withdrawalKeys(api.mock);
    expect(lost).toBeTruthy();
    expect(again).toBe(lost);

    // Answered now: a withdrawal of the same amount after it is a new one.
    await send(await openDialog(), '100');
    await waitFor(() => expect(withdrawalKeys(api.mock)).toHaveLength(3));
    expect(withdrawalKeys(api.mock)[2]).not.toBe(lost);
  });

  test('another amount after it is another withdrawal, with its own key', async () => {
    const { api } = await lostWithdrawal();
    await reopenAndSend('50');
    await waitFor(() => expect(withdrawalKeys(api.mock)).toHaveLength(2));
    const [lost, other] = withdrawalKeys(api.mock);
    expect(other).not.toBe(lost);
  });

  // A proxy's 502/504, the API's own 500 and a 200 that cannot be read leave the payout's fate
  // unknown as a dropped connection does: the key outlives the dialog, not only a retry inside it.
  test.each([
    ['a gateway 502', () => ({ status: 502 })],
    ['a gateway 504', () => ({ status: 504 })],
    ['a 500', () => fail(500, 'Внутренняя ошибка сервера')],
    ['an unreadable 200', () => ok({ nonsense: true })],
  ] as [string, () => FakeAnswer][])('after %s, the same withdrawal from a dialog opened again sends the first one\'s key', async (_, first) => {
    let attempts = 0;
    const api = serveMoney({ 'POST balance/refund_virtual_account': () => (++attempts === 1 ? first() : ok(payout(100, 1400.5))) });
    renderPage();
    const dialog = await openDialog();
    await send(dialog, '100');
    expect(await dialog.findByRole('alert')).toBeInTheDocument();
    await reopenAndSend('100');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [lost, again] = withdrawalKeys(api.mock);
    expect(lost).toBeTruthy();
    expect(again).toBe(lost);
  });

  test('after a 422 (a refusal: nothing was paid), the same withdrawal from a dialog opened again is a new one', async () => {
    let attempts = 0;
    const api = serveMoney({
      'POST balance/refund_virtual_account': () => (++attempts === 1 ? fail(422, 'Сумма вывода не прошла проверку') : ok(payout(100, 1400.5))),
    });
    renderPage();
    await send(await openDialog(), '100');
    expect(await screen.findByRole('alert')).toHaveTextContent('Сумма вывода не прошла проверку');
    await reopenAndSend('100');
    await waitFor(() => expect(withdrawalKeys(api.mock)).toHaveLength(2));
    const [refused, next] = withdrawalKeys(api.mock);
    expect(refused).toBeTruthy();
    expect(next).not.toBe(refused);
  });

  // A gateway time-out (a slow bank call behind the proxy) may follow a payout made: the dialog says
  // so as for a dropped connection, not «Внутренняя ошибка сервера».
  test.each([502, 503, 504])('a gateway %i says the payout may have gone through and reads the balance and history again', async (status) => {
    const { api, reads } = await lostWithdrawal(undefined, () => ({ status }));
    await waitFor(() => expect(api.callsTo('balance/history/get-collection').length).toBeGreaterThan(reads.history));
    expect(api.callsTo('balance/get/token').length).toBeGreaterThan(reads.balance);
  });

  test('a refusal (4xx) after it says what became of it: the same amount later is a new withdrawal', async () => {
    const { api, dialog } = await lostWithdrawal(() => fail(409, 'Недостаточно средств на балансе'));
    await userEvent.click(dialog.getByRole('button', { name: 'Вывести' }));
    await waitFor(() => expect(dialog.getByRole('alert')).toHaveTextContent('Недостаточно средств на балансе'));
    await reopenAndSend('100');
    await waitFor(() => expect(withdrawalKeys(api.mock)).toHaveLength(3));
    const [lost, refused, next] = withdrawalKeys(api.mock);
    expect(refused).toBe(lost);
    expect(next).not.toBe(lost);
  });
});

test('shows 409 insufficient funds in the dialog, its error toast (spec §7) silent; a changed amount is a new operation with a new key', async () => {
  const api = serveMoney({
    'POST balance/refund_virtual_account': (_url, init) =>
      (JSON.parse(String(init?.body)) as { amount: number }).amount > 1000 ? fail(409, 'Недостаточно средств на балансе') : ok(payout(1000, 500.5)),
  });
  renderPage();
  const dialog = await openDialog();
  await userEvent.type(dialog.getByLabelText('Сумма, ₽'), '1500,50');
  await userEvent.click(dialog.getByRole('button', { name: 'Вывести' }));
  expect(await dialog.findByRole('alert')).toHaveTextContent('Недостаточно средств на балансе');
  expect(toasts.filter((toast) => toast.type === 'error')).toEqual([{ type: 'error', message: 'Недостаточно средств на балансе', silent: true }]);
  expect(api.callsTo('POST balance/refund_virtual_account')[0]?.body).toEqual({ amount: 1500.5, bankRequisiteId: 5 });

  await userEvent.clear(dialog.getByLabelText('Сумма, ₽'));
  await userEvent.type(dialog.getByLabelText('Сумма, ₽'), '1000');
  await userEvent.click(dialog.getByRole('button', { name: 'Вывести' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  const [first, second] = withdrawalKeys(api.mock);
  expect(second).not.toBe(first);
});

test('checks the amount before sending: format, more than the balance, no requisite chosen', async () => {
  const api = serveMoney({}, { requisites: [requisite(5), requisite(6, { account: '40702810938000000001' }), requisite(7, { currency: USD })] });
  renderPage();
  const dialog = await openDialog();
  // Payouts go to RUB requisites only.
  expect(within(dialog.getByLabelText('Реквизиты для вывода')).getAllByRole('option')).toHaveLength(3);
  await userEvent.type(dialog.getByLabelText('Сумма, ₽'), '10,555');
  await userEvent.click(dialog.getByRole('button', { name: 'Вывести' }));
  // Said on the field (and, sent from it, once more as a status): asserted where it belongs.
  await waitFor(() => expect(dialog.getByLabelText('Сумма, ₽')).toHaveAccessibleDescription(expect.stringContaining('Сумма — не точнее копеек: не больше двух цифр после запятой')));
  await userEvent.clear(dialog.getByLabelText('Сумма, ₽'));
  await userEvent.type(dialog.getByLabelText('Сумма, ₽'), '1500,51');
  await userEvent.click(dialog.getByRole('button', { name: 'Вывести' }));
  await waitFor(() => expect(dialog.getByLabelText('Сумма, ₽')).toHaveAccessibleDescription(/Сумма больше доступной: 1\s500,50\s₽/));
  await userEvent.clear(dialog.getByLabelText('Сумма, ₽'));
  await userEvent.type(dialog.getByLabelText('Сумма, ₽'), '100');
  await userEvent.click(dialog.getByRole('button', { name: 'Вывести' }));
  // The USD requisite left out is said first, as the select's hint (then its error).
  await waitFor(() => expect(dialog.getByLabelText('Реквизиты для вывода')).toHaveAccessibleDescription(`${OTHER_CURRENCY_HINT} Выберите реквизиты`));
  expect(api.callsTo('POST balance/refund_virtual_account')).toEqual([]);
});

test(`requisites in another currency left out of the choice are said under it: «${OTHER_CURRENCY_HINT}»`, async () => {
  serveMoney({}, { requisites: [requisite(5), requisite(7, { currency: USD, account: '40817840899910004312' })] });
  renderPage();
  const dialog = await openDialog();
  const select = dialog.getByLabelText('Реквизиты для вывода');
  expect(within(select).getAllByRole('option').map((option) => option.getAttribute('value'))).toEqual(['', '5']);
  expect(dialog.getByText(OTHER_CURRENCY_HINT)).toBeInTheDocument();
  // Read with the select, after the chosen account.
  expect(select).toHaveAccessibleDescription(`Счёт 40817810899910004312, ПАО Сбербанк, получатель: Иван Петров ${OTHER_CURRENCY_HINT}`);
});

test('with rouble requisites only, nothing is said of other currencies', async () => {
  serveMoney({}, { requisites: [requisite(5), requisite(6, { account: '40702810938000000001' })] });
  renderPage();
  const dialog = await openDialog();
  expect(dialog.queryByText(OTHER_CURRENCY_HINT)).not.toBeInTheDocument();
  expect(dialog.getByLabelText('Реквизиты для вывода')).not.toHaveAccessibleDescription();
});

test('on a phone the choice shows the account\'s last digits first (a narrow select cuts the end), and the chosen account in full under it', async () => {
  const long = 'Общество с ограниченной ответственностью «Ромашка и партнёры»';
  serveMoney({}, { requisites: [requisite(5, { recipientName: long }), requisite(6, { account: '40702810938000000001' })] });
  renderPage();
  const dialog = await openDialog();
  const select = dialog.getByLabelText('Реквизиты для вывода');
  const labels = within(select).getAllByRole('option').map((option) => option.textContent);
  expect(labels).toEqual(['Выберите счёт', `•••• 4312 · ПАО Сбербанк · ${long}`, '•••• 0001 · ПАО Сбербанк · Иван Петров']);
  expect(select).not.toHaveAccessibleDescription();

  await userEvent.selectOptions(select, '6');
  // The whole number, the bank and the recipient, in a paragraph that wraps; read with the select.
  expect(select).toHaveAccessibleDescription('Счёт 40702810938000000001, ПАО Сбербанк, получатель: Иван Петров');
  await userEvent.selectOptions(select, '5');
  expect(select).toHaveAccessibleDescription(`Счёт 40817810899910004312, ПАО Сбербанк, получатель: ${long}`);
});

test('a refused check puts the focus on the field to correct, so its message is read, not on «Вывести»', async () => {
  serveMoney({}, { requisites: [requisite(5), requisite(6, { account: '40702810938000000001' })] });
  renderPage();
  const dialog = await openDialog();
  const amount = dialog.getByLabelText('Сумма, ₽');
  await userEvent.click(dialog.getByRole('button', { name: 'Вывести' }));
  expect(amount).toHaveFocus();
  expect(amount).toHaveAccessibleDescription(expect.stringContaining('Укажите сумму'));

  await userEvent.type(amount, '100');
  await userEvent.click(dialog.getByRole('button', { name: 'Вывести' }));
  expect(dialog.getByLabelText('Реквизиты для вывода')).toHaveFocus();
  expect(dialog.getByLabelText('Реквизиты для вывода')).toHaveAccessibleDescription('Выберите реквизиты');
});

test('one press of «Вывести» on the empty form says every field to correct: the amount (focused) and the requisite, not one after the other', async () => {
  const api = serveMoney({}, { requisites: [requisite(5), requisite(6, { account: '40702810938000000001' })] });
  renderPage();
  const dialog = await openDialog();
  await userEvent.click(dialog.getByRole('button', { name: 'Вывести' }));

  const amount = dialog.getByLabelText('Сумма, ₽');
  expect(amount).toHaveFocus();
  expect(amount).toHaveAccessibleDescription(expect.stringContaining('Укажите сумму'));
  expect(dialog.getByLabelText('Реквизиты для вывода')).toHaveAttribute('aria-invalid', 'true');
  expect(dialog.getByLabelText('Реквизиты для вывода')).toHaveAccessibleDescription('Выберите реквизиты');
  expect(api.callsTo('POST balance/refund_virtual_account')).toEqual([]);
});

test('an amount refused with Enter in its field, where the focus stays, is still heard: once, as a status', async () => {
  serveMoney();
  renderPage();
  const dialog = await openDialog();
  expect(dialog.getByRole('status')).toBeEmptyDOMElement();
  const amount = dialog.getByLabelText('Сумма, ₽');
  await userEvent.type(amount, '9000000{Enter}');

  expect(amount).toHaveFocus();
  expect(amount).toHaveAccessibleDescription(/Сумма больше доступной: 1\s500,50\s₽/);
  expect(dialog.getByRole('status')).toHaveTextContent('Сумма больше доступной: 1 500,50 ₽');
  // A changed amount takes back what was said of the last one.
  await userEvent.type(amount, '{Backspace}');
  expect(dialog.getByRole('status')).toBeEmptyDOMElement();
});

test('refused from «Вывести», the focus comes to the amount and reads its message: the status says nothing more', async () => {
  serveMoney();
  renderPage();
  const dialog = await openDialog();
  const amount = dialog.getByLabelText('Сумма, ₽');
  await userEvent.type(amount, '9000000');
  // Tabbed to «Вывести» (a click leaves the focus in the field: that is the case above).
  dialog.getByRole('button', { name: 'Вывести' }).focus();
  await userEvent.keyboard('{Enter}');

  expect(amount).toHaveFocus();
  expect(amount).toHaveAccessibleDescription(expect.stringContaining('Сумма больше доступной'));
  expect(dialog.getByRole('status')).toBeEmptyDOMElement();
});

test('the dialog closes with Escape and gives the focus back to its button', async () => {
  serveMoney();
  renderPage();
  await openDialog();
  await userEvent.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Вывести средства' })).toHaveFocus();
});

/** The requisites, of which the first is deleted (in another tab) as a withdrawal to it is sent: the API's 404. */
function serveFirstRequisiteDeletedBySending(requisites: ReturnType<typeof requisite>[]) {
  serveMoney({
    'POST balance/refund_virtual_account': () => {
      requisites.splice(0, 1);
      return fail(404, 'Банковские реквизиты не найдены');
    },
  }, { requisites });
}

test('a withdrawal to a requisite deleted meanwhile (another tab): the reason stays, the requisites are asked again and the gone one is no longer chosen', async () => {
  serveFirstRequisiteDeletedBySending([requisite(5), requisite(6, { recipientName: 'Мария Петрова' })]);
  renderPage();
  const dialog = await openDialog();
  await userEvent.type(dialog.getByLabelText('Сумма, ₽'), '100');
  await userEvent.selectOptions(dialog.getByLabelText('Реквизиты для вывода'), '5');
  await userEvent.click(dialog.getByRole('button', { name: 'Вывести' }));

  expect(await dialog.findByRole('alert')).toHaveTextContent('Банковские реквизиты не найдены');
  await waitFor(() => expect(dialog.queryByRole('option', { name: /Иван Петров/ })).not.toBeInTheDocument());
  expect(dialog.getByLabelText('Реквизиты для вывода')).toHaveValue('');
  await userEvent.click(dialog.getByRole('button', { name: 'Вывести' }));
  await waitFor(() => expect(dialog.getByLabelText('Реквизиты для вывода')).toHaveAccessibleDescription('Выберите реквизиты'));
});

test('the only requisite deleted meanwhile: the dialog says to add one, not «Выберите реквизиты» with nothing to choose (QA MMM-5)', async () => {
  serveFirstRequisiteDeletedBySending([requisite(5)]);
  renderPage();
  const dialog = await openDialog();
  await userEvent.type(dialog.getByLabelText('Сумма, ₽'), '100');
  await userEvent.click(dialog.getByRole('button', { name: 'Вывести' }));

  expect(await dialog.findByRole('alert')).toHaveTextContent('Банковские реквизиты не найдены');
  const select = dialog.getByLabelText('Реквизиты для вывода');
  await waitFor(() => expect(select).toHaveAccessibleDescription('Чтобы вывести средства, добавьте банковские реквизиты в рублях.'));
  await userEvent.click(dialog.getByRole('button', { name: 'Вывести' }));
  await waitFor(() => expect(select).toHaveAccessibleDescription('Чтобы вывести средства, добавьте банковские реквизиты в рублях.'));
  expect(select).toHaveAttribute('aria-invalid', 'true');
  expect(dialog.queryByText('Выберите реквизиты')).not.toBeInTheDocument();
});

test('an amount refused with Enter is corrected by the first key: the status taken back does not put the old amount back', async () => {
  serveMoney();
  renderPage();
  const dialog = await openDialog();
  const amount = dialog.getByLabelText('Сумма, ₽');
  await userEvent.type(amount, '9000000{Enter}');
  expect(dialog.getByRole('status')).toHaveTextContent('Сумма больше доступной');
  // A browser runs the microtasks between two listeners of a user's input event: the status's own
  // listener (registered first) has its update rendered before React hears the change. Here the
  // same order is made by flushing React's pending work from a listener after it.
  const browserCheckpoint = () => flushSync(() => undefined);
  amount.addEventListener('input', browserCheckpoint);

  await userEvent.type(amount, '{Backspace}');

  expect(amount).toHaveValue('900000');
  expect(dialog.getByRole('status')).toBeEmptyDOMElement();
  amount.removeEventListener('input', browserCheckpoint);
});

test('closed with Escape while the withdrawal is sent, its failure is still said: in a toast, in the server\'s words', async () => {
  let answer!: (value: ReturnType<typeof fail>) => void;
  const api = serveMoney({ 'POST balance/refund_virtual_account': () => new Promise((resolve) => (answer = resolve)) });
  renderPage();
  const dialog = await openDialog();
  await userEvent.type(dialog.getByLabelText('Сумма, ₽'), '100');
  await userEvent.click(dialog.getByRole('button', { name: 'Вывести' }));
  await waitFor(() => expect(api.callsTo('POST balance/refund_virtual_account')).toHaveLength(1));
  await userEvent.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

  // The API's own failure (500, after its rollback): a 502–504 would leave the payout unknown and say so.
  answer(fail(500, 'Сервис выплат временно недоступен'));
  await waitFor(() => expect(toasts).toContainEqual({ type: 'error', message: 'Сервис выплат временно недоступен' }));
  // Said once, announced: no dialog is there to say it.
  expect(toasts.filter((toast) => toast.type === 'error')).toHaveLength(1);
  expect(api.callsTo('POST balance/refund_virtual_account')).toHaveLength(1);
});

test('the whole balance withdrawn, «Вывести средства» goes: the focus goes to the balance\'s heading, not to the body', async () => {
  let balance = 1500.5;
  serveMoney({
    'GET balance/get/token': () => ok({ profileId: 12, amount: balance, currency: 'RUB' }),
    'POST balance/refund_virtual_account': () => {
      balance = 0;
      return ok(payout(1500.5, 0), 'Заявка на вывод средств принята');
    },
  });
  renderPage();
  const dialog = await openDialog();
  await userEvent.type(dialog.getByLabelText('Сумма, ₽'), '1500,50{Enter}');

  expect(await screen.findByText('На балансе нет средств для вывода.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Вывести средства' })).not.toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('heading', { name: 'Доступно для вывода' })).toHaveFocus());
});

describe('the amount is refused as typed, never changed into another amount', () => {
  test.each([
    ['-5', 'Сумма не может быть отрицательной'],
    ['−1 500,50', 'Сумма не может быть отрицательной'],
    ['1e3', 'Укажите сумму в рублях, например 1500 или 1500,50'],
    ['5 долларов', 'Укажите сумму в рублях, например 1500 или 1500,50'],
    ['0', 'Сумма должна быть больше нуля'],
    // Past any balance, and past what a number holds in exact kopecks: the limit is named, not the format.
    ['12345678901234', 'Сумма больше доступной: 1\u00A0500,50\u00A0₽'],
    ['100000000000000000000,00', 'Сумма больше доступной: 1\u00A0500,50\u00A0₽'],
  ])('%p stays in the field as typed; «Вывести» says at the field %p and sends nothing', async (typed, message) => {
    const api = serveMoney();
    renderPage();
    const dialog = await openDialog();
    const amount = dialog.getByLabelText('Сумма, ₽');
    await userEvent.type(amount, typed);
    expect(amount).toHaveValue(typed);

    await userEvent.click(dialog.getByRole('button', { name: 'Вывести' }));
    expect(amount).toHaveFocus();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveAccessibleDescription(`Рубли, копейки через запятую ${message}`);
    expect(amount).toHaveValue(typed);
    expect(api.callsTo('POST balance/refund_virtual_account')).toEqual([]);
  });

  test('pasted with spaces and the currency, as a bank writes it, the amount goes out as its exact kopecks', async () => {
    const api = serveMoney({ 'POST balance/refund_virtual_account': () => ok(payout(1000.5, 500), 'Заявка на вывод средств принята') });
    renderPage();
    const dialog = await openDialog();
    await userEvent.click(dialog.getByLabelText('Сумма, ₽'));
    await userEvent.paste('1 000,50 ₽');
    expect(dialog.getByLabelText('Сумма, ₽')).toHaveValue('1 000,50 ₽');
    await userEvent.click(dialog.getByRole('button', { name: 'Вывести' }));
    await waitFor(() => expect(api.callsTo('POST balance/refund_virtual_account')[0]?.body).toEqual({ amount: 1000.5, bankRequisiteId: 5 }));
  });
});

test('once said, a field\'s message follows what it holds: corrected, it goes without another press; changed, it says the new fault', async () => {
  serveMoney({}, { requisites: [requisite(5), requisite(6, { account: '40702810938000000001' })] });
  renderPage();
  const dialog = await openDialog();
  const amount = dialog.getByLabelText('Сумма, ₽');
  const select = dialog.getByLabelText('Реквизиты для вывода');
  // Nothing is said while typing before the first press.
  await userEvent.type(amount, '-5');
  expect(amount).not.toHaveAttribute('aria-invalid');

  await userEvent.click(dialog.getByRole('button', { name: 'Вывести' }));
  expect(amount).toHaveAccessibleDescription(expect.stringContaining('Сумма не может быть отрицательной'));
  expect(select).toHaveAccessibleDescription('Выберите реквизиты');

  await userEvent.clear(amount);
  await userEvent.type(amount, '9000000');
  expect(amount).toHaveAccessibleDescription(/Сумма больше доступной: 1\s500,50\s₽/);
  await userEvent.clear(amount);
  await userEvent.type(amount, '100');
  expect(amount).not.toHaveAttribute('aria-invalid');
  expect(amount).toHaveAccessibleDescription('Рубли, копейки через запятую');

  await userEvent.selectOptions(select, '6');
  expect(select).not.toHaveAttribute('aria-invalid');
  expect(select).toHaveAccessibleDescription('Счёт 40702810938000000001, ПАО Сбербанк, получатель: Иван Петров');
  await userEvent.selectOptions(select, '');
  expect(select).toHaveAccessibleDescription('Выберите реквизиты');
});

test('the server\'s refusal of the last attempt goes once the next press is refused by the form: only what is wrong now is said', async () => {
  const api = serveMoney({ 'POST balance/refund_virtual_account': () => fail(409, 'Недостаточно средств на балансе') });
  renderPage();
  const dialog = await openDialog();
  const amount = dialog.getByLabelText('Сумма, ₽');
  await userEvent.type(amount, '1000');
  await userEvent.click(dialog.getByRole('button', { name: 'Вывести' }));
  expect(await dialog.findByRole('alert')).toHaveTextContent('Недостаточно средств на балансе');

  await userEvent.clear(amount);
  await userEvent.type(amount, '-1000');
  await userEvent.click(dialog.getByRole('button', { name: 'Вывести' }));
  expect(amount).toHaveAccessibleDescription(expect.stringContaining('Сумма не может быть отрицательной'));
  expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
  expect(api.callsTo('POST balance/refund_virtual_account')).toHaveLength(1);
});
