import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus, clearSmsCountdown, getCookie } from 'shared';
import { fail, ok, serveApi } from '../../testing/fake-api';
import { COUNTDOWN_FROM_A_MINUTE, renderAuth, resetAuthFlows } from '../../testing/render-auth';

const toasts: unknown[] = [];
const now = () => Math.floor(Date.now() / 1000);
let codeSentAt = 0;

beforeEach(() => {
  resetAuthFlows();
  toasts.length = 0;
  bus.on('toast:show', (t) => toasts.push(t));
});

function serveRecovery(change = ok({ ok: true }, 'Пароль изменён')) {
  return serveApi({
    'POST user/password/recovery/send/sms': () => ok({ codeReceived: (codeSentAt = now()) }),
    'POST user/password/recovery': () => ok({ phone: '79991234567', verified: true }),
    'PUT user/password/recovery/change': () => change,
  });
}

async function reachPasswordStep() {
  const dialog = screen.getByRole('dialog', { name: 'Восстановление пароля' });
  expect(dialog).toHaveAccessibleDescription('Пришлём код в СМС, чтобы задать новый пароль.');
  // Where the visitor is in the flow, as registration says it.
  expect(within(dialog).getByText('Шаг 1 из 3')).toBeInTheDocument();
  await userEvent.type(within(dialog).getByLabelText('Номер телефона'), '+7 999 123 45 67');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Получить код' }));
  expect(await within(dialog).findByText(COUNTDOWN_FROM_A_MINUTE)).toBeInTheDocument();
  expect(within(dialog).getByText('Шаг 2 из 3')).toBeInTheDocument();
  // The code's own send time: a second may tick between the answer and this line on a loaded machine.
  expect(Number(getCookie('sms_countdown'))).toBe(codeSentAt + 60);
  await userEvent.type(within(dialog).getByLabelText('Код из СМС'), '654321');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Подтвердить' }));
  await within(dialog).findByLabelText('Новый пароль');
  expect(within(dialog).getByText('Шаг 3 из 3')).toBeInTheDocument();
  return dialog;
}

