import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applicationKeys, bus, clearSmsCountdown, useSessionStore } from 'shared';
import { actAs, contractAwaitingExecutor, EXECUTOR } from './testing/fixtures';
import { fail, ok, serveApi, setTestRuntimeConfig, type FakeAnswer } from './testing/fake-api';
import { renderDetail } from './testing/render-detail';

// Fake time throughout: the countdown is advanced explicitly, and no findBy runs while time is
// faked (it would move the clock as it waits).
const toasts: unknown[] = [];
const nowSeconds = () => Math.floor(Date.now() / 1000);

beforeEach(() => {
  // Today's time (cookies expire by the real clock), at a whole second so the countdown reads 60.
  jest.useFakeTimers({ now: Math.floor(Date.now() / 1000) * 1000 });
  setTestRuntimeConfig();
  clearSmsCountdown();
  // A code remembered by an earlier test (sent, never used) would open the dialog at its field.
  sessionStorage.clear();
  bus.clear();
  toasts.length = 0;
  bus.on('toast:show', (t) => toasts.push(t));
  actAs(EXECUTOR);
});

afterEach(() => {
  useSessionStore.getState().clear();
  jest.useRealTimers();
});

/** Lets answered requests and React Query's batched notifications through without moving the countdown. */
async function settle() {
  for (let i = 0; i < 5; i += 1) await act(() => jest.advanceTimersByTimeAsync(10));
}
/** A click whose answer lands inside the same act (a failure's alert would otherwise land outside it). */
const clickAndSettle = (element: HTMLElement) =>
  act(async () => {
    fireEvent.click(element);
    await jest.advanceTimersByTimeAsync(50);
  });
const advanceSeconds = (seconds: number) => act(() => jest.advanceTimersByTimeAsync(seconds * 1000));
const user = () => userEvent.setup({ advanceTimers: jest.advanceTimersByTime });

const signedByBoth = contractAwaitingExecutor({
  contract: {
    ...contractAwaitingExecutor().contract!,
    signatures: [
      { party: 'customer', signerName: 'Иван Петров', signedAt: '2026-11-22T08:05:00.000Z' },
      { party: 'executor', signerName: 'Пётр Сидоров', signedAt: '2026-11-23T10:01:00.000Z' },
    ],
  },
  allowedActions: ['application/contract/download'],
});

/** A code whose tries are used up: the API's answer to a sign or a cancel with it. */
const triesExceeded = (): FakeAnswer => ({
  status: 422,
  body: { message: 'Превышено число попыток. Запросите новый код', code: 'code_attempts_exceeded', errors: { code: 'Превышено число попыток. Запросите новый код' } },
});

/** The detail page served by `routes`, its `action` dialog open (the button's name is the dialog's) and a code sent. */
async function openCodeDialog(action: string, routes: Parameters<typeof serveApi>[0]) {
  const api = serveApi(routes);
  const u = user();
  renderDetail();
  await settle();
  await u.click(screen.getByRole('button', { name: action }));
  const dialog = screen.getByRole('dialog', { name: action });
  await u.click(within(dialog).getByRole('button', { name: 'Получить код' }));
  await settle();
  return { api, u, dialog };
}

async function openSigning(sign: () => Partial<FakeAnswer>) {
  // Signed by both once a sign call is accepted; a refused one signed nothing, and the page read again says so.
  return openSigningOn((stored) => {
    const answer = sign();
    stored((answer.status ?? 200) < 300);
    return answer;
  });
}

/** The signing dialog open with a code sent; `sign` answers the sign call and says whether the signature was stored. */
async function openSigningOn(sign: (stored: (signed: boolean) => void) => Partial<FakeAnswer>) {
  let signed = false;
  const api = serveApi({
    'GET application/get': () => ok(signed ? signedByBoth : contractAwaitingExecutor()),
    'POST application/contract/send/sms': () => ok({ codeReceived: nowSeconds() }),
    'POST application/contract/sign': () =>
      sign((stored) => {
        signed = stored;
      }),
  });
  const u = user();
  renderDetail();
  await settle();
  const contract = screen.getByRole('region', { name: 'Договор' });
  expect(within(contract).getByText('Заказчик: подписан — Иван Петров,', { exact: false })).toBeInTheDocument();
  expect(within(contract).getByText('Исполнитель: не подписан')).toBeInTheDocument();
  await u.click(within(contract).getByRole('button', { name: 'Подписать договор' }));
  const dialog = screen.getByRole('dialog', { name: 'Подписать договор' });
  await u.click(within(dialog).getByRole('button', { name: 'Получить код' }));
  await settle();
  return { api, u, dialog };
}

