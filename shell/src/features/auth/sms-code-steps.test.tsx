import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setSmsCountdown } from 'shared';
import { fail, ok, serveApi, type Reply } from '../../testing/fake-api';
import { COUNTDOWN_FROM_A_MINUTE, renderAuth, resetAuthFlows } from '../../testing/render-auth';

/*
 * QA (s60-shell), in a scripted Chromium against the dev API:
 * - a code refused for good (5 wrong tries) still offered «Подтвердить», and the right code sent
 *   with it was refused again (422 code_attempts_exceeded);
 * - ten minutes after the code was sent (its lifetime, ARCHITECTURE §3) the step still offered the
 *   field and «Подтвердить» for a code the server can only refuse;
 * - a code sent to the phone from another device or tab moments ago: «Получить код» answered 429
 *   `code_resend_too_soon` with Retry-After, and the phone step only said to wait, though the code
 *   out there is the one to enter.
 */

const EXPIRED = 'Срок действия кода истёк. Запросите новый код';
const now = () => Math.floor(Date.now() / 1000);

beforeEach(() => {
  jest.useFakeTimers();
  resetAuthFlows();
});

afterEach(() => jest.useRealTimers());

const user = () => userEvent.setup({ advanceTimers: jest.advanceTimersByTime, delay: null });
const advance = (seconds: number) => act(() => jest.advanceTimersByTimeAsync(seconds * 1000));

const FLOWS = [
  { kind: 'register', title: 'Регистрация', send: 'POST register/code-receive/phone', check: 'POST register/code-check/phone', next: 'Имя' },
  { kind: 'recovery', title: 'Восстановление пароля', send: 'POST user/password/recovery/send/sms', check: 'POST user/password/recovery', next: 'Новый пароль' },
] as const;
type Flow = (typeof FLOWS)[number];

const tooSoon = (seconds: number): Reply => ({
  status: 429,
  body: { message: `Повторно отправить код можно через ${seconds} секунд`, code: 'code_resend_too_soon' },
  headers: { 'Retry-After': String(seconds) },
});

function serve(flow: Flow, { send = () => ok({ codeReceived: now() }), check = () => ok({ phone: '79991234567', verified: true }) }: { send?: () => Reply; check?: () => Reply } = {}) {
  return serveApi({ [flow.send]: send, [flow.check]: check });
}

async function reachCodeStep(flow: Flow) {
  const u = user();
  const rendered = renderAuth(`/?auth=${flow.kind}`);
  const dialog = screen.getByRole('dialog', { name: flow.title });
  await u.type(within(dialog).getByLabelText('Номер телефона'), '9991234567');
  await u.click(within(dialog).getByRole('button', { name: 'Получить код' }));
  await within(dialog).findByText('Шаг 2 из 3');
  return { ...rendered, u, dialog };
}