describe('password recovery dialog', () => {
  it('phone → code → new password twice → success toast and the login dialog with the phone', async () => {
    const api = serveRecovery();
    const { location } = renderAuth('/?auth=recovery&redirect=%2Flk');
    const dialog = await reachPasswordStep();

    await userEvent.type(within(dialog).getByLabelText('Новый пароль'), 'новый-пароль-1');
    await userEvent.type(within(dialog).getByLabelText('Повторите пароль'), 'новый-пароль-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Сохранить пароль' }));

    expect(await screen.findByRole('dialog', { name: 'Вход' })).toBeInTheDocument();
    expect(new URLSearchParams(location().search).get('redirect')).toBe('/lk');
    expect(screen.getByLabelText('Номер телефона')).toHaveValue('+7 (999) 123-45-67');
    expect(screen.getByLabelText('Пароль')).toHaveFocus();
    expect(toasts).toEqual([{ type: 'success', message: 'Пароль изменён' }]);
    expect(api.callsTo('POST user/password/recovery/send/sms')[0]?.body).toEqual({ phone: '79991234567' });
    expect(api.callsTo('POST user/password/recovery')[0]?.body).toEqual({ phone: '79991234567', code: '654321' });
    expect(api.callsTo('PUT user/password/recovery/change')[0]?.body).toEqual({
      phone: '79991234567',
      code: '654321',
      password: 'новый-пароль-1',
      passwordConfirm: 'новый-пароль-1',
    });
  });

  it('at the new password, the phone and the accepted code are at stake: Escape, × and a tap beside the sheet ask «Закрыть без сохранения?» first', async () => {
    serveRecovery();
    const { location } = renderAuth('/?auth=recovery');
    const dialog = await reachPasswordStep();
    const question = () => within(dialog).getByRole('alertdialog', { name: 'Закрыть без сохранения?' });

    await userEvent.keyboard('{Escape}');
    expect(question()).toBeInTheDocument();
    await userEvent.click(within(question()).getByRole('button', { name: 'Продолжить ввод' }));
    await userEvent.type(within(dialog).getByLabelText('Новый пароль'), 'новый-пароль-1');

    fireEvent.mouseDown(dialog.parentElement!);
    expect(question()).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(within(dialog).getByText('Шаг 3 из 3')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Новый пароль')).toHaveValue('новый-пароль-1');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Закрыть' }));
    await userEvent.click(within(question()).getByRole('button', { name: 'Закрыть' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(location().search).toBe('');
  });

  it('uses a Russian default toast when the server gives no message', async () => {
    serveRecovery(ok({ ok: true }));
    renderAuth('/?auth=recovery');
    const dialog = await reachPasswordStep();
    await userEvent.type(within(dialog).getByLabelText('Новый пароль'), 'новый-пароль-1');
    await userEvent.type(within(dialog).getByLabelText('Повторите пароль'), 'новый-пароль-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Сохранить пароль' }));
    await waitFor(() => expect(toasts).toEqual([{ type: 'success', message: 'Пароль изменён. Войдите с новым паролем' }]));
  });

  it('shows the server field error of a refused password', async () => {
    serveRecovery(fail(422, 'Пароль слишком простой', { errors: { password: 'Этот пароль слишком распространён' } }));
    renderAuth('/?auth=recovery');
    const dialog = await reachPasswordStep();
    await userEvent.type(within(dialog).getByLabelText('Новый пароль'), '12345678');
    await userEvent.type(within(dialog).getByLabelText('Повторите пароль'), '12345678');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Сохранить пароль' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Пароль слишком простой');
    expect(within(dialog).getByLabelText('Новый пароль')).toHaveAccessibleDescription(
      'Не короче 8 символов Этот пароль слишком распространён',
    );
    // The failure's error toast (spec §7) shows the alert's words, and is silent: the alert says them.
    expect(toasts).toEqual([{ type: 'error', message: 'Пароль слишком простой', silent: true }]);
  });

  it('a code that lapsed before the new password was sent: back to the code step with the server\'s message', async () => {
    const lapsed = 'Код недействителен или истёк. Запросите новый';
    const api = serveRecovery(fail(422, lapsed, { code: 'code_expired', errors: { code: lapsed } }));
    renderAuth('/?auth=recovery');
    const dialog = await reachPasswordStep();
    await userEvent.type(within(dialog).getByLabelText('Новый пароль'), 'новый-пароль-1');
    await userEvent.type(within(dialog).getByLabelText('Повторите пароль'), 'новый-пароль-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Сохранить пароль' }));

    const code = await within(dialog).findByLabelText('Код из СМС');
    expect(within(dialog).queryByLabelText('Новый пароль')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(lapsed);
    expect(within(dialog).getByText('+7 (999) 123-45-67')).toBeInTheDocument();
    await waitFor(() => expect(code).toHaveFocus());
    // The failure's error toast (spec §7) shows the alert's words, and is silent: the alert says them.
    expect(toasts).toEqual([{ type: 'error', message: lapsed, silent: true }]);

    // That code can only be refused: no «Подтвердить» for it, a new one is asked for once the wait is over.
    expect(within(dialog).queryByRole('button', { name: 'Подтвердить' })).not.toBeInTheDocument();
    clearSmsCountdown();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Отправить код повторно' }, { timeout: 2000 }));
    await waitFor(() => expect(code).toHaveFocus());

    // A new code accepted: on to the password again, the old message gone.
    await userEvent.type(code, '111222');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Подтвердить' }));
    expect(await within(dialog).findByLabelText('Новый пароль')).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(api.callsTo('POST user/password/recovery').at(-1)?.body).toEqual({ phone: '79991234567', code: '111222' });
  });

  it('an expired code: the wait beside it says when a new one may be asked for, not when to «send again»', async () => {
    const expired = 'Код недействителен или истёк. Запросите новый';
    serveApi({
      'POST user/password/recovery/send/sms': () => ok({ codeReceived: now() }),
      'POST user/password/recovery': () => fail(422, expired, { code: 'code_expired', errors: { code: expired } }),
    });
    renderAuth('/?auth=recovery');
    const dialog = screen.getByRole('dialog', { name: 'Восстановление пароля' });
    await userEvent.type(within(dialog).getByLabelText('Номер телефона'), '+7 999 123 45 67');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Получить код' }));
    const code = await within(dialog).findByLabelText('Код из СМС');
    await userEvent.type(code, '654321');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Подтвердить' }));

    await waitFor(() => expect(code).toHaveAccessibleDescription(expired));
    expect(within(dialog).getByRole('timer')).toHaveTextContent(/^Новый код можно запросить через (5[5-9]|60) с$/);
  });

  it('back to the code step because the code lapsed: the code is of no use, the wait says when a new one may be asked for', async () => {
    const lapsed = 'Код недействителен или истёк. Запросите новый';
    serveRecovery(fail(422, lapsed, { code: 'code_expired', errors: { code: lapsed } }));
    renderAuth('/?auth=recovery');
    const dialog = await reachPasswordStep();
    await userEvent.type(within(dialog).getByLabelText('Новый пароль'), 'новый-пароль-1');
    await userEvent.type(within(dialog).getByLabelText('Повторите пароль'), 'новый-пароль-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Сохранить пароль' }));

    await within(dialog).findByLabelText('Код из СМС');
    expect(within(dialog).getByRole('timer')).toHaveTextContent(/^Новый код можно запросить через (5[5-9]|60) с$/);
  });

  it('an empty «Повторите пароль» asks for it, not «Пароли не совпадают»', async () => {
    const api = serveRecovery();
    renderAuth('/?auth=recovery');
    const dialog = await reachPasswordStep();
    const repeat = within(dialog).getByLabelText('Повторите пароль');
    await userEvent.type(within(dialog).getByLabelText('Новый пароль'), 'новый-пароль-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Сохранить пароль' }));
    await waitFor(() => expect(repeat).toHaveAccessibleDescription('Введите пароль ещё раз'));
    expect(within(dialog).queryByText('Пароли не совпадают')).not.toBeInTheDocument();
    expect(api.callsTo('PUT user/password/recovery/change')).toHaveLength(0);
  });
});