test('the signing dialog links the terms of the simple electronic signature it asks to agree to, in a new tab', async () => {
  const { dialog, u } = await openSigning(() => ok(signedByBoth.contract, 'Договор подписан вами'));
  const terms = within(dialog).getByRole('link', { name: 'условиями простой электронной подписи (откроются в новой вкладке)' });
  expect(terms).toHaveAttribute('href', '/guarantees#signature-terms');
  expect(terms).toHaveAttribute('target', '_blank');
  await u.keyboard('{Escape}');
  await settle();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test("an organisation's member is told he signs for the organisation (QA L O-1)", async () => {
  actAs({ id: EXECUTOR.id, type: 'organization', name: 'ООО «СтройИнвест»', active: true });
  const { dialog } = await openSigning(() => ok(signedByBoth.contract, 'Договор подписан вами'));
  expect(dialog).toHaveTextContent('Вы подписываете от имени организации ООО «СтройИнвест». Пришлём код в СМС на ваш номер.');
});

test('a person signing for himself is not told of an organisation', async () => {
  const { dialog } = await openSigning(() => ok(signedByBoth.contract, 'Договор подписан вами'));
  expect(dialog).not.toHaveTextContent('от имени организации');
  expect(dialog).toHaveTextContent('Пришлём код в СМС на ваш номер.');
});

/** «Подписать договор», then «Получить код», which `send` answers (a failure's alert lands inside the click's act). */
async function askForCode(send: () => FakeAnswer) {
  let gets = 0;
  const api = serveApi({
    'GET application/get': () => ok(gets++ === 0 ? contractAwaitingExecutor() : signedByBoth),
    'POST application/contract/send/sms': send,
    'POST application/contract/sign': () => ok(signedByBoth.contract, 'Договор подписан вами'),
  });
  const u = user();
  renderDetail();
  await settle();
  await u.click(screen.getByRole('button', { name: 'Подписать договор' }));
  const dialog = screen.getByRole('dialog', { name: 'Подписать договор' });
  await clickAndSettle(within(dialog).getByRole('button', { name: 'Получить код' }));
  return { api, u, dialog };
}

describe('signing the contract by SMS code', () => {
  it('a double click on «Получить код» sends one code', async () => {
    const api = serveApi({
      'GET application/get': () => ok(contractAwaitingExecutor()),
      'POST application/contract/send/sms': () => ok({ codeReceived: nowSeconds() }),
    });
    renderDetail();
    await settle();
    fireEvent.click(within(screen.getByRole('region', { name: 'Договор' })).getByRole('button', { name: 'Подписать договор' }));
    const dialog = screen.getByRole('dialog', { name: 'Подписать договор' });
    const get = within(dialog).getByRole('button', { name: 'Получить код' });
    // Two clicks before React draws the button busy (a synthetic double click, under a millisecond).
    await act(async () => {
      fireEvent.click(get);
      fireEvent.click(get);
      await jest.advanceTimersByTimeAsync(50);
    });
    await settle();
    expect(await within(dialog).findByLabelText('Код из СМС')).toBeInTheDocument();
    expect(api.callsTo('POST application/contract/send/sms')).toHaveLength(1);
  });

  it('sends a code, counts 60 s down before a resend, and signs with the 6 digits', async () => {
    const { api, u, dialog } = await openSigning(() => ok(signedByBoth.contract, 'Договор подписан вами'));

    // The edition the dialog names goes with the code's request (QA BAD-1).
    expect(api.callsTo('POST application/contract/send/sms')[0]?.body).toEqual({ id: 42, seenDocument: 900 });
    const code = within(dialog).getByLabelText('Код из СМС');
    expect(code).toHaveFocus();
    expect(within(dialog).getByRole('timer')).toHaveTextContent('Отправить код повторно через 60 с');
    expect(within(dialog).queryByRole('button', { name: 'Отправить код повторно' })).not.toBeInTheDocument();

    await advanceSeconds(30);
    expect(within(dialog).getByRole('timer')).toHaveTextContent('Отправить код повторно через 30 с');
    await advanceSeconds(30);
    expect(within(dialog).queryByRole('timer')).not.toBeInTheDocument();

    await u.click(within(dialog).getByRole('button', { name: 'Отправить код повторно' }));
    await settle();
    expect(api.callsTo('POST application/contract/send/sms')).toHaveLength(2);
    expect(within(dialog).getByRole('timer')).toHaveTextContent('Отправить код повторно через 60 с');
    expect(code).toHaveFocus();

    await u.type(code, '12345');
    await u.click(within(dialog).getByRole('button', { name: 'Подписать' }));
    expect(within(dialog).getByText('Код из СМС — 6 цифр', { selector: '.ui-field__error' })).toBeInTheDocument();
    // The field kept the focus through the press: its message is said as a status.
    expect(within(dialog).getByRole('status')).toHaveTextContent(/^Код из СМС — 6 цифр$/);
    expect(api.callsTo('POST application/contract/sign')).toHaveLength(0);

    await u.type(code, '6');
    await u.click(within(dialog).getByRole('button', { name: 'Подписать' }));
    await settle();

    expect(api.callsTo('POST application/contract/sign')[0]?.body).toEqual({ id: 42, code: '123456', seenDocument: 900 });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toasts).toEqual([{ type: 'success', message: 'Договор подписан вами' }]);
    expect(api.callsTo('GET application/get')).toHaveLength(2);
    expect(within(screen.getByRole('region', { name: 'Договор' })).getByText('Исполнитель: подписан — Пётр Сидоров,', { exact: false })).toBeInTheDocument();
  });

  it('closed and opened again (or after a reload), asks for the code already sent instead of sending another', async () => {
    const { api, u, dialog } = await openSigning(() => ok(signedByBoth.contract, 'Договор подписан вами'));
    expect(api.callsTo('POST application/contract/send/sms')).toHaveLength(1);
    await u.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await advanceSeconds(20);
    await u.click(within(screen.getByRole('region', { name: 'Договор' })).getByRole('button', { name: 'Подписать договор' }));
    const again = screen.getByRole('dialog', { name: 'Подписать договор' });
    expect(within(again).queryByRole('button', { name: 'Получить код' })).not.toBeInTheDocument();
    expect(within(again).getByRole('timer')).toHaveTextContent('Отправить код повторно через 40 с');
    await u.type(within(again).getByLabelText('Код из СМС'), '123456');
    await u.click(within(again).getByRole('button', { name: 'Подписать' }));
    await settle();
    expect(api.callsTo('POST application/contract/send/sms')).toHaveLength(1);
    expect(api.callsTo('POST application/contract/sign')[0]?.body).toEqual({ id: 42, code: '123456', seenDocument: 900 });
    // Used: the next signing starts with «Получить код».
    expect(sessionStorage.length).toBe(0);
  });

  it("says 'Ошибка подписи документа' when signing fails without a server message", async () => {
    const { api, u, dialog } = await openSigning(() => ({ status: 502 }));

    await u.type(within(dialog).getByLabelText('Код из СМС'), '123456');
    await u.click(within(dialog).getByRole('button', { name: 'Подписать' }));
    await settle();

    expect(api.callsTo('POST application/contract/sign')).toHaveLength(1);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Ошибка подписи документа');
    expect(screen.getByRole('dialog', { name: 'Подписать договор' })).toBeInTheDocument();
    // The error toast of spec §7, silent: the dialog's alert says it, once.
    expect(toasts).toEqual([{ type: 'error', message: 'Ошибка подписи документа', silent: true }]);
  });

  it('an answer lost after the signature was stored is the success it was: the page, read again, shows it signed', async () => {
    const { api, u, dialog } = await openSigningOn((stored) => {
      stored(true);
      throw new TypeError('Failed to fetch');
    });
    await u.type(within(dialog).getByLabelText('Код из СМС'), '123456');
    await u.click(within(dialog).getByRole('button', { name: 'Подписать' }));
    await settle();

    expect(api.callsTo('POST application/contract/sign')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toasts).toEqual([{ type: 'success', message: 'Договор подписан' }]);
    expect(within(screen.getByRole('region', { name: 'Договор' })).getByText('Исполнитель: подписан — Пётр Сидоров,', { exact: false })).toBeInTheDocument();
  });

  it('an answer lost when nothing was signed stays the failure it was, in the dialog', async () => {
    const { u, dialog } = await openSigningOn(() => {
      throw new TypeError('Failed to fetch');
    });
    await u.type(within(dialog).getByLabelText('Код из СМС'), '123456');
    await u.click(within(dialog).getByRole('button', { name: 'Подписать' }));
    await settle();

    // Spec §8's fallback, and why: no server was reached (QA AAQ-5).
    const said = 'Ошибка подписи документа: сервер недоступен. Проверьте подключение к интернету';
    expect(within(dialog).getByRole('alert')).toHaveTextContent(said);
    expect(toasts).toEqual([{ type: 'error', message: said, silent: true }]);
  });

  it("shows the server's message when it gives one (a wrong code)", async () => {
    const { u, dialog } = await openSigning(() => fail(422, 'Неверный код. Осталось попыток: 4'));

    await u.type(within(dialog).getByLabelText('Код из СМС'), '000000');
    await u.click(within(dialog).getByRole('button', { name: 'Подписать' }));
    await settle();

    expect(within(dialog).getByRole('alert')).toHaveTextContent('Неверный код. Осталось попыток: 4');
  });

  describe('a wrong code, as the API refuses it (the message on the field `code`)', () => {
    const wrongCode = (): FakeAnswer => ({
      status: 422,
      body: { message: 'Неверный код, осталось попыток: 4', code: 'code_invalid', errors: { code: 'Неверный код, осталось попыток: 4' } },
    });

    it('is said at the field, marked invalid, not again above it; «Подписать» clicked, the focus goes to the field', async () => {
      const { u, dialog } = await openSigning(wrongCode);
      const code = within(dialog).getByLabelText('Код из СМС');
      await u.type(code, '000000');
      await u.click(within(dialog).getByRole('button', { name: 'Подписать' }));
      await settle();

      expect(code).toHaveAttribute('aria-invalid', 'true');
      expect(code).toHaveAccessibleDescription(expect.stringContaining('Неверный код, осталось попыток: 4'));
      expect(code).toHaveFocus();
      expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    });

    it('the last try spent after it: the alert says so, and the field no longer says how many tries are left', async () => {
      let tries = 0;
      const { u, dialog } = await openSigning(() =>
        tries++ === 0
          ? wrongCode()
          : { status: 422, body: { message: 'Неверный код. Попытки исчерпаны. Запросите новый код', code: 'code_attempts_exceeded', errors: { code: 'Неверный код. Попытки исчерпаны. Запросите новый код' } } },
      );
      const code = within(dialog).getByLabelText('Код из СМС');
      await u.type(code, '000000{Enter}');
      await settle();
      expect(code).toHaveAttribute('aria-invalid', 'true');
      await u.clear(code);
      await u.type(code, '111111{Enter}');
      await settle();

      expect(within(dialog).getByRole('alert')).toHaveTextContent('Неверный код. Попытки исчерпаны. Запросите новый код');
      expect(within(dialog).queryByText('Неверный код, осталось попыток: 4')).not.toBeInTheDocument();
      expect(code).not.toHaveAttribute('aria-invalid');
    });

    it('sent with Enter from the field, which keeps the focus: the message is said as a status', async () => {
      const { u, dialog } = await openSigning(wrongCode);
      const code = within(dialog).getByLabelText('Код из СМС');
      await u.type(code, '000000{Enter}');
      await settle();

      expect(code).toHaveFocus();
      expect(code).toHaveAttribute('aria-invalid', 'true');
      expect(within(dialog).getAllByRole('status').some((status) => status.textContent === 'Неверный код, осталось попыток: 4')).toBe(true);
    });
  });

  it("says 'Не удалось отправить код' when the code cannot be sent", async () => {
    const { dialog } = await askForCode(() => ({ status: 500 }));

    expect(within(dialog).getByRole('alert')).toHaveTextContent('Не удалось отправить код');
    expect(within(dialog).queryByLabelText('Код из СМС')).not.toBeInTheDocument();
    // The error toast of spec §7, silent: the dialog's alert says it.
    expect(toasts).toEqual([{ type: 'error', message: 'Не удалось отправить код', silent: true }]);
  });
});

describe('a code that can no longer be used', () => {
  const triesSpent = (): FakeAnswer => ({
    status: 422,
    body: { message: 'Неверный код. Попытки исчерпаны. Запросите новый код', code: 'code_attempts_exceeded', errors: { code: 'Неверный код. Попытки исчерпаны. Запросите новый код' } },
  });
  it('the tries used up before a resend is allowed: says when a new code may be asked for, then leads to the button', async () => {
    const { api, u, dialog } = await openSigning(triesSpent);
    await advanceSeconds(20);
    const code = within(dialog).getByLabelText('Код из СМС');
    await u.type(code, '000000');
    await u.click(within(dialog).getByRole('button', { name: 'Подписать' }));
    await settle();

    expect(within(dialog).getByRole('alert')).toHaveTextContent('Неверный код. Попытки исчерпаны. Запросите новый код');
    // The spent code is not still «sent» beside the alert that says it is no more.
    expect(within(dialog).queryByText('Код отправлен в СМС на ваш номер телефона.')).not.toBeInTheDocument();
    // The server refuses a new code within 60 s of the last one: the dialog says how long, not «запросите» alone.
    expect(within(dialog).getByRole('timer')).toHaveTextContent('Новый код можно запросить через 40 с');
    expect(within(dialog).queryByRole('button', { name: 'Отправить код повторно' })).not.toBeInTheDocument();

    await advanceSeconds(40);
    const resend = within(dialog).getByRole('button', { name: 'Отправить код повторно' });
    expect(resend).toHaveFocus();

    await u.keyboard('{Enter}');
    await settle();
    expect(api.callsTo('POST application/contract/send/sms')).toHaveLength(2);
    expect(code).toHaveValue('');
    expect(code).toHaveFocus();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('timer')).toHaveTextContent('Отправить код повторно через 60 с');
    // A new code is sent: it says so again.
    expect(within(dialog).getByText('Код отправлен в СМС на ваш номер телефона.')).toBeInTheDocument();
  });

  it('the tries used up when a resend is allowed: the button takes the focus at once', async () => {
    const { u, dialog } = await openSigning(triesExceeded);
    await advanceSeconds(60);
    await u.type(within(dialog).getByLabelText('Код из СМС'), '000000');
    await u.click(within(dialog).getByRole('button', { name: 'Подписать' }));
    await settle();

    expect(within(dialog).getByRole('alert')).toHaveTextContent('Превышено число попыток. Запросите новый код');
    expect(within(dialog).getByRole('button', { name: 'Отправить код повторно' })).toHaveFocus();
  });

  it('the tries used up: the field is emptied and «Подписать» sends nothing more until a new code is sent', async () => {
    const { api, u, dialog } = await openSigning(triesExceeded);
    const code = within(dialog).getByLabelText('Код из СМС');
    await u.type(code, '000000');
    await u.click(within(dialog).getByRole('button', { name: 'Подписать' }));
    await settle();

    expect(within(dialog).getByRole('alert')).toHaveTextContent('Превышено число попыток. Запросите новый код');
    expect(code).toHaveValue('');
    const sign = within(dialog).getByRole('button', { name: 'Подписать' });
    expect(sign).toHaveAttribute('aria-disabled', 'true');
    expect(within(dialog).getByRole('timer')).toHaveTextContent('Новый код можно запросить через 60 с');
    await u.click(sign);
    await u.type(code, '111111{Enter}');
    await settle();
    expect(api.callsTo('POST application/contract/sign')).toHaveLength(1);

    await advanceSeconds(60);
    await u.click(within(dialog).getByRole('button', { name: 'Отправить код повторно' }));
    await settle();
    expect(sign).not.toHaveAttribute('aria-disabled');
    await u.type(code, '222222{Enter}');
    await settle();
    expect(api.callsTo('POST application/contract/sign').map((call) => call.body)).toEqual([
      { id: 42, code: '000000', seenDocument: 900 },
      { id: 42, code: '222222', seenDocument: 900 },
    ]);
  });

  it('closed and opened again, starts with «Получить код»: the code sent is of no use any more', async () => {
    const { u, dialog } = await openCodeDialog('Подписать договор', {
      // A refused code makes the page re-read its application (was the document replaced?): still to sign.
      'GET application/get': () => ok(contractAwaitingExecutor()),
      'POST application/contract/send/sms': () => ok({ codeReceived: nowSeconds() }),
      'POST application/contract/sign': triesExceeded,
    });
    await u.type(within(dialog).getByLabelText('Код из СМС'), '000000');
    await u.click(within(dialog).getByRole('button', { name: 'Подписать' }));
    await settle();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Превышено число попыток. Запросите новый код');
    await u.click(within(dialog).getByRole('button', { name: 'Отмена' }));

    await u.click(within(screen.getByRole('region', { name: 'Договор' })).getByRole('button', { name: 'Подписать договор' }));
    expect(within(screen.getByRole('dialog', { name: 'Подписать договор' })).getByRole('button', { name: 'Получить код' })).toBeInTheDocument();
  });
});