describe.each(FLOWS)('$title: a code that can no longer be used', (flow) => {
  it('refused for good: no «Подтвердить» that can only fail, and Enter in the field does not send it again; a new code brings it back', async () => {
    const spent = 'Неверный код. Попытки исчерпаны. Запросите новый код';
    const api = serve(flow, { check: () => fail(422, spent, { code: 'code_attempts_exceeded', errors: { code: spent } }) });
    const { u, dialog } = await reachCodeStep(flow);
    const code = within(dialog).getByLabelText('Код из СМС');
    await u.type(code, '000000');
    await u.click(within(dialog).getByRole('button', { name: 'Подтвердить' }));

    await waitFor(() => expect(code).toHaveAccessibleDescription(spent));
    expect(within(dialog).queryByRole('button', { name: 'Подтвердить' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('timer')).toHaveTextContent(/^Новый код можно запросить через/);
    code.focus();
    await u.keyboard('{Enter}');
    await advance(1);
    expect(api.callsTo(flow.check)).toHaveLength(1);

    await advance(60);
    const resend = within(dialog).getByRole('button', { name: 'Отправить код повторно' });
    expect(resend).toHaveFocus();
    await u.keyboard('{Enter}');
    await waitFor(() => expect(within(dialog).getByRole('timer')).toHaveTextContent(COUNTDOWN_FROM_A_MINUTE));
    expect(within(dialog).getByRole('button', { name: 'Подтвердить' })).toBeInTheDocument();
    await u.type(code, '123456');
    expect(code).toHaveValue('123456');
  });

  it('its ten minutes over on the step: says so, offers a new code and takes the focus there, without sending the old one', async () => {
    const api = serve(flow);
    const { u, dialog } = await reachCodeStep(flow);
    const code = within(dialog).getByLabelText('Код из СМС');
    await u.type(code, '12');

    await advance(9 * 60);
    expect(within(dialog).getByRole('button', { name: 'Подтвердить' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();

    await advance(60);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(EXPIRED);
    expect(within(dialog).queryByRole('button', { name: 'Подтвердить' })).not.toBeInTheDocument();
    const resend = within(dialog).getByRole('button', { name: 'Отправить код повторно' });
    await waitFor(() => expect(resend).toHaveFocus());
    expect(api.callsTo(flow.check)).toHaveLength(0);

    await u.keyboard('{Enter}');
    await waitFor(() => expect(within(dialog).getByRole('timer')).toHaveTextContent(COUNTDOWN_FROM_A_MINUTE));
    expect(api.callsTo(flow.send)).toHaveLength(2);
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(code).toHaveValue('');
    await waitFor(() => expect(code).toHaveFocus());
    await u.type(code, '123456');
    await u.click(within(dialog).getByRole('button', { name: 'Подтвердить' }));
    expect(await within(dialog).findByLabelText(flow.next)).toBeInTheDocument();
  });

  it('its ten minutes over while the page was away (a reload): the step opens saying so, with a new code to ask for', async () => {
    serve(flow);
    const first = await reachCodeStep(flow);
    first.unmount();
    await advance(10 * 60 + 5);

    renderAuth(`/?auth=${flow.kind}`);
    const dialog = screen.getByRole('dialog', { name: flow.title });
    expect(within(dialog).getByText('Шаг 2 из 3')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(EXPIRED);
    expect(within(dialog).queryByRole('button', { name: 'Подтвердить' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Отправить код повторно' })).toBeInTheDocument();
  });
});

describe.each(FLOWS)('$title: a code sent to the phone from another device or tab moments ago', (flow) => {
  it('«Получить код» answered «too soon» goes on to the code already sent, with the server\'s wait; that code leads on', async () => {
    const api = serve(flow, { send: () => tooSoon(45) });
    const { u, dialog } = await reachCodeStep(flow);

    expect(within(dialog).getByText(/^Код уже отправлен на номер/)).toHaveTextContent('Код уже отправлен на номер +7 (999) 123-45-67');
    expect(within(dialog).getByRole('timer')).toHaveTextContent(/^Отправить код повторно через (44|45) с$/);
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    const code = within(dialog).getByLabelText('Код из СМС');
    await waitFor(() => expect(code).toHaveFocus());

    await u.type(code, '123456');
    await u.click(within(dialog).getByRole('button', { name: 'Подтвердить' }));
    expect(await within(dialog).findByLabelText(flow.next)).toBeInTheDocument();
    expect(api.callsTo(flow.check)[0]?.body).toEqual({ phone: '79991234567', code: '123456' });
  });

  it('says in its live region what the screen says: the code was sent already, not «Код отправлен»', async () => {
    serve(flow, { send: () => tooSoon(45) });
    const { dialog } = await reachCodeStep(flow);
    // The resend's own status (the step count beside it is another live region).
    const live = dialog.querySelector('.ui-resend [aria-live="polite"]');
    expect(live).toHaveTextContent(/^Код уже отправлен\. Отправить код повторно можно через (44|45) с$/);
  });

  it('refused by the SMS limits, nothing was sent: the phone step says so and stays', async () => {
    const limited: Reply = {
      status: 429,
      body: { message: 'Слишком много запросов кода. Попробуйте через 11 минут', code: 'sms_rate_limited' },
      headers: { 'Retry-After': '660' },
    };
    serve(flow, { send: () => limited });
    const u = user();
    renderAuth(`/?auth=${flow.kind}`);
    const dialog = screen.getByRole('dialog', { name: flow.title });
    await u.type(within(dialog).getByLabelText('Номер телефона'), '9991234567');
    await u.click(within(dialog).getByRole('button', { name: 'Получить код' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Слишком много запросов кода. Попробуйте через 11 минут');
    expect(within(dialog).getByText('Шаг 1 из 3')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Код из СМС')).not.toBeInTheDocument();
  });

  it('a new code asked for once this one was spent, answered «too soon» (one was sent from elsewhere since): its field opens again', async () => {
    const spent = 'Неверный код. Попытки исчерпаны. Запросите новый код';
    let sends = 0;
    serve(flow, {
      send: () => (sends++ === 0 ? ok({ codeReceived: now() }) : tooSoon(50)),
      check: () => fail(422, spent, { code: 'code_attempts_exceeded', errors: { code: spent } }),
    });
    const { u, dialog } = await reachCodeStep(flow);
    const code = within(dialog).getByLabelText('Код из СМС');
    await u.type(code, '000000');
    await u.click(within(dialog).getByRole('button', { name: 'Подтвердить' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription(spent));
    await advance(61);

    await u.click(within(dialog).getByRole('button', { name: 'Отправить код повторно' }));
    await waitFor(() => expect(within(dialog).getByRole('timer')).toHaveTextContent(/^Отправить код повторно через (49|50) с$/));
    expect(within(dialog).getByRole('button', { name: 'Подтвердить' })).toBeInTheDocument();
    expect(code).toHaveValue('');
    await waitFor(() => expect(code).toHaveFocus());
  });

  it('within the wait after this tab spent its code: the code step waits for a new one, not for that one', async () => {
    const spent = 'Неверный код. Попытки исчерпаны. Запросите новый код';
    let sends = 0;
    serve(flow, {
      send: () => (sends++ === 0 ? ok({ codeReceived: now() }) : tooSoon(40)),
      check: () => fail(422, spent, { code: 'code_attempts_exceeded', errors: { code: spent } }),
    });
    const first = await reachCodeStep(flow);
    await first.u.type(within(first.dialog).getByLabelText('Код из СМС'), '000000');
    await first.u.click(within(first.dialog).getByRole('button', { name: 'Подтвердить' }));
    await waitFor(() => expect(within(first.dialog).getByRole('timer')).toHaveTextContent(/^Новый код можно запросить/));
    await first.u.click(within(first.dialog).getByRole('button', { name: 'Изменить номер' }));
    cleanup();
    sessionStorage.removeItem(`auth-flow:${flow.kind}`);
    setSmsCountdown(now() - 20);

    const { dialog } = await reachCodeStep(flow);
    expect(within(dialog).getByRole('timer')).toHaveTextContent(/^Новый код можно запросить через (39|40) с$/);
    expect(within(dialog).queryByRole('button', { name: 'Подтвердить' })).not.toBeInTheDocument();
  });
});
