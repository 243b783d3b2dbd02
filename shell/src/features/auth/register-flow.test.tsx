import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus, getCookie, setSmsCountdown } from 'shared';
import { authData, fail, ok, serveApi, testUser } from '../../testing/fake-api';
import { COUNTDOWN_FROM_A_MINUTE, renderAuth, resetAuthFlows } from '../../testing/render-auth';

const toasts: unknown[] = [];
const loggedIn: unknown[] = [];
const now = () => Math.floor(Date.now() / 1000);

beforeEach(() => {
  jest.useFakeTimers();
  resetAuthFlows();
  toasts.length = 0;
  loggedIn.length = 0;
  bus.on('toast:show', (t) => toasts.push(t));
  bus.on('auth:logged-in', (p) => loggedIn.push(p));
});

afterEach(() => jest.useRealTimers());

const user = () => userEvent.setup({ advanceTimers: jest.advanceTimersByTime, delay: null });

/** The registration dialog reopened at `step` for +7 999 123-45-67 (the flow kept in sessionStorage, as after a reload). */
function openRegistrationAt(step: 'code' | 'details', path = '/?auth=register') {
  sessionStorage.setItem('auth-flow:register', JSON.stringify({ step, phone: '79991234567' }));
  const u = user();
  const rendered = renderAuth(path);
  return { ...rendered, u, dialog: screen.getByRole('dialog', { name: 'Регистрация' }) };
}
const advance = (seconds: number) => act(() => jest.advanceTimersByTime(seconds * 1000));

function serveRegistration() {
  return serveApi({
    'POST register/code-receive/phone': () => ok({ codeReceived: now() }),
    'POST register/code-check/phone': ({ body }) =>
      (body as { code: string }).code === '123456' ? ok({ phone: '79991234567', verified: true }) : fail(422, 'Неверный код'),
    'POST register': () => ok(authData(testUser({ activeProfileId: null })), 'Добро пожаловать!'),
    'GET user/profile/list': () => ok({ items: [] }),
  });
}