describe('a resend after a wrong code', () => {
  it('empties the field of the old code and puts the focus in it', async () => {
    const { api, u, dialog } = await openSigning(() => fail(422, 'Неверный код, осталось попыток: 4'));
    const code = within(dialog).getByLabelText('Код из СМС');
    await u.type(code, '111111');
    await u.click(within(dialog).getByRole('button', { name: 'Подписать' }));
    await settle();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Неверный код, осталось попыток: 4');

    await advanceSeconds(60);
    await u.click(within(dialog).getByRole('button', { name: 'Отправить код повторно' }));
    await settle();

    expect(api.callsTo('POST application/contract/send/sms')).toHaveLength(2);
    expect(code).toHaveValue('');
    expect(code).toHaveFocus();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('empties a code the form refused as too short, with its error', async () => {
    const { u, dialog } = await openSigning(() => ok(signedByBoth.contract));
    const code = within(dialog).getByLabelText('Код из СМС');
    await u.type(code, '123');
    await u.click(within(dialog).getByRole('button', { name: 'Подписать' }));
    expect(within(dialog).getByText('Код из СМС — 6 цифр', { selector: '.ui-field__error' })).toBeInTheDocument();

    await advanceSeconds(60);
    await u.click(within(dialog).getByRole('button', { name: 'Отправить код повторно' }));
    await settle();

    expect(code).toHaveValue('');
    expect(code).toHaveFocus();
    expect(within(dialog).queryByText('Код из СМС — 6 цифр')).not.toBeInTheDocument();
  });
});

describe('the document replaced while its signing dialog is open', () => {
  // The customer uploaded a new edition: its code is another, and it is another text to read.
  const replaced = contractAwaitingExecutor({
    contract: { id: 901, name: 'Договор подряда, ред. 2.pdf', sizeBytes: 160_000, sha256: 'b'.repeat(64), uploadedAt: '2026-11-22T09:00:00.000Z', signatures: [] },
  });

  async function signingWithCode(sign: () => FakeAnswer) {
    let gets = 0;
    const api = serveApi({
      'GET application/get': () => ok(gets++ === 0 ? contractAwaitingExecutor() : replaced),
      'POST application/contract/send/sms': () => ok({ codeReceived: nowSeconds() }),
      'POST application/contract/sign': sign,
    });
    const u = user();
    renderDetail();
    await settle();
    const opener = within(screen.getByRole('region', { name: 'Договор' })).getByRole('button', { name: 'Подписать договор' });
    await u.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Подписать договор' });
    await clickAndSettle(within(dialog).getByRole('button', { name: 'Получить код' }));
    return { api, u, dialog };
  }

  it('told by the socket: the dialog closes and says a new edition is to be read and signed, the focus back on «Подписать договор»', async () => {
    const { api } = await signingWithCode(() => ok(signedByBoth.contract));

    act(() => bus.emit('notification:received', { message: 'Заказчик загрузил договор по заявке № 1042', applicationId: 42 }));
    await settle();

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toasts).toEqual([{ type: 'warning', message: 'Договор заменён новой редакцией: прочитайте её и подпишите заново' }]);
    const contract = screen.getByRole('region', { name: 'Договор' });
    expect(within(contract).getByText('Договор подряда, ред. 2.pdf')).toBeInTheDocument();
    expect(within(contract).getByRole('button', { name: 'Подписать договор' })).toHaveFocus();
    expect(api.callsTo('POST application/contract/sign')).toHaveLength(0);
  });

  it('deleted by the customer meanwhile: the dialog closes with «Договор удалён», the focus not lost to the body', async () => {
    let gets = 0;
    serveApi({
      'GET application/get': () => ok(gets++ === 0 ? contractAwaitingExecutor() : contractAwaitingExecutor({ contract: null, allowedActions: ['application/cancel/executor/send/sms', 'application/cancel/executor'] })),
      'POST application/contract/send/sms': () => ok({ codeReceived: nowSeconds() }),
    });
    const u = user();
    renderDetail();
    await settle();
    await u.click(screen.getByRole('button', { name: 'Подписать договор' }));
    await clickAndSettle(within(screen.getByRole('dialog', { name: 'Подписать договор' })).getByRole('button', { name: 'Получить код' }));

    act(() => bus.emit('notification:received', { message: 'Заказчик удалил договор по заявке № 1042', applicationId: 42 }));
    await settle();

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toasts).toEqual([{ type: 'warning', message: 'Договор удалён' }]);
    expect(document.activeElement).not.toBe(document.body);
  });

  it('a page behind the server: the code refused, the page catches up and says the same', async () => {
    const { api, u, dialog } = await signingWithCode(() => fail(422, 'Код недействителен или истёк. Запросите новый'));

    await u.type(within(dialog).getByLabelText('Код из СМС'), '123456');
    await clickAndSettle(within(dialog).getByRole('button', { name: 'Подписать' }));
    await settle();

    expect(api.callsTo('POST application/contract/sign')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The refusal's error toast (spec §7, silent), then why the dialog went, said once.
    expect(toasts).toEqual([
      { type: 'error', message: 'Код недействителен или истёк. Запросите новый', silent: true },
      { type: 'warning', message: 'Договор заменён новой редакцией: прочитайте её и подпишите заново' },
    ]);
    expect(within(screen.getByRole('region', { name: 'Договор' })).getByText('Договор подряда, ред. 2.pdf')).toBeInTheDocument();
  });
});

describe("the caller's side signed while its signing dialog is open", () => {
  /** The contract as the page reads it again: signed by the executor's side, as `signerName`. */
  const signedBySide = (signerName: string) =>
    contractAwaitingExecutor({
      contract: {
        ...contractAwaitingExecutor().contract!,
        signatures: [...contractAwaitingExecutor().contract!.signatures, { party: 'executor', signerName, signedAt: '2026-11-23T10:01:00.000Z' }],
      },
      allowedActions: ['application/contract/download', 'application/cancel/executor/send/sms', 'application/cancel/executor'],
    });

  async function signingWhenSigned(signerName: string) {
    let gets = 0;
    const api = serveApi({
      'GET application/get': () => ok(gets++ === 0 ? contractAwaitingExecutor() : signedBySide(signerName)),
      'POST application/contract/send/sms': () => ok({ codeReceived: nowSeconds() }),
    });
    const u = user();
    const { queryClient } = renderDetail();
    await settle();
    await u.click(screen.getByRole('button', { name: 'Подписать договор' }));
    await clickAndSettle(within(screen.getByRole('dialog', { name: 'Подписать договор' })).getByRole('button', { name: 'Получить код' }));
    expect(sessionStorage.length).toBe(1);
    // Another user of the same side acted: the socket's `application:changed`, on which the shell reads applications again (no notice).
    const sideSigned = () => act(() => void queryClient.invalidateQueries({ queryKey: applicationKeys.all }));
    return { api, sideSigned };
  }

  it("an organisation's member, its director signing for it: the dialog closes and names who signed, the focus on «Договор»", async () => {
    actAs({ id: EXECUTOR.id, type: 'organization', name: 'ООО «СтройИнвест»', active: true });
    const { api, sideSigned } = await signingWhenSigned('ООО «СтройИнвест» (Наталья Лебедева)');

    await sideSigned();
    await settle();

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toasts).toEqual([{ type: 'warning', message: 'Договор уже подписан от имени организации — ООО «СтройИнвест» (Наталья Лебедева)' }]);
    const contract = screen.getByRole('region', { name: 'Договор' });
    expect(within(contract).getByText('Исполнитель: подписан — ООО «СтройИнвест» (Наталья Лебедева),', { exact: false })).toBeInTheDocument();
    expect(within(contract).getByRole('heading', { level: 2, name: 'Договор' })).toHaveFocus();
    expect(api.callsTo('POST application/contract/sign')).toHaveLength(0);
    // The code sent is of no use now: a later signing starts afresh.
    expect(sessionStorage.length).toBe(0);
  });

  it('a person who signed in another tab is told so in his own words', async () => {
    const { sideSigned } = await signingWhenSigned('Пётр Сидоров');

    await sideSigned();
    await settle();

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toasts).toEqual([{ type: 'warning', message: 'Вы уже подписали договор' }]);
    expect(document.activeElement).not.toBe(document.body);
  });
});

