import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus, getCookie, useSessionStore } from 'shared';
import { appQueryClient } from '../../session/app-query-client';
import { authData, fail, ok, serveApi, setTestRuntimeConfig, testProfiles, type Reply } from '../../testing/fake-api';
import { renderAuth } from '../../testing/render-auth';

const loggedIn: unknown[] = [];

beforeEach(() => {
  setTestRuntimeConfig();
  useSessionStore.getState().clear();
  appQueryClient.clear();
  bus.clear();
  loggedIn.length = 0;
  bus.on('auth:logged-in', (p) => loggedIn.push(p));
});

function serveLogin(reply: Reply | (() => Reply | Promise<Reply>)) {
  return serveApi({
    'POST login': typeof reply === 'function' ? reply : () => reply,
    'GET user/profile/list': () => ok({ items: testProfiles() }),
  });
}

async function fillAndSubmit(phone = '9991234567', password = 'secret-password') {
  const dialog = screen.getByRole('dialog', { name: 'Вход' });
  await userEvent.type(within(dialog).getByLabelText('Номер телефона'), phone);
  await userEvent.type(within(dialog).getByLabelText('Пароль'), password);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Войти' }));
  return dialog;
}

describe('login dialog', () => {
  it('is a labelled modal dialog with the phone field focused and masked', async () => {
    serveLogin(ok(authData()));
    renderAuth('/?auth=login');
    const dialog = screen.getByRole('dialog', { name: 'Вход' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    const phone = within(dialog).getByLabelText('Номер телефона');
    expect(phone).toHaveFocus();
    expect(phone).toHaveAttribute('placeholder', '+7 (999) 123-45-67');
    await userEvent.type(phone, '89991234567');
    expect(phone).toHaveValue('+7 (999) 123-45-67');
  });

  it('logs in: stores the tokens, loads the profiles, emits auth:logged-in and goes to redirect', async () => {
    const api = serveLogin(ok(authData()));
    const { location } = renderAuth('/?auth=login&redirect=%2Flk%2Fmoney');
    await fillAndSubmit();

    await waitFor(() => expect(location().pathname).toBe('/lk/money'));
    expect(location().search).toBe('');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST login')[0]?.body).toEqual({ phone: '79991234567', password: 'secret-password' });
    expect(api.callsTo('GET user/profile/list')[0]?.authorization).toBe('Bearer access-1');
    expect(getCookie('token')).toBe('access-1');
    expect(getCookie('refresh_token')).toBe('refresh-1');
    expect(useSessionStore.getState().user?.name).toBe('Иван Петров');
    expect(useSessionStore.getState().activeProfile?.id).toBe(12);
    expect(loggedIn).toEqual([{ userId: 7 }]);
  });

  it('goes to a redirect that itself asked for the dialog (a guest opening /lk?auth=login) without asking again', async () => {
    serveLogin(ok(authData()));
    // The guard sent the guest from `/lk?auth=login` to the login dialog with that address to go on to.
    const { location } = renderAuth(`/?auth=login&redirect=${encodeURIComponent('/lk?tab=2&auth=login')}`);
    await fillAndSubmit();
    await waitFor(() => expect(location().pathname).toBe('/lk'));
    expect(location().search).toBe('?tab=2');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('stays on the page without a redirect and drops the dialog parameters', async () => {
    serveLogin(ok(authData()));
    const { location } = renderAuth('/application?page=2&auth=login');
    await fillAndSubmit();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(`${location().pathname}${location().search}`).toBe('/application?page=2');
  });

  it('shows the server message inside the form and keeps the dialog open', async () => {
    serveLogin(fail(401, 'Неверный телефон или пароль'));
    const { location } = renderAuth('/?auth=login');
    const dialog = await fillAndSubmit();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Неверный телефон или пароль');
    expect(within(dialog).getByRole('button', { name: 'Войти' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Войти' })).not.toHaveAttribute('aria-disabled');
    expect(location().search).toBe('?auth=login');
    expect(getCookie('token')).toBeNull();
    expect(loggedIn).toEqual([]);
  });

  describe('a failure is an error toast too (spec §7), not said twice', () => {
    const toasts: unknown[] = [];
    beforeEach(() => {
      toasts.length = 0;
      bus.on('toast:show', (toast) => toasts.push(toast));
    });

    it("a failed login: the server's words in the form's alert, which says them, and in an error toast, silent", async () => {
      serveLogin(fail(401, 'Неверный телефон или пароль'));
      renderAuth('/?auth=login');
      const dialog = await fillAndSubmit();
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('Неверный телефон или пароль');
      expect(toasts).toEqual([{ type: 'error', message: 'Неверный телефон или пароль', silent: true }]);
    });

    it("the form's own check, before any call, is no toast", async () => {
      const api = serveLogin(ok(authData()));
      renderAuth('/?auth=login');
      const dialog = screen.getByRole('dialog', { name: 'Вход' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Войти' }));
      expect(await within(dialog).findByText('Введите пароль')).toBeInTheDocument();
      expect(api.calls).toHaveLength(0);
      expect(toasts).toEqual([]);
    });
  });

  it('keeps the last failure shown while the retry is on its way, so «Войти» does not move under a second click', async () => {
    const answers: Array<(reply: Reply) => void> = [];
    serveLogin(() => new Promise<Reply>((resolve) => answers.push(resolve)));
    renderAuth('/?auth=login');
    const dialog = await fillAndSubmit();
    await waitFor(() => expect(answers).toHaveLength(1));
    answers[0]!(fail(503, 'Сервер недоступен'));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Сервер недоступен');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Войти' }));
    await waitFor(() => expect(answers).toHaveLength(2));
    expect(within(dialog).getByRole('alert')).toBe(alert);
    answers[1]!(fail(401, 'Неверный телефон или пароль'));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Неверный телефон или пароль'));
  });

  it('puts the server field errors on the fields', async () => {
    serveLogin(fail(422, 'Проверьте данные', { errors: { phone: 'Телефон не зарегистрирован' } }));
    renderAuth('/?auth=login');
    const dialog = await fillAndSubmit();
    const phone = within(dialog).getByLabelText('Номер телефона');
    await waitFor(() => expect(phone).toHaveAccessibleDescription('Телефон не зарегистрирован'));
    expect(phone).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the 429 message with its wait', async () => {
    serveLogin({ ...fail(429, 'Слишком много попыток входа'), headers: { 'Retry-After': '30' } });
    renderAuth('/?auth=login');
    const dialog = await fillAndSubmit();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Слишком много попыток входа. Повторить можно через 30 секунд');
  });

  it('checks the fields in Russian before calling the API', async () => {
    const api = serveLogin(ok(authData()));
    renderAuth('/?auth=login');
    const dialog = screen.getByRole('dialog', { name: 'Вход' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Войти' }));
    expect(await within(dialog).findByText('Укажите номер телефона', { selector: '.ui-field__error' })).toBeInTheDocument();
    expect(within(dialog).getByText('Введите пароль')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Номер телефона')).toHaveFocus();
    // The phone kept the focus through the press: its message is said as a status.
    expect(within(dialog).getByRole('status')).toHaveTextContent(/^Укажите номер телефона$/);
    expect(api.calls).toHaveLength(0);
  });

  it('a refusal of the field that keeps the focus (Enter in it) is said as a status, each Enter anew', async () => {
    serveLogin(ok(authData()));
    renderAuth('/?auth=login');
    const dialog = screen.getByRole('dialog', { name: 'Вход' });
    const phone = within(dialog).getByLabelText('Номер телефона');
    const status = within(dialog).getByRole('status');
    expect(phone).toHaveFocus();
    expect(status).toBeEmptyDOMElement();

    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(phone).toHaveAccessibleDescription('Укажите номер телефона'));
    expect(phone).toHaveFocus();
    const first = status.firstElementChild;
    expect(first).toHaveTextContent(/^Укажите номер телефона$/);

    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(status.firstElementChild).not.toBe(first));
    expect(status.firstElementChild).toHaveTextContent(/^Укажите номер телефона$/);
  });

  it("the server's refusal of the field the Enter was pressed in is said as a status too", async () => {
    serveLogin(fail(422, 'Проверьте данные', { errors: { password: 'Неверный пароль' } }));
    renderAuth('/?auth=login');
    const dialog = screen.getByRole('dialog', { name: 'Вход' });
    await userEvent.type(within(dialog).getByLabelText('Номер телефона'), '9991234567');
    const password = within(dialog).getByLabelText('Пароль');
    await userEvent.type(password, 'secret-password{Enter}');
    await waitFor(() => expect(password).toHaveAccessibleDescription('Неверный пароль'));
    expect(password).toHaveFocus();
    expect(within(dialog).getByRole('status')).toHaveTextContent(/^Неверный пароль$/);
  });

  it('marks the submit button busy and unavailable (aria-disabled) with a spinner while the call is pending', async () => {
    let answer: (reply: Reply) => void = () => undefined;
    serveLogin(() => new Promise<Reply>((resolve) => (answer = resolve)));
    renderAuth('/?auth=login');
    const dialog = await fillAndSubmit();
    const submit = within(dialog).getByRole('button', { name: 'Войти' });
    await waitFor(() => expect(submit).toHaveAttribute('aria-disabled', 'true'));
    expect(submit).toHaveAttribute('aria-busy', 'true');
    answer(fail(401, 'Неверный телефон или пароль'));
    await waitFor(() => expect(submit).not.toHaveAttribute('aria-disabled'));
    expect(submit).not.toHaveAttribute('aria-busy');
  });

  it('by keyboard: Enter on «Войти» keeps the focus there while pending, and Enter again sends nothing more', async () => {
    let answer: (reply: Reply) => void = () => undefined;
    const api = serveLogin(() => new Promise<Reply>((resolve) => (answer = resolve)));
    renderAuth('/?auth=login');
    const user = userEvent.setup();
    const dialog = screen.getByRole('dialog', { name: 'Вход' });
    await user.type(within(dialog).getByLabelText('Номер телефона'), '9991234567');
    await user.type(within(dialog).getByLabelText('Пароль'), 'secret-password');
    const submit = within(dialog).getByRole('button', { name: 'Войти' });
    submit.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(submit).toHaveAttribute('aria-busy', 'true'));
    // Not `disabled` (a browser drops the focus of a disabled button to <body>), only announced so.
    expect(submit).toBeEnabled();
    expect(submit).toHaveAttribute('aria-disabled', 'true');
    expect(submit).toHaveFocus();
    await user.keyboard('{Enter}');
    // Enter in a field submits through the same (loading) button: cancelled too.
    await user.type(within(dialog).getByLabelText('Пароль'), '{Enter}');
    submit.focus();
    await user.keyboard('{Enter}');
    expect(api.callsTo('POST login')).toHaveLength(1);

    answer(fail(401, 'Неверный телефон или пароль'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Неверный телефон или пароль');
    expect(api.callsTo('POST login')).toHaveLength(1);
  });

  it('links to registration and recovery keeping redirect', async () => {
    serveLogin(ok(authData()));
    const { location } = renderAuth('/?auth=login&redirect=%2Flk');
    await userEvent.click(screen.getByRole('link', { name: 'Зарегистрироваться' }));
    expect(screen.getByRole('dialog', { name: 'Регистрация' })).toBeInTheDocument();
    expect(new URLSearchParams(location().search).get('redirect')).toBe('/lk');
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('link', { name: 'Войти' }));
    await userEvent.click(screen.getByRole('link', { name: 'Забыли пароль?' }));
    expect(screen.getByRole('dialog', { name: 'Восстановление пароля' })).toBeInTheDocument();
    expect(new URLSearchParams(location().search).get('redirect')).toBe('/lk');
  });

  it('the phone typed goes along to recovery and registration and back, in the history entry, not the URL', async () => {
    serveLogin(ok(authData()));
    const { location } = renderAuth('/?auth=login');
    await userEvent.type(within(screen.getByRole('dialog', { name: 'Вход' })).getByLabelText('Номер телефона'), '9991234567');
    await userEvent.click(screen.getByRole('link', { name: 'Забыли пароль?' }));

    let dialog = screen.getByRole('dialog', { name: 'Восстановление пароля' });
    expect(within(dialog).getByLabelText('Номер телефона')).toHaveValue('+7 (999) 123-45-67');
    expect(location().search).toBe('?auth=recovery');
    // Another number typed there comes back to the login.
    await userEvent.clear(within(dialog).getByLabelText('Номер телефона'));
    await userEvent.type(within(dialog).getByLabelText('Номер телефона'), '9997654321');
    await userEvent.click(within(dialog).getByRole('link', { name: 'Войти' }));

    dialog = screen.getByRole('dialog', { name: 'Вход' });
    expect(within(dialog).getByLabelText('Номер телефона')).toHaveValue('+7 (999) 765-43-21');
    expect(within(dialog).getByLabelText('Пароль')).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('link', { name: 'Зарегистрироваться' }));

    dialog = screen.getByRole('dialog', { name: 'Регистрация' });
    expect(within(dialog).getByLabelText('Номер телефона')).toHaveValue('+7 (999) 765-43-21');
    expect(location().search).toBe('?auth=register');
    await userEvent.click(within(dialog).getByRole('link', { name: 'Войти' }));
    expect(within(screen.getByRole('dialog', { name: 'Вход' })).getByLabelText('Номер телефона')).toHaveValue('+7 (999) 765-43-21');
  });

  it('an empty or unfinished phone carries nothing: the next dialog starts empty', async () => {
    serveLogin(ok(authData()));
    renderAuth('/?auth=login');
    await userEvent.type(within(screen.getByRole('dialog', { name: 'Вход' })).getByLabelText('Номер телефона'), '99912');
    await userEvent.click(screen.getByRole('link', { name: 'Забыли пароль?' }));
    expect(within(screen.getByRole('dialog', { name: 'Восстановление пароля' })).getByLabelText('Номер телефона')).toHaveValue('');
  });

  it('closes on Escape, returns focus to the link that opened it and traps Tab inside', async () => {
    serveLogin(ok(authData()));
    const { location } = renderAuth('/');
    const opener = screen.getByRole('link', { name: 'Войти' });
    await userEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Вход' });
    expect(within(dialog).getByLabelText('Номер телефона')).toHaveFocus();

    const close = within(dialog).getByRole('button', { name: 'Закрыть' });
    close.focus();
    await userEvent.tab();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await userEvent.tab({ shift: true });
    expect(close).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(location().search).toBe(''));
    expect(screen.getByRole('link', { name: 'Войти' })).toHaveFocus();
  });

  it('closed while the login is on its way, the dialog is given up: its answer signs nobody in', async () => {
    let answer: (reply: Reply) => void = () => undefined;
    serveLogin(() => new Promise<Reply>((resolve) => (answer = resolve)));
    const { location } = renderAuth('/?auth=login');
    await fillAndSubmit();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    answer(ok(authData()));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(getCookie('token')).toBeNull();
    expect(useSessionStore.getState().user).toBeNull();
    expect(loggedIn).toEqual([]);
    expect(location().pathname).toBe('/');
  });
});