describe('registration dialog', () => {
  it('says a landline number gets no code, on the field, and asks the server nothing', async () => {
    const api = serveRegistration();
    const u = user();
    renderAuth('/?auth=register');
    const dialog = screen.getByRole('dialog', { name: 'Регистрация' });
    const phone = within(dialog).getByLabelText('Номер телефона');
    await u.type(phone, '4951234567');
    await u.click(within(dialog).getByRole('button', { name: 'Получить код' }));
    await waitFor(() => expect(phone).toHaveAccessibleDescription('Укажите мобильный номер: +7 9XX… — на него придёт код в СМС'));
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST register/code-receive/phone')).toHaveLength(0);
  });

  it('a phone registered already is refused at its field, which the message describes (QA AAR-3)', async () => {
    const taken = 'Пользователь с таким телефоном уже зарегистрирован';
    serveApi({ 'POST register/code-receive/phone': () => fail(409, taken, { code: 'phone_taken', errors: { phone: taken } }) });
    const u = user();
    renderAuth('/?auth=register');
    const dialog = screen.getByRole('dialog', { name: 'Регистрация' });
    const phone = within(dialog).getByLabelText('Номер телефона');
    await u.type(phone, '9991234567');
    await u.click(within(dialog).getByRole('button', { name: 'Получить код' }));
    await waitFor(() => expect(phone).toHaveAccessibleDescription(taken));
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveFocus();
    expect(within(dialog).getByText('Шаг 1 из 3')).toBeInTheDocument();
  });

  it('goes phone → code (with a 60 s countdown that survives a remount) → name and password → /lk/profile', async () => {
    const api = serveRegistration();
    const u = user();
    const first = renderAuth('/?auth=register');
    let dialog = screen.getByRole('dialog', { name: 'Регистрация' });
    expect(within(dialog).getByText('Шаг 1 из 3')).toBeInTheDocument();

    await u.type(within(dialog).getByLabelText('Номер телефона'), '9991234567');
    await u.click(within(dialog).getByRole('button', { name: 'Получить код' }));

    expect(await within(dialog).findByText('Шаг 2 из 3')).toBeInTheDocument();
    expect(api.callsTo('POST register/code-receive/phone')[0]?.body).toEqual({ phone: '79991234567' });
    expect(within(dialog).getByText('+7 (999) 123-45-67')).toBeInTheDocument();
    // findBy advances Jest's fake clock while it waits, so the countdown may already be below 60:
    // what matters is that the text and the cookie agree and count down together.
    const timer = within(dialog).getByText(COUNTDOWN_FROM_A_MINUTE);
    const left = Number(/через (\d+) с/.exec(timer.textContent ?? '')?.[1]);
    expect(Number(getCookie('sms_countdown'))).toBe(now() + left);
    expect(within(dialog).getByLabelText('Код из СМС')).toHaveFocus();

    advance(15);
    expect(within(dialog).getByText(`Отправить код повторно через ${left - 15} с`)).toBeInTheDocument();

    // A reload: the step comes back from session storage, the countdown from its cookie.
    first.unmount();
    renderAuth('/?auth=register');
    dialog = screen.getByRole('dialog', { name: 'Регистрация' });
    expect(within(dialog).getByText('Шаг 2 из 3')).toBeInTheDocument();
    expect(within(dialog).getByText(`Отправить код повторно через ${left - 15} с`)).toBeInTheDocument();

    advance(left - 15);
    await u.click(within(dialog).getByRole('button', { name: 'Отправить код повторно' }));
    expect(await within(dialog).findByText(COUNTDOWN_FROM_A_MINUTE)).toBeInTheDocument();
    expect(api.callsTo('POST register/code-receive/phone')).toHaveLength(2);

    await u.type(within(dialog).getByLabelText('Код из СМС'), '000000');
    await u.click(within(dialog).getByRole('button', { name: 'Подтвердить' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Неверный код');

    await u.clear(within(dialog).getByLabelText('Код из СМС'));
    await u.type(within(dialog).getByLabelText('Код из СМС'), '123456');
    await u.click(within(dialog).getByRole('button', { name: 'Подтвердить' }));
    expect(await within(dialog).findByText('Шаг 3 из 3')).toBeInTheDocument();
    expect(api.callsTo('POST register/code-check/phone').at(-1)?.body).toEqual({ phone: '79991234567', code: '123456' });

    await u.type(within(dialog).getByLabelText('Имя'), 'Иван Петров');
    await u.type(within(dialog).getByLabelText('Пароль'), 'надёжный-пароль');
    await u.type(within(dialog).getByLabelText('Повторите пароль'), 'другой-пароль');
    await u.click(within(dialog).getByRole('button', { name: 'Зарегистрироваться' }));
    expect(await within(dialog).findByText('Пароли не совпадают', { selector: '.ui-field__error' })).toBeInTheDocument();
    expect(api.callsTo('POST register')).toHaveLength(0);

    await u.clear(within(dialog).getByLabelText('Повторите пароль'));
    await u.type(within(dialog).getByLabelText('Повторите пароль'), 'надёжный-пароль');
    await u.click(within(dialog).getByRole('button', { name: 'Зарегистрироваться' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST register')[0]?.body).toEqual({
      phone: '79991234567',
      name: 'Иван Петров',
      password: 'надёжный-пароль',
      passwordConfirm: 'надёжный-пароль',
    });
    expect(getCookie('token')).toBe('access-1');
    expect(loggedIn).toEqual([{ userId: 7 }]);
    expect(toasts).toContainEqual({ type: 'success', message: 'Добро пожаловать!' });
    expect(sessionStorage.length).toBe(0);
  });

  it('lands on /lk/profile after registration, carrying where the guest was going (the profile page goes on there)', async () => {
    serveRegistration();
    const { u, dialog, location } = openRegistrationAt('details', '/?auth=register&redirect=%2Flk%2Fmoney');
    await u.type(within(dialog).getByLabelText('Имя'), 'Иван Петров');
    await u.type(within(dialog).getByLabelText('Пароль'), 'надёжный-пароль');
    await u.type(within(dialog).getByLabelText('Повторите пароль'), 'надёжный-пароль');
    await u.click(within(dialog).getByRole('button', { name: 'Зарегистрироваться' }));
    await waitFor(() => expect(location().pathname).toBe('/lk/profile'));
    expect(location().search).toBe('?redirect=%2Flk%2Fmoney');
  });

  it("says 'Не удалось отправить код' when sending fails without a server message", async () => {
    serveApi({ 'POST register/code-receive/phone': () => ({ status: 502 }) });
    const u = user();
    renderAuth('/?auth=register');
    const dialog = screen.getByRole('dialog', { name: 'Регистрация' });
    await u.type(within(dialog).getByLabelText('Номер телефона'), '9991234567');
    await u.click(within(dialog).getByRole('button', { name: 'Получить код' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Не удалось отправить код');
    expect(within(dialog).getByText('Шаг 1 из 3')).toBeInTheDocument();
  });

  it('back with the same number while the code may not be resent: to the code already sent, without sending another; another number gets its own code', async () => {
    const api = serveRegistration();
    const u = user();
    renderAuth('/?auth=register');
    const dialog = screen.getByRole('dialog', { name: 'Регистрация' });
    await u.type(within(dialog).getByLabelText('Номер телефона'), '9991234567');
    await u.click(within(dialog).getByRole('button', { name: 'Получить код' }));
    expect(await within(dialog).findByText('Шаг 2 из 3')).toBeInTheDocument();

    await u.click(within(dialog).getByRole('button', { name: 'Изменить номер' }));
    await u.click(within(dialog).getByRole('button', { name: 'Получить код' }));
    expect(await within(dialog).findByText('Шаг 2 из 3')).toBeInTheDocument();
    expect(within(dialog).getByText(COUNTDOWN_FROM_A_MINUTE)).toBeInTheDocument();
    expect(api.callsTo('POST register/code-receive/phone')).toHaveLength(1);

    await u.click(within(dialog).getByRole('button', { name: 'Изменить номер' }));
    await u.clear(within(dialog).getByLabelText('Номер телефона'));
    await u.type(within(dialog).getByLabelText('Номер телефона'), '9997654321');
    await u.click(within(dialog).getByRole('button', { name: 'Получить код' }));
    await waitFor(() => expect(api.callsTo('POST register/code-receive/phone')).toHaveLength(2));
    expect(api.callsTo('POST register/code-receive/phone')[1]?.body).toEqual({ phone: '79997654321' });
  });

  it('a phone confirmation that lapsed before the details were sent: back to the phone step with the server\'s message, and the same number gets a new code', async () => {
    const lapsed = 'Подтвердите номер телефона кодом из СМС';
    const api = serveApi({
      'POST register': () => fail(422, lapsed, { code: 'phone_not_verified', errors: { phone: lapsed } }),
      'POST register/code-receive/phone': () => ok({ codeReceived: now() }),
    });
    const { u, dialog } = openRegistrationAt('details');
    await u.type(within(dialog).getByLabelText('Имя'), 'Иван Петров');
    await u.type(within(dialog).getByLabelText('Пароль'), 'надёжный-пароль');
    await u.type(within(dialog).getByLabelText('Повторите пароль'), 'надёжный-пароль');
    await u.click(within(dialog).getByRole('button', { name: 'Зарегистрироваться' }));

    expect(await within(dialog).findByText('Шаг 1 из 3')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(lapsed);
    const phone = within(dialog).getByLabelText('Номер телефона');
    expect(phone).toHaveValue('+7 (999) 123-45-67');
    await waitFor(() => expect(phone).toHaveFocus());
    expect(sessionStorage.getItem('auth-flow:register')).toBeNull();
    // The failure's error toast (spec §7) shows the alert's words, silent: the alert says them.
    expect(toasts).toEqual([{ type: 'error', message: lapsed, silent: true }]);

    // The code sent before is used up: a new one is asked for even while the countdown runs.
    await u.click(within(dialog).getByRole('button', { name: 'Получить код' }));
    expect(await within(dialog).findByText('Шаг 2 из 3')).toBeInTheDocument();
    expect(api.callsTo('POST register/code-receive/phone')).toHaveLength(1);
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('an empty «Повторите пароль» asks for it; «Пароли не совпадают» is only for a filled repeat that differs', async () => {
    const api = serveRegistration();
    const { u, dialog } = openRegistrationAt('details');
    const repeat = within(dialog).getByLabelText('Повторите пароль');
    await u.type(within(dialog).getByLabelText('Имя'), 'Иван Петров');
    await u.type(within(dialog).getByLabelText('Пароль'), 'надёжный-пароль');
    await u.click(within(dialog).getByRole('button', { name: 'Зарегистрироваться' }));
    await waitFor(() => expect(repeat).toHaveAccessibleDescription('Введите пароль ещё раз'));
    expect(repeat).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByText('Пароли не совпадают')).not.toBeInTheDocument();

    await u.type(repeat, 'другой-пароль');
    await u.click(within(dialog).getByRole('button', { name: 'Зарегистрироваться' }));
    await waitFor(() => expect(repeat).toHaveAccessibleDescription('Пароли не совпадают'));
    expect(api.callsTo('POST register')).toHaveLength(0);
  });

  it('a wrong code sent with Enter from its field, where the focus stays, is still heard: once, as a status', async () => {
    const wrong = 'Неверный код, осталось попыток: 4';
    serveApi({ 'POST register/code-check/phone': () => fail(422, wrong, { errors: { code: wrong } }) });
    const { u, dialog } = openRegistrationAt('code');
    const code = within(dialog).getByLabelText('Код из СМС');
    expect(within(dialog).getByRole('status')).toBeEmptyDOMElement();
    await u.type(code, '000000{Enter}');

    await waitFor(() => expect(code).toHaveAccessibleDescription(wrong));
    expect(code).toHaveFocus();
    expect(within(dialog).getByRole('status')).toHaveTextContent(wrong);
    // A changed code takes back what was said of the last one.
    await u.type(code, '{Backspace}');
    expect(within(dialog).getByRole('status')).toBeEmptyDOMElement();
  });

  it('a wrong code\'s toast is over once the right code leads on to the next step (QA MM-1)', async () => {
    serveRegistration();
    const ended: number[] = [];
    const stop = bus.on('toast:form-failure-over', () => ended.push(toasts.length));
    const { u, dialog } = openRegistrationAt('code');
    await u.type(within(dialog).getByLabelText('Код из СМС'), '000000');
    await u.click(within(dialog).getByRole('button', { name: 'Подтвердить' }));
    await waitFor(() => expect(toasts).toEqual([{ type: 'error', message: 'Неверный код', silent: true }]));
    expect(ended).toEqual([]);
    await u.clear(within(dialog).getByLabelText('Код из СМС'));
    await u.type(within(dialog).getByLabelText('Код из СМС'), '123456');
    await u.click(within(dialog).getByRole('button', { name: 'Подтвердить' }));
    expect(await within(dialog).findByText('Шаг 3 из 3')).toBeInTheDocument();
    // Ended after the failure's toast, with no toast of its own.
    expect(ended).toEqual([1]);
    expect(toasts).toHaveLength(1);
    stop();
  });

  it('a short code refused with Enter in its field is said as a status; refused from a focused «Подтвердить», the focus reads it', async () => {
    const api = serveRegistration();
    const { u, dialog } = openRegistrationAt('code');
    const code = within(dialog).getByLabelText('Код из СМС');
    await u.type(code, '123{Enter}');

    await waitFor(() => expect(code).toBeInvalid());
    const message = code.getAttribute('aria-describedby') && document.getElementById(code.getAttribute('aria-describedby')!)!.textContent!;
    expect(message).toBeTruthy();
    expect(code).toHaveFocus();
    expect(within(dialog).getByRole('status')).toHaveTextContent(message!);

    // Tabbed to the button (a click leaves the focus in the field, and is said as above).
    within(dialog).getByRole('button', { name: 'Подтвердить' }).focus();
    await u.keyboard('{Enter}');
    await waitFor(() => expect(code).toHaveFocus());
    expect(code).toHaveAccessibleDescription(message!);
    await waitFor(() => expect(within(dialog).getByRole('status')).toBeEmptyDOMElement());
    expect(api.callsTo('POST register/code-check/phone')).toHaveLength(0);
  });

  describe('a code that can no longer be used', () => {
    const spentText = 'Неверный код. Попытки исчерпаны. Запросите новый код';
    function serveSpentCode() {
      return serveApi({
        'POST register/code-check/phone': () => fail(422, spentText, { code: 'code_attempts_exceeded', errors: { code: spentText } }),
        'POST register/code-receive/phone': () => ok({ codeReceived: now() }),
      });
    }

    it('its tries used up before a new code may be asked for: the wait says so, then «Отправить код повторно» takes the focus; the new code empties the field and takes its error', async () => {
      const api = serveSpentCode();
      // The code was sent 20 s ago: a new one in 40 s.
      setSmsCountdown(now() - 20);
      const { u, dialog } = openRegistrationAt('code');
      const code = within(dialog).getByLabelText('Код из СМС');
      await u.type(code, '000000');
      await u.click(within(dialog).getByRole('button', { name: 'Подтвердить' }));

      await waitFor(() => expect(code).toHaveAccessibleDescription(spentText));
      expect(within(dialog).getByRole('timer')).toHaveTextContent(/^Новый код можно запросить через (39|40) с$/);
      expect(within(dialog).queryByRole('button', { name: 'Отправить код повторно' })).not.toBeInTheDocument();

      await act(() => jest.advanceTimersByTimeAsync(40_000));
      const resend = within(dialog).getByRole('button', { name: 'Отправить код повторно' });
      expect(resend).toHaveFocus();
      await u.keyboard('{Enter}');

      await waitFor(() => expect(within(dialog).getByRole('timer')).toHaveTextContent(COUNTDOWN_FROM_A_MINUTE));
      expect(api.callsTo('POST register/code-receive/phone')).toHaveLength(1);
      expect(code).toHaveValue('');
      expect(code).not.toBeInvalid();
      expect(code).not.toHaveAccessibleDescription(spentText);
      expect(within(dialog).getByRole('status')).toBeEmptyDOMElement();
      await waitFor(() => expect(code).toHaveFocus());
    });

    it('spent, it stays spent after a reload: the step waits for a new code, not for the old one; a new code ends that', async () => {
      serveSpentCode();
      setSmsCountdown(now() - 20);
      const first = openRegistrationAt('code');
      const code = within(first.dialog).getByLabelText('Код из СМС');
      await first.u.type(code, '000000');
      await first.u.click(within(first.dialog).getByRole('button', { name: 'Подтвердить' }));
      await waitFor(() => expect(within(first.dialog).getByRole('timer')).toHaveTextContent(/^Новый код можно запросить через/));

      // A reload: the step and the countdown come back, and so does what became of the code.
      first.unmount();
      const { u } = openRegistrationAt('code');
      let dialog = screen.getByRole('dialog', { name: 'Регистрация' });
      expect(within(dialog).getByRole('timer')).toHaveTextContent(/^Новый код можно запросить через (39|40) с$/);

      await act(() => jest.advanceTimersByTimeAsync(40_000));
      await u.click(within(dialog).getByRole('button', { name: 'Отправить код повторно' }));
      await waitFor(() => expect(within(dialog).getByRole('timer')).toHaveTextContent(COUNTDOWN_FROM_A_MINUTE));
      cleanup();
      openRegistrationAt('code');
      dialog = screen.getByRole('dialog', { name: 'Регистрация' });
      expect(within(dialog).getByRole('timer')).toHaveTextContent(/^Отправить код повторно через/);
    });

    it('a plain resend empties the field too: the code typed was for the old one', async () => {
      serveSpentCode();
      const { u, dialog } = openRegistrationAt('code');
      const code = within(dialog).getByLabelText('Код из СМС');
      await u.type(code, '123');
      await u.click(within(dialog).getByRole('button', { name: 'Отправить код повторно' }));
      await waitFor(() => expect(within(dialog).getByRole('timer')).toHaveTextContent(COUNTDOWN_FROM_A_MINUTE));
      expect(code).toHaveValue('');
      expect(code).toHaveFocus();
    });

    it('spent when a new code may be asked for at once: «Отправить код повторно» takes the focus, and why is said as a status', async () => {
      serveSpentCode();
      const { u, dialog } = openRegistrationAt('code');
      const code = within(dialog).getByLabelText('Код из СМС');
      await u.type(code, '000000');
      // Sent from the button: the refusal passes the field on its way to «Отправить код повторно».
      within(dialog).getByRole('button', { name: 'Подтвердить' }).focus();
      await u.keyboard('{Enter}');

      await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Отправить код повторно' })).toHaveFocus());
      expect(code).toHaveAccessibleDescription(spentText);
      expect(within(dialog).getByRole('status')).toHaveTextContent(spentText);
    });
  });

  it('at its last step the confirmed phone is at stake: Escape, × and a tap beside the sheet ask «Закрыть без сохранения?» first', async () => {
    serveRegistration();
    const { u, dialog, location } = openRegistrationAt('details');
    await u.type(within(dialog).getByLabelText('Имя'), 'Иван Петров');
    const question = () => within(dialog).getByRole('alertdialog', { name: 'Закрыть без сохранения?' });

    // A stray tap beside the sheet (a phone's full-screen sheet has little else around it).
    fireEvent.mouseDown(dialog.parentElement!);
    expect(question()).toBeInTheDocument();
    await u.click(within(question()).getByRole('button', { name: 'Продолжить ввод' }));
    expect(within(dialog).getByText('Шаг 3 из 3')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Имя')).toHaveValue('Иван Петров');

    await u.keyboard('{Escape}');
    expect(question()).toBeInTheDocument();
    await u.keyboard('{Escape}');
    expect(within(dialog).getByLabelText('Имя')).toHaveValue('Иван Петров');
    expect(sessionStorage.getItem('auth-flow:register')).not.toBeNull();

    await u.click(within(dialog).getByRole('button', { name: 'Закрыть' }));
    await u.click(within(question()).getByRole('button', { name: 'Закрыть' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(location().search).toBe('');
    expect(sessionStorage.getItem('auth-flow:register')).toBeNull();
  });

  it('asks at its last step with nothing typed yet too: the phone confirmed there would be lost', async () => {
    serveRegistration();
    const { u, dialog } = openRegistrationAt('details');
    await u.keyboard('{Escape}');
    expect(within(dialog).getByRole('alertdialog', { name: 'Закрыть без сохранения?' })).toBeInTheDocument();
  });

  it('closes at the code step without asking: the code sent stays valid, and the same number comes back to it', async () => {
    serveRegistration();
    const { u } = openRegistrationAt('code');
    await u.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('goes back to the phone with "Изменить номер"', async () => {
    serveRegistration();
    const { u, dialog } = openRegistrationAt('code');
    await u.click(within(dialog).getByRole('button', { name: 'Изменить номер' }));
    expect(within(dialog).getByLabelText('Номер телефона')).toHaveValue('+7 (999) 123-45-67');
  });
});