describe('a code sent from another tab or device moments ago', () => {
  it('«Получить код» answered 429 opens the code field with the server\'s wait counted down, and the code signs', async () => {
    const { api, u, dialog } = await askForCode(() => ({
      status: 429,
      body: { message: 'Повторно отправить код можно через 30 секунд', code: 'code_resend_too_soon' },
      headers: { 'Retry-After': '30' },
    }));

    expect(within(dialog).getByRole('alert')).toHaveTextContent('Повторно отправить код можно через 30 секунд');
    const code = within(dialog).getByLabelText('Код из СМС');
    expect(within(dialog).getByRole('timer')).toHaveTextContent('Отправить код повторно через 30 с');
    await u.type(code, '123456');
    await u.click(within(dialog).getByRole('button', { name: 'Подписать' }));
    await settle();
    expect(api.callsTo('POST application/contract/sign')[0]?.body).toEqual({ id: 42, code: '123456', seenDocument: 900 });
  });

  it('remembers that code as one sent here: «Отмена» and reopening, or a reload, ask for it straight away without another send', async () => {
    const api = serveApi({
      'GET application/get': () => ok(contractAwaitingExecutor()),
      'POST application/contract/send/sms': () => ({
        status: 429,
        body: { message: 'Повторно отправить код можно через 30 секунд', code: 'code_resend_too_soon' },
        headers: { 'Retry-After': '30' },
      }),
      'POST application/contract/sign': () => ok(signedByBoth.contract, 'Договор подписан вами'),
    });
    const u = user();
    renderDetail();
    await settle();
    await u.click(screen.getByRole('button', { name: 'Подписать договор' }));
    const dialog = screen.getByRole('dialog', { name: 'Подписать договор' });
    await clickAndSettle(within(dialog).getByRole('button', { name: 'Получить код' }));
    await u.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await advanceSeconds(10);

    await u.click(within(screen.getByRole('region', { name: 'Договор' })).getByRole('button', { name: 'Подписать договор' }));
    const again = screen.getByRole('dialog', { name: 'Подписать договор' });
    expect(within(again).queryByRole('button', { name: 'Получить код' })).not.toBeInTheDocument();
    expect(within(again).getByLabelText('Код из СМС')).toBeInTheDocument();
    expect(within(again).getByRole('timer')).toHaveTextContent('Отправить код повторно через 20 с');

    // A reload: the page mounted afresh in the same tab.
    cleanup();
    renderDetail();
    await settle();
    await u.click(within(screen.getByRole('region', { name: 'Договор' })).getByRole('button', { name: 'Подписать договор' }));
    const reloaded = screen.getByRole('dialog', { name: 'Подписать договор' });
    expect(within(reloaded).queryByRole('button', { name: 'Получить код' })).not.toBeInTheDocument();
    await u.type(within(reloaded).getByLabelText('Код из СМС'), '123456');
    await u.click(within(reloaded).getByRole('button', { name: 'Подписать' }));
    await settle();
    expect(api.callsTo('POST application/contract/send/sms')).toHaveLength(1);
    expect(api.callsTo('POST application/contract/sign')[0]?.body).toEqual({ id: 42, code: '123456', seenDocument: 900 });
  });
});

describe('«Отправить код повторно» answered 429 (a code sent from another tab or device meanwhile)', () => {
  it('the button gives way to the countdown and the focus goes to the code field, not to the page', async () => {
    let sends = 0;
    serveApi({
      'GET application/get': () => ok(contractAwaitingExecutor()),
      'POST application/contract/send/sms': () =>
        sends++ === 0
          ? ok({ codeReceived: nowSeconds() })
          : { status: 429, body: { message: 'Повторно отправить код можно через 40 секунд', code: 'code_resend_too_soon' }, headers: { 'Retry-After': '40' } },
    });
    const u = user();
    renderDetail();
    await settle();
    await u.click(screen.getByRole('button', { name: 'Подписать договор' }));
    const dialog = screen.getByRole('dialog', { name: 'Подписать договор' });
    await u.click(within(dialog).getByRole('button', { name: 'Получить код' }));
    await settle();
    await advanceSeconds(60);

    // Clicked as a user clicks: the focus is on the button as it goes.
    await u.click(within(dialog).getByRole('button', { name: 'Отправить код повторно' }));
    await settle();

    expect(within(dialog).getByRole('alert')).toHaveTextContent('Повторно отправить код можно через 40 секунд');
    expect(within(dialog).getByRole('timer')).toHaveTextContent('Отправить код повторно через 40 с');
    expect(within(dialog).getByLabelText('Код из СМС')).toHaveFocus();
  });
});

describe('«Получить код» answered 429 when no code that could be typed is out there', () => {
  it('the phone\'s hourly limit: says so and stays at «Получить код», without a field for a code never sent', async () => {
    const { dialog } = await askForCode(() => ({
      status: 429,
      body: { message: 'Слишком много запросов кода. Попробуйте через 11 минут', code: 'sms_rate_limited' },
      headers: { 'Retry-After': '660' },
    }));

    expect(within(dialog).getByRole('alert')).toHaveTextContent('Слишком много запросов кода. Попробуйте через 11 минут');
    expect(within(dialog).queryByLabelText('Код из СМС')).not.toBeInTheDocument();
    expect(within(dialog).queryByText(/Код отправлен/)).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('timer')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Получить код' })).toBeInTheDocument();
  });

  it('the tries of the last code spent, the dialog closed and opened again within the minute: a new code is waited for, not that one, nor remembered as sent', async () => {
    let sends = 0;
    serveApi({
      'GET application/get': () => ok(contractAwaitingExecutor()),
      'POST application/contract/send/sms': () =>
        sends++ === 0
          ? ok({ codeReceived: nowSeconds() })
          : { status: 429, body: { message: 'Повторно отправить код можно через 50 секунд', code: 'code_resend_too_soon' }, headers: { 'Retry-After': '50' } },
      'POST application/contract/sign': () => ({
        status: 422,
        body: { message: 'Неверный код. Попытки исчерпаны. Запросите новый код', code: 'code_attempts_exceeded', errors: { code: 'Неверный код. Попытки исчерпаны. Запросите новый код' } },
      }),
    });
    const u = user();
    renderDetail();
    await settle();
    await u.click(screen.getByRole('button', { name: 'Подписать договор' }));
    let dialog = screen.getByRole('dialog', { name: 'Подписать договор' });
    await u.click(within(dialog).getByRole('button', { name: 'Получить код' }));
    await settle();
    await u.type(within(dialog).getByLabelText('Код из СМС'), '000000');
    await u.click(within(dialog).getByRole('button', { name: 'Подписать' }));
    await settle();
    await u.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await advanceSeconds(10);

    await u.click(within(screen.getByRole('region', { name: 'Договор' })).getByRole('button', { name: 'Подписать договор' }));
    dialog = screen.getByRole('dialog', { name: 'Подписать договор' });
    await clickAndSettle(within(dialog).getByRole('button', { name: 'Получить код' }));

    expect(within(dialog).getByRole('alert')).toHaveTextContent('Повторно отправить код можно через 50 секунд');
    expect(within(dialog).getByRole('timer')).toHaveTextContent('Новый код можно запросить через 50 с');
    expect(within(dialog).queryByText(/Отправить код повторно через/)).not.toBeInTheDocument();

    // The spent code, refused as too soon to replace, is not remembered as sent: opened a third
    // time, «Получить код» again, not a field no code fits.
    await u.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await u.click(within(screen.getByRole('region', { name: 'Договор' })).getByRole('button', { name: 'Подписать договор' }));
    dialog = screen.getByRole('dialog', { name: 'Подписать договор' });
    expect(within(dialog).getByRole('button', { name: 'Получить код' })).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Код из СМС')).not.toBeInTheDocument();
    expect(within(dialog).queryByText(/Код отправлен/)).not.toBeInTheDocument();
    const spent = Object.keys(sessionStorage).filter((key) => key.startsWith('sms-code-spent:contract-sign:42:'));
    expect(spent.map((key) => sessionStorage.getItem(key))).toEqual(['1']);
  });
});

describe("the executor's cancel", () => {
  it('sends a code, then cancels with the code and an optional reason', async () => {
    let gets = 0;
    const api = serveApi({
      'GET application/get': () => ok(gets++ === 0 ? contractAwaitingExecutor() : contractAwaitingExecutor({ status: 'cancelled_by_executor', executor: null, allowedActions: [] })),
      'POST application/cancel/executor/send/sms': () => ok({ codeReceived: nowSeconds() }),
      'POST application/cancel/executor': () => ok(contractAwaitingExecutor({ status: 'cancelled_by_executor' }), 'Вы отказались от заявки'),
    });
    const u = user();
    renderDetail();
    await settle();

    await u.click(screen.getByRole('button', { name: 'Отказаться от заявки' }));
    const dialog = screen.getByRole('dialog', { name: 'Отказаться от заявки' });
    // «Получить код» is no refusal yet: the usual colour.
    expect(within(dialog).getByRole('button', { name: 'Получить код' })).toHaveClass('ui-button--primary');
    await u.click(within(dialog).getByRole('button', { name: 'Получить код' }));
    await settle();
    expect(api.callsTo('POST application/cancel/executor/send/sms')[0]?.body).toEqual({ id: 42 });
    // The refusal itself is in the danger colour, as the button that opened the dialog.
    expect(within(dialog).getByRole('button', { name: 'Отказаться от заявки' })).toHaveClass('ui-button--danger');
    expect(within(dialog).getByRole('timer')).toHaveTextContent('Отправить код повторно через 60 с');

    await u.type(within(dialog).getByLabelText('Код из СМС'), '654321');
    await u.type(within(dialog).getByLabelText('Причина (необязательно)'), 'Заболел');
    await u.click(within(dialog).getByRole('button', { name: 'Отказаться от заявки' }));
    await settle();

    expect(api.callsTo('POST application/cancel/executor')[0]?.body).toEqual({ id: 42, code: '654321', reason: 'Заболел' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Spec §2: after a cancel, the list.
    expect(screen.getByRole('heading', { level: 1, name: 'Мои заявки' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Отказаться от заявки' })).not.toBeInTheDocument();
  });

  it('a reason refused is said under its field, by the dialog\'s own check or by the API, the code kept (QA AAQ-4)', async () => {
    const { api, u, dialog } = await openCodeDialog('Отказаться от заявки', {
      'GET application/get': () => ok(contractAwaitingExecutor()),
      'POST application/cancel/executor/send/sms': () => ok({ codeReceived: nowSeconds() }),
      'POST application/cancel/executor': () => ({ status: 422, body: { message: 'Проверьте правильность заполнения полей', code: 'validation', errors: { reason: 'Причина не принята' } } }),
    });
    const code = within(dialog).getByLabelText('Код из СМС');
    const reason = within(dialog).getByLabelText('Причина (необязательно)');
    await u.type(code, '654321');
    // A right-to-left mark, refused by the API's text rules: caught before sending.
    await u.type(reason, 'Заболел \u200f');
    await u.click(within(dialog).getByRole('button', { name: 'Отказаться от заявки' }));
    await settle();
    expect(api.callsTo('POST application/cancel/executor')).toHaveLength(0);
    expect(reason).toHaveAccessibleDescription(expect.stringContaining('Текст содержит недопустимые символы'));
    expect(reason).toHaveFocus();
    expect(code).toHaveValue('654321');

    // One the API refuses for itself: its message at the field, not a banner beside the code.
    await u.clear(reason);
    await u.type(reason, 'Заболел');
    expect(reason).not.toHaveAccessibleDescription(expect.stringContaining('Текст содержит'));
    await u.click(within(dialog).getByRole('button', { name: 'Отказаться от заявки' }));
    await settle();
    expect(api.callsTo('POST application/cancel/executor')).toHaveLength(1);
    expect(reason).toHaveAccessibleDescription(expect.stringContaining('Причина не принята'));
    expect(reason).toHaveFocus();
    expect(within(dialog).queryByText('Проверьте правильность заполнения полей')).not.toBeInTheDocument();
  });

  /** What the API answers the executor after his cancel (lk-service `view`): the public card, his reply and his part. */
  const afterCancel = () => {
    const { executor: _e, history: _h, contract: _c, report: _p, payment: _m, review: _v, ...rest } = contractAwaitingExecutor({ status: 'cancelled_by_executor', allowedActions: [] });
    return { ...rest, participation: 'cancelled' };
  };

  /** The executor cancels with a code, its answer lost; `application/get` answers as `detail` says. */
  async function cancelWithAnswerLost(detail: Parameters<typeof serveApi>[0][string]) {
    const opened = await openCodeDialog('Отказаться от заявки', {
      'GET application/get': detail,
      'POST application/cancel/executor/send/sms': () => ok({ codeReceived: nowSeconds() }),
      'POST application/cancel/executor': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await opened.u.type(within(opened.dialog).getByLabelText('Код из СМС'), '654321');
    await opened.u.click(within(opened.dialog).getByRole('button', { name: 'Отказаться от заявки' }));
    await settle();
    return opened;
  }

  it('an answer lost after the cancel was made is the success it was: his part, read again, says «cancelled»; the list follows', async () => {
    let gets = 0;
    const { api } = await cancelWithAnswerLost(() => ok(gets++ === 0 ? contractAwaitingExecutor() : afterCancel()));

    expect(api.callsTo('POST application/cancel/executor')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toasts).toEqual([{ type: 'success', message: 'Вы отказались от заявки' }]);
    expect(screen.getByRole('heading', { level: 1, name: 'Мои заявки' })).toBeInTheDocument();
  });

  it('an answer lost when the cancel was not made (still his deal) stays the failure it was, in the dialog', async () => {
    const { dialog } = await cancelWithAnswerLost(() => ok(contractAwaitingExecutor()));

    expect(within(dialog).getByRole('alert')).toHaveTextContent(/Сервер недоступен/);
    expect(toasts).toEqual([{ type: 'error', message: expect.stringMatching(/^Сервер недоступен/), silent: true }]);
  });

  it('its code spent, the same dialog empties the field and sends no second cancel until a new code', async () => {
    const { api, u, dialog } = await openCodeDialog('Отказаться от заявки', {
      'GET application/get': () => ok(contractAwaitingExecutor()),
      'POST application/cancel/executor/send/sms': () => ok({ codeReceived: nowSeconds() }),
      'POST application/cancel/executor': triesExceeded,
    });
    const code = within(dialog).getByLabelText('Код из СМС');
    await u.type(code, '000000{Enter}');
    await settle();

    expect(within(dialog).getByRole('alert')).toHaveTextContent('Превышено число попыток. Запросите новый код');
    expect(code).toHaveValue('');
    expect(within(dialog).getByRole('button', { name: 'Отказаться от заявки' })).toHaveAttribute('aria-disabled', 'true');
    await u.type(code, '111111{Enter}');
    await settle();
    expect(api.callsTo('POST application/cancel/executor')).toHaveLength(1);
  });
});
