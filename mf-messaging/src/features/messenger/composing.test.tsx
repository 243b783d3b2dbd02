import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus, NETWORK_ERROR_MESSAGE } from 'shared';
import { makeApplication, fakeFile, fail, installFakeXhr, ok, setUpPageTests } from 'shared/testing';
import { MESSAGE_MAX_FILES, MESSAGING_MESSAGES } from 'shared/lk';
import { TEXTS } from './lib/texts';
import { actAs, conversation, CUSTOMER, dayAt, fromCustomer, fromMe, gate, ME, serveMessaging, serverState } from './testing/fake-server';
import { renderMessages } from './testing/render-page';

jest.setTimeout(20_000);
const toasts = setUpPageTests(() => actAs());

/** A message's own key (shared newRequestKey), which the server keeps it once by. */
const A_KEY = expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/);

const composer = () => screen.getByRole('form', { name: 'Новое сообщение' });
const textbox = () => within(composer()).getByRole('textbox', { name: 'Сообщение' });
const log = () => screen.getByRole('log');

beforeEach(() => {
  // Drafts are kept for the tab's session: each test opens a new one.
  sessionStorage.clear();
  URL.createObjectURL = jest.fn(() => 'blob:file');
  URL.revokeObjectURL = jest.fn();
});

/** The conversation open, its first message («Первое») sent and held on its way until `held.open()`. */
/** Two messages sent to conversation 5 whose answers are lost (the first is kept by the server) until `answer()`. */
async function twoWithAnswersLost() {
  const state = serverState([conversation()], { 5: [] });
  let lost = true;
  const api = serveMessaging(state, {}, { loseAnswer: () => lost });
  renderMessages('?messagingId=5');
  const user = userEvent.setup();
  await screen.findByText('Сообщений пока нет');
  await user.type(textbox(), 'Буду в 10 утра{Enter}');
  await user.type(textbox(), 'Адрес прежний?{Enter}');
  return { state, api, user, answer: () => void (lost = false) };
}

async function firstOnItsWay() {
  const held = gate();
  const api = serveMessaging(serverState([conversation()], { 5: [] }), {}, { beforeCreate: () => held.passed });
  renderMessages('?messagingId=5');
  const user = userEvent.setup();
  await screen.findByText('Сообщений пока нет');
  await user.type(textbox(), 'Первое{Enter}');
  await waitFor(() => expect(api.callsTo('POST message/create')).toHaveLength(1));
  return { held, api, user };
}

/** An open conversation with no messages yet and its «Прикрепить файлы» (any type may be chosen, as in a file manager's «All files»). */
async function emptyConversationFiles() {
  serveMessaging(serverState([conversation()], { 5: [] }));
  renderMessages('?messagingId=5');
  const user = userEvent.setup({ applyAccept: false });
  await screen.findByText('Сообщений пока нет');
  return { user, input: within(composer()).getByLabelText('Прикрепить файлы') };
}

describe('sending', () => {
  it('Enter sends the message (JSON to the conversation), Shift+Enter starts a new line', async () => {
    const api = serveMessaging(serverState([conversation()], { 5: [fromCustomer({ id: 1, text: 'Добрый день', createdAt: dayAt(0, 8), read: true })] }));
    renderMessages('?messagingId=5');
    const user = userEvent.setup();
    await screen.findByText('Добрый день');
    expect(textbox()).toHaveAttribute('enterkeyhint', 'send');
    expect(textbox()).toHaveAccessibleDescription(TEXTS.composerHint);

    await user.type(textbox(), 'Здравствуйте!{Shift>}{Enter}{/Shift}Приеду в субботу');
    expect(textbox()).toHaveValue('Здравствуйте!\nПриеду в субботу');
    expect(api.callsTo('POST message/create')).toHaveLength(0);

    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.callsTo('POST message/create').map((c) => c.body)).toEqual([{ messagingId: 5, text: 'Здравствуйте!\nПриеду в субботу', clientKey: A_KEY }]));
    expect(await within(log()).findByText(/Приеду в субботу/)).toBeInTheDocument();
    expect(textbox()).toHaveValue('');
    const sent = within(log()).getByText(/Приеду в субботу/).closest('.msg-bubble') as HTMLElement;
    expect(sent).toHaveClass('msg-bubble--own');
    expect(within(sent).getByText('Отправлено')).toBeInTheDocument();
  });

  it('is marked as the page’s action at the bottom of the screen, over which the shell’s toasts give way on a phone (QA YY-4)', async () => {
    await emptyConversationFiles();
    expect(composer()).toHaveAttribute('data-bottom-actions');
  });

  it('an empty message is not sent; the server’s refusal is shown at the field', async () => {
    const api = serveMessaging(serverState([conversation()], { 5: [] }), { 'POST message/create': () => fail(409, 'Диалог закрыт') });
    renderMessages('?messagingId=5');
    const user = userEvent.setup();
    await screen.findByText('Сообщений пока нет');

    await user.click(within(composer()).getByRole('button', { name: 'Отправить' }));
    expect(within(composer()).getByText('Напишите сообщение или приложите файл')).toBeInTheDocument();
    expect(api.callsTo('POST message/create')).toHaveLength(0);
    // The field is the one to fix, as in every other form: marked invalid, and the focus there (QA NN-3).
    expect(textbox()).toHaveAttribute('aria-invalid', 'true');
    expect(textbox()).toHaveFocus();

    // Typing the message it asked for ends the refusal: the field is not invalid while it is written (QA QQ-2).
    await user.type(textbox(), 'Ещё вопрос');
    expect(textbox()).not.toHaveAttribute('aria-invalid');
    expect(within(composer()).queryByText('Напишите сообщение или приложите файл')).not.toBeInTheDocument();
    expect(textbox()).not.toHaveAccessibleDescription(expect.stringContaining('Напишите сообщение'));

    await user.keyboard('{Enter}');
    expect(await within(composer()).findByText('Диалог закрыт')).toBeInTheDocument();
    expect(textbox()).toHaveValue('Ещё вопрос');
    // The conversation's refusal is not the text's fault.
    expect(textbox()).not.toHaveAttribute('aria-invalid');
  });

  it('a text of characters that show nothing (zero-width spaces) is empty as the contract reads it: refused here, not sent to the server’s 422 (QA AAS-1)', async () => {
    const api = serveMessaging(serverState([conversation()], { 5: [] }));
    renderMessages('?messagingId=5');
    const user = userEvent.setup();
    await screen.findByText('Сообщений пока нет');

    await user.type(textbox(), '\u200b\u200b\u200b{Enter}');
    expect(within(composer()).getByRole('alert')).toHaveTextContent('Напишите сообщение или приложите файл');
    expect(textbox()).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST message/create')).toHaveLength(0);
  });

  it("a refusal of the text itself says the text's own message, not the general «Проверьте правильность заполнения полей» (QA M-1)", async () => {
    serveMessaging(serverState([conversation()], { 5: [] }), {
      'POST message/create': () => fail(422, 'Проверьте правильность заполнения полей', { errors: { text: 'Сообщение — не длиннее 4000 символов' } }),
    });
    renderMessages('?messagingId=5');
    const user = userEvent.setup();
    await screen.findByText('Сообщений пока нет');

    await user.type(textbox(), 'Длинное{Enter}');
    expect(await within(composer()).findByRole('alert')).toHaveTextContent('Сообщение — не длиннее 4000 символов');
    expect(textbox()).toHaveValue('Длинное');
    expect(textbox()).toHaveAttribute('aria-invalid', 'true');

    // Edited, the text is no longer the one refused: the refusal goes with the change (QA QQ-2).
    await user.type(textbox(), ' текст');
    expect(textbox()).not.toHaveAttribute('aria-invalid');
    expect(within(composer()).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a refused or failed send is announced at once (an alert) and describes the field, where the focus stays', async () => {
    serveMessaging(serverState([conversation()], { 5: [] }), { 'POST message/create': () => fail(503, 'Сервис временно недоступен') });
    renderMessages('?messagingId=5');
    const user = userEvent.setup();
    await screen.findByText('Сообщений пока нет');

    await user.type(textbox(), '{Enter}');
    expect(within(composer()).getByRole('alert')).toHaveTextContent('Напишите сообщение или приложите файл');
    expect(textbox()).toHaveAccessibleDescription(expect.stringContaining('Напишите сообщение или приложите файл'));

    await user.type(textbox(), 'Ещё вопрос{Enter}');
    await waitFor(() => expect(within(composer()).getByRole('alert')).toHaveTextContent('Сервис временно недоступен'));
    expect(textbox()).toHaveAccessibleDescription(expect.stringContaining('Сервис временно недоступен'));
    expect(textbox()).toHaveFocus();
    expect(textbox()).toHaveValue('Ещё вопрос');

    // Sent again once the server is back: the alert goes.
    serveMessaging(serverState([conversation()], { 5: [] }));
    await user.keyboard('{Enter}');
    expect(await within(log()).findByText('Ещё вопрос')).toBeInTheDocument();
    expect(within(composer()).queryByRole('alert')).not.toBeInTheDocument();
    expect(textbox()).not.toHaveAccessibleDescription(expect.stringContaining('Сервис временно недоступен'));
  });

  it('the field is free for the next message at once: what is typed while one is on its way stays when it arrives', async () => {
    const { held, api, user } = await firstOnItsWay();
    expect(textbox()).toHaveValue('');
    await user.type(textbox(), 'Второе, ещё не готово');
    // Enter while the first is on its way sends nothing more.
    expect(api.callsTo('POST message/create').map((c) => c.body)).toEqual([{ messagingId: 5, text: 'Первое', clientKey: A_KEY }]);

    act(() => held.open());
    expect(await within(log()).findByText('Первое')).toBeInTheDocument();
    expect(within(composer()).getByRole('button', { name: 'Отправить' })).not.toHaveAttribute('aria-busy', 'true');
    expect(textbox()).toHaveValue('Второе, ещё не готово');
  });

  it('Enter while a message is on its way sends the next one right after it, in order; an empty field sends nothing', async () => {
    const { held, api, user } = await firstOnItsWay();
    await user.type(textbox(), 'Второе{Enter}');
    // Not at once: the first is still on its way.
    expect(api.callsTo('POST message/create')).toHaveLength(1);

    act(() => held.open());
    await waitFor(() => expect(api.callsTo('POST message/create').map((c) => c.body)).toEqual([
      { messagingId: 5, text: 'Первое', clientKey: A_KEY },
      { messagingId: 5, text: 'Второе', clientKey: A_KEY },
    ]));
    expect(await within(log()).findByText('Второе')).toBeInTheDocument();
    expect(textbox()).toHaveValue('');
    expect(within(composer()).queryByText('Напишите сообщение или приложите файл')).not.toBeInTheDocument();
  });

  it('each Enter while messages are on their way takes what the field holds then: they go as separate messages, in order', async () => {
    const held = gate();
    const api = serveMessaging(serverState([conversation()], { 5: [] }), {}, { beforeCreate: () => held.passed });
    renderMessages('?messagingId=5');
    const user = userEvent.setup();
    await screen.findByText('Сообщений пока нет');

    for (const n of [1, 2, 3, 4]) {
      await user.type(textbox(), `Очередь ${n}{Enter}`);
      // Free for the next one at once: nothing typed next is glued to it.
      expect(textbox()).toHaveValue('');
    }
    expect(api.callsTo('POST message/create')).toHaveLength(1);

    act(() => held.open());
    await waitFor(() => expect(api.callsTo('POST message/create').map((c) => c.body)).toEqual([1, 2, 3, 4].map((n) => ({ messagingId: 5, text: `Очередь ${n}`, clientKey: A_KEY }))));
    expect(await within(log()).findByText('Очередь 4')).toBeInTheDocument();
    expect(within(log()).getAllByText(/^Очередь \d$/).map((el) => el.textContent)).toEqual(['Очередь 1', 'Очередь 2', 'Очередь 3', 'Очередь 4']);
    expect(textbox()).toHaveValue('');
  });

  it('a message that fails with others waiting after it puts them all back, in order, in front of what was typed; the failed one sent again unchanged keeps its key', async () => {
    const held = gate();
    let failed = false;
    let nextId = 100;
    const api = serveMessaging(serverState([conversation()], { 5: [] }), {
      'POST message/create': async (_url, init) => {
        await held.passed;
        const { text } = JSON.parse(String(init?.body)) as { text: string };
        // «Второе» fails the first time only.
        if (text === 'Второе' && !failed) {
          failed = true;
          return fail(503, 'Сервис временно недоступен');
        }
        return ok(fromMe({ id: nextId++, messagingId: 5, text, createdAt: new Date().toISOString() }));
      },
    });
    renderMessages('?messagingId=5');
    const user = userEvent.setup();
    await screen.findByText('Сообщений пока нет');
    const sent = () => api.callsTo('POST message/create').map((c) => c.body as { text: string; clientKey: string });

    await user.type(textbox(), 'Первое{Enter}');
    await user.type(textbox(), 'Второе{Enter}');
    await user.type(textbox(), 'Третье{Enter}');
    await user.type(textbox(), 'Четвёртое');
    act(() => held.open());

    expect(await within(composer()).findByRole('alert')).toHaveTextContent('Сервис временно недоступен');
    expect(textbox()).toHaveValue('Второе\nТретье\nЧетвёртое');
    // «Третье» did not go before «Второе»: it is back in the field, after it.
    expect(sent().map((body) => body.text)).toEqual(['Первое', 'Второе']);
    expect(within(log()).getByText('Первое')).toBeInTheDocument();

    await user.clear(textbox());
    await user.type(textbox(), 'Второе{Enter}');
    await waitFor(() => expect(sent()).toHaveLength(3));
    expect(sent()[2]).toEqual({ messagingId: 5, text: 'Второе', clientKey: sent()[1]!.clientKey });
    expect(await within(log()).findByText('Второе')).toBeInTheDocument();
  });

  it('a send that hangs says so after a while and can be cancelled: its text comes back to the field, which keeps the focus', async () => {
    const api = serveMessaging(serverState([conversation()], { 5: [] }), {
      // A write is not timed out by the client: this one never answers, until it is aborted.
      'POST message/create': (_url, init) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')))),
    });
    renderMessages('?messagingId=5');
    const user = userEvent.setup();
    await screen.findByText('Сообщений пока нет');
    await user.type(textbox(), 'Вы здесь?{Enter}');
    await waitFor(() => expect(api.callsTo('POST message/create')).toHaveLength(1));
    expect(within(composer()).queryByRole('button', { name: 'Отменить отправку' })).not.toBeInTheDocument();

    const cancel = await within(composer()).findByRole('button', { name: 'Отменить отправку' }, { timeout: 5000 });
    expect(within(composer()).getAllByRole('status').map((el) => el.textContent)).toContain('Сообщение ещё отправляется…');
    await user.click(cancel);
    expect(await within(composer()).findByRole('alert')).toHaveTextContent('Отправка отменена');
    expect(textbox()).toHaveValue('Вы здесь?');
    expect(textbox()).toHaveFocus();
    expect(within(composer()).queryByRole('button', { name: 'Отменить отправку' })).not.toBeInTheDocument();
  });

  it('a send that fails puts its text back in front of what was typed meanwhile', async () => {
    const held = gate();
    serveMessaging(serverState([conversation()], { 5: [] }), {
      'POST message/create': async () => {
        await held.passed;
        return fail(503, 'Сервис временно недоступен');
      },
    });
    renderMessages('?messagingId=5');
    const user = userEvent.setup();
    await screen.findByText('Сообщений пока нет');

    await user.type(textbox(), 'Первое{Enter}');
    expect(textbox()).toHaveValue('');
    await user.type(textbox(), 'Второе');
    act(() => held.open());
    expect(await within(composer()).findByText('Сервис временно недоступен')).toBeInTheDocument();
    expect(textbox()).toHaveValue('Первое\nВторое');
  });

  it('a message sent again unchanged after its send failed carries the same key (the server keeps it once, had it arrived); a changed one, or a new one, another', async () => {
    const api = serveMessaging(serverState([conversation()], { 5: [] }), { 'POST message/create': () => fail(503, 'Сервис временно недоступен') });
    renderMessages('?messagingId=5');
    const user = userEvent.setup();
    await screen.findByText('Сообщений пока нет');
    const keys = () => api.callsTo('POST message/create').map((c) => (c.body as { clientKey: string }).clientKey);

    await user.type(textbox(), 'Первое{Enter}');
    expect(await within(composer()).findByText('Сервис временно недоступен')).toBeInTheDocument();
    await user.type(textbox(), '{Enter}');
    await waitFor(() => expect(keys()).toHaveLength(2));
    expect(keys()[1]).toBe(keys()[0]);

    await waitFor(() => expect(textbox()).toHaveValue('Первое'));
    await user.type(textbox(), ' и второе{Enter}');
    await waitFor(() => expect(keys()).toHaveLength(3));
    expect(keys()[2]).not.toBe(keys()[0]);
    expect(keys()[2]).toEqual(A_KEY);
  });

  it('the same words sent again after they went are a new message: a new key', async () => {
    const api = serveMessaging(serverState([conversation()], { 5: [] }));
    renderMessages('?messagingId=5');
    const user = userEvent.setup();
    await screen.findByText('Сообщений пока нет');
    await user.type(textbox(), 'Ок{Enter}');
    await waitFor(() => expect(within(log()).getAllByText('Ок')).toHaveLength(1));
    await user.type(textbox(), 'Ок{Enter}');
    await waitFor(() => expect(within(log()).getAllByText('Ок')).toHaveLength(2));
    const [first, second] = api.callsTo('POST message/create').map((c) => (c.body as { clientKey: string }).clientKey);
    expect(second).not.toBe(first);
  });

  it('on a touch screen Enter breaks the line and «Отправить» sends; the Enter/Shift+Enter hint is not shown', async () => {
    const matchMedia = jest.fn((query: string) => ({ matches: query === '(pointer: coarse)', media: query, addEventListener: jest.fn(), removeEventListener: jest.fn() }));
    window.matchMedia = matchMedia as unknown as typeof window.matchMedia;
    try {
      const api = serveMessaging(serverState([conversation()], { 5: [] }));
      renderMessages('?messagingId=5');
      const user = userEvent.setup();
      await screen.findByText('Сообщений пока нет');
      expect(textbox()).toHaveAttribute('enterkeyhint', 'enter');
      expect(within(composer()).queryByText(TEXTS.composerHint)).not.toBeInTheDocument();

      await user.type(textbox(), 'Здравствуйте!{Enter}Приеду в субботу');
      expect(textbox()).toHaveValue('Здравствуйте!\nПриеду в субботу');
      expect(api.callsTo('POST message/create')).toHaveLength(0);

      await user.click(within(composer()).getByRole('button', { name: 'Отправить' }));
      await waitFor(() => expect(api.callsTo('POST message/create').map((c) => c.body)).toEqual([{ messagingId: 5, text: 'Здравствуйте!\nПриеду в субботу', clientKey: A_KEY }]));
    } finally {
      delete (window as { matchMedia?: unknown }).matchMedia;
    }
  });

  it('on a touch screen the on-screen keyboard does not hide «Отправить»: the field’s focus and the screen shrinking under it bring the whole composer into view', async () => {
    window.matchMedia = jest.fn((query: string) => ({ matches: query === '(pointer: coarse)', media: query, addEventListener: jest.fn(), removeEventListener: jest.fn() })) as unknown as typeof window.matchMedia;
    const scrolled = jest.fn();
    HTMLElement.prototype.scrollIntoView = scrolled;
    const composerScrolls = () => scrolled.mock.contexts.flatMap((node, i) => (node === composer() ? [scrolled.mock.calls[i]![0]] : []));
    try {
      serveMessaging(serverState([conversation()], { 5: [] }));
      renderMessages('?messagingId=5');
      const user = userEvent.setup();
      await screen.findByText('Сообщений пока нет');
      scrolled.mockClear();

      await user.click(textbox());
      await waitFor(() => expect(composerScrolls()).toEqual([{ block: 'nearest' }]));
      // The keyboard opens: the visible screen gets shorter while the field has the focus.
      act(() => void window.dispatchEvent(new Event('resize')));
      await waitFor(() => expect(composerScrolls()).toHaveLength(2));

      // Not while the reader is elsewhere.
      act(() => textbox().blur());
      act(() => void window.dispatchEvent(new Event('resize')));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(composerScrolls()).toHaveLength(2);
    } finally {
      delete (window as { matchMedia?: unknown }).matchMedia;
      delete (HTMLElement.prototype as Partial<HTMLElement>).scrollIntoView;
    }
  });

  it('a text near the limit shows a counter; past it, it is kept whole, the contract’s error says so and it is not sent until shortened', async () => {
    const api = serveMessaging(serverState([conversation()], { 5: [] }));
    renderMessages('?messagingId=5');
    const user = userEvent.setup();
    await screen.findByText('Сообщений пока нет');

    await user.click(textbox());
    await user.paste('а'.repeat(3_499));
    expect(within(composer()).queryByText(/\/ 4 000/)).not.toBeInTheDocument();
    await user.paste('а'.repeat(451));
    const counter = within(composer()).getByText('3 950 / 4 000');
    expect(counter).toHaveAttribute('aria-live', 'polite');
    expect(textbox().getAttribute('aria-describedby')?.split(' ')).toContain(counter.id);

    // A paste past the limit, not cut.
    await user.paste('б'.repeat(51));
    expect(textbox()).toHaveValue(`${'а'.repeat(3_950)}${'б'.repeat(51)}`);
    expect(within(composer()).getByText('4 001 / 4 000')).toBeInTheDocument();
    expect(textbox()).toHaveAccessibleDescription(expect.stringContaining('Сообщение — не длиннее 4000 символов'));
    expect(textbox()).toBeInvalid();
    await user.keyboard('{Enter}');
    await user.click(within(composer()).getByRole('button', { name: 'Отправить' }));
    expect(api.callsTo('POST message/create')).toHaveLength(0);

    await user.click(textbox());
    await user.keyboard('{Backspace}');
    expect(textbox()).toHaveValue(`${'а'.repeat(3_950)}${'б'.repeat(50)}`);
    expect(within(composer()).queryByText('Сообщение — не длиннее 4000 символов')).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.callsTo('POST message/create')).toHaveLength(1));
    expect((api.callsTo('POST message/create')[0]!.body as { text: string }).text).toHaveLength(4_000);
  });

  it('the counter counts characters as the limit does: an emoji is one, not two', async () => {
    const api = serveMessaging(serverState([conversation()], { 5: [] }));
    renderMessages('?messagingId=5');
    const user = userEvent.setup();
    await screen.findByText('Сообщений пока нет');

    // 2 001 characters (4 001 UTF-16 units): far from the limit, no counter, and it goes.
    await user.click(textbox());
    await user.paste(`${'😀'.repeat(2_000)}я`);
    expect(within(composer()).queryByText(/\/ 4 000/)).not.toBeInTheDocument();
    expect(textbox()).toBeValid();

    // 4 001 characters: the counter says so and the limit's error with it.
    await user.paste('😀'.repeat(2_000));
    expect(within(composer()).getByText('4 001 / 4 000')).toBeInTheDocument();
    expect(textbox()).toHaveAccessibleDescription(expect.stringContaining('Сообщение — не длиннее 4000 символов'));
    expect(textbox()).toBeInvalid();

    // 4 000 of them is the limit itself: it goes.
    await user.clear(textbox());
    await user.paste('😀'.repeat(4_000));
    expect(within(composer()).getByText('4 000 / 4 000')).toBeInTheDocument();
    expect(textbox()).toBeValid();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.callsTo('POST message/create')).toHaveLength(1));
  });

  it('offline, a send is refused at once with the reason and the text is kept', async () => {
    const api = serveMessaging(serverState([conversation()], { 5: [] }));
    renderMessages('?messagingId=5');
    const user = userEvent.setup();
    await screen.findByText('Сообщений пока нет');
    const onLine = jest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      act(() => void window.dispatchEvent(new Event('offline')));
      await user.type(textbox(), 'Ещё вопрос{Enter}');
      expect(await within(composer()).findByText('Нет соединения с интернетом. Сообщение не отправлено')).toBeInTheDocument();
      expect(textbox()).toHaveValue('Ещё вопрос');
      expect(within(composer()).getByRole('button', { name: 'Отправить' })).not.toHaveAttribute('aria-busy', 'true');
      expect(api.callsTo('POST message/create')).toHaveLength(0);
    } finally {
      onLine.mockRestore();
      act(() => void window.dispatchEvent(new Event('online')));
    }
  });

  it('the «no connection» error goes once the connection is back; the kept text then sends', async () => {
    const api = serveMessaging(serverState([conversation()], { 5: [] }));
    renderMessages('?messagingId=5');
    const user = userEvent.setup();
    await screen.findByText('Сообщений пока нет');
    const onLine = jest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    await user.type(textbox(), 'Ещё вопрос{Enter}');
    expect(await within(composer()).findByRole('alert')).toHaveTextContent(TEXTS.offline);

    onLine.mockRestore();
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(within(composer()).queryByRole('alert')).not.toBeInTheDocument());
    expect(textbox()).toHaveValue('Ещё вопрос');
    expect(textbox()).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.callsTo('POST message/create').map((c) => c.body)).toEqual([{ messagingId: 5, text: 'Ещё вопрос', clientKey: A_KEY }]));
  });

  it('a message that does not reach the server waits, under its key, and goes by itself once the socket is connected again (QA UU-3, YYY-3)', async () => {
    let down = true;
    const api = serveMessaging(serverState([conversation()], { 5: [] }), {}, {
      beforeCreate: async () => {
        if (down) throw new TypeError('Failed to fetch');
      },
    });
    renderMessages('?messagingId=5');
    const user = userEvent.setup();
    await screen.findByText('Сообщений пока нет');
    await user.type(textbox(), 'Ещё вопрос{Enter}');
    expect(await within(composer()).findByRole('alert')).toHaveTextContent(TEXTS.waitingToSend);
    // Not back in the field: the field is the next message's.
    expect(textbox()).toHaveValue('');
    expect(within(composer()).getByRole('button', { name: 'Отменить отправку' })).toBeInTheDocument();
    act(() => bus.emit('socket:status', { connected: false }));
    expect(within(composer()).getByRole('alert')).toHaveTextContent(TEXTS.waitingToSend);

    // The server is back: the socket says so, and the message goes under its key.
    down = false;
    act(() => bus.emit('socket:status', { connected: true }));
    expect(await within(log()).findByText('Ещё вопрос')).toBeInTheDocument();
    await waitFor(() => expect(within(composer()).queryByRole('alert')).not.toBeInTheDocument());
    expect(within(composer()).queryByRole('button', { name: 'Отменить отправку' })).not.toBeInTheDocument();
    const keys = api.callsTo('POST message/create').map((call) => (call.body as { clientKey: string }).clientKey);
    expect(new Set(keys).size).toBe(1);
  });

  it('a message the server kept but whose answer was lost is not put back as unsent, nor glued to those typed after it: all go once, in order (QA YYY-3)', async () => {
    const { state, api, user, answer } = await twoWithAnswersLost();
    expect(await within(composer()).findByRole('alert')).toHaveTextContent(TEXTS.waitingToSend);
    expect(textbox()).toHaveValue('');
    await user.type(textbox(), 'Пишу дальше');

    answer();
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(state.messages.get(5)?.map((m) => m.text)).toEqual(['Буду в 10 утра', 'Адрес прежний?']));
    expect(await within(log()).findByText('Адрес прежний?')).toBeInTheDocument();
    expect(within(log()).getAllByText('Буду в 10 утра')).toHaveLength(1);
    expect(textbox()).toHaveValue('Пишу дальше');
    const texts = api.callsTo('POST message/create').map((call) => (call.body as { text: string }).text);
    expect(texts.filter((text) => text.includes('\n'))).toEqual([]);
  });

  it('messages put back by «Отменить отправку» and sent again unchanged go as they were, each under its own key: the one the server kept is not doubled (QA AAB-2)', async () => {
    const { state, api, user, answer } = await twoWithAnswersLost();
    await user.click(await within(composer()).findByRole('button', { name: 'Отменить отправку' }));
    expect(textbox()).toHaveValue('Буду в 10 утра\nАдрес прежний?');

    answer();
    await user.type(textbox(), '{Enter}');
    await waitFor(() => expect(state.messages.get(5)?.map((m) => m.text)).toEqual(['Буду в 10 утра', 'Адрес прежний?']));
    const sent = api.callsTo('POST message/create').map((call) => call.body as { text: string; clientKey: string });
    expect(sent.filter((body) => body.text.includes('\n'))).toEqual([]);
    const keys = new Map(sent.map((body) => [body.text, new Set<string>()]));
    for (const body of sent) keys.get(body.text)!.add(body.clientKey);
    expect([...keys.values()].map((set) => set.size)).toEqual([1, 1]);
  });

  it('«Отменить отправку» of messages waiting for the connection puts them back in the field', async () => {
    serveMessaging(serverState([conversation()], { 5: [] }), {}, { beforeCreate: () => Promise.reject(new TypeError('Failed to fetch')) });
    renderMessages('?messagingId=5');
    const user = userEvent.setup();
    await screen.findByText('Сообщений пока нет');
    await user.type(textbox(), 'Ещё вопрос{Enter}');
    await user.click(await within(composer()).findByRole('button', { name: 'Отменить отправку' }));
    expect(within(composer()).getByRole('alert')).toHaveTextContent('Отправка отменена');
    expect(textbox()).toHaveValue('Ещё вопрос');
    expect(textbox()).toHaveFocus();
  });

  it('a server’s own refusal stays at the socket’s reconnect: the connection says nothing about it', async () => {
    serveMessaging(serverState([conversation()], { 5: [] }), { 'POST message/create': () => fail(503, 'Сервис временно недоступен') });
    renderMessages('?messagingId=5');
    const user = userEvent.setup();
    await screen.findByText('Сообщений пока нет');
    await user.type(textbox(), 'Ещё вопрос{Enter}');
    expect(await within(composer()).findByRole('alert')).toHaveTextContent('Сервис временно недоступен');
    act(() => bus.emit('socket:status', { connected: true }));
    expect(within(composer()).getByRole('alert')).toHaveTextContent('Сервис временно недоступен');
  });

  it('files: chosen, one removed before sending, refused types said at once, sent as multipart with progress', async () => {
    serveMessaging(serverState([conversation()], { 5: [] }));
    let answer: (() => void) | null = null;
    const xhr = installFakeXhr((request) => {
      request.progress(40, 100);
      answer = () => request.respond(ok(fromMe({ id: 70, text: request.fields.text ?? '', documents: [{ id: 31, name: 'Смета.pdf', sizeBytes: 2048 }] })));
    });
    try {
      renderMessages('?messagingId=5');
      const user = userEvent.setup({ applyAccept: false });
      await screen.findByText('Сообщений пока нет');
      const input = within(composer()).getByLabelText('Прикрепить файлы');

      await user.upload(input, fakeFile('virus.exe', 100));
      expect(within(composer()).getByText(/«virus\.exe»: /)).toBeInTheDocument();

      await user.upload(input, [fakeFile('Смета.pdf', 2048), fakeFile('Фото.jpg', 4096)]);
      const attached = within(composer()).getByRole('list', { name: 'Вложения' });
      expect(within(attached).getAllByRole('listitem')).toHaveLength(2);
      // Said to a screen reader too (QA K), as the sending below is.
      const said = () => within(composer()).getAllByRole('status').map((status) => status.textContent);
      expect(said()).toContain('Прикреплено 2 файла');
      await user.click(within(attached).getByRole('button', { name: 'Убрать файл «Фото.jpg»' }));
      expect(within(attached).getAllByRole('listitem')).toHaveLength(1);
      expect(said()).toContain('Прикреплён 1 файл');

      await user.type(textbox(), 'Смета во вложении{Enter}');
      const bar = await within(composer()).findByRole('progressbar', { name: 'Отправка файлов' });
      expect(bar).toHaveAttribute('value', '40');
      expect(said()).toContain('Отправка файлов: 25%');
      expect(xhr.requests[0]?.fields).toEqual({ messagingId: '5', text: 'Смета во вложении', clientKey: A_KEY });
      expect(xhr.requests[0]?.files.map((f) => f.name)).toEqual(['Смета.pdf']);
      // Chosen while those go: a file for the next message.
      await user.upload(input, fakeFile('План.pdf', 1024));

      act(() => answer!());
      expect(await within(log()).findByRole('button', { name: 'Скачать «Смета.pdf», 2\u00a0КБ' })).toBeInTheDocument();
      expect(within(within(composer()).getByRole('list', { name: 'Вложения' })).getAllByRole('listitem').map((item) => item.firstChild?.textContent)).toEqual(['План.pdf']);
    } finally {
      xhr.restore();
    }
  });

  it('files chosen together: the accepted ones are attached, each refused one is named with its reason', async () => {
    const { user, input } = await emptyConversationFiles();

    await user.upload(input, [fakeFile('Смета.pdf', 2048), fakeFile('virus.exe', 100), fakeFile('Съёмка.jpg', 25 * 1024 * 1024), fakeFile('Фото.jpg', 4096)]);
    const attached = within(composer()).getByRole('list', { name: 'Вложения' });
    expect(within(attached).getAllByRole('listitem').map((item) => item.firstChild?.textContent)).toEqual(['Смета.pdf', 'Фото.jpg']);
    const alert = within(composer()).getByRole('alert');
    expect(alert).toHaveTextContent('«virus.exe»: Недопустимый тип файла: допустимы PDF, DOC, DOCX, XLS, XLSX, ODT, JPG, PNG. «Съёмка.jpg»: Файл больше 20 МБ — сожмите его или разделите на части');

    // Nothing refused the next time: the message goes, the files chosen before stay.
    await user.upload(input, fakeFile('План.pdf', 1024));
    expect(within(composer()).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(attached).getAllByRole('listitem')).toHaveLength(3);
  });

  it('files past the limit of one message are not attached, and the limit is said', async () => {
    const { user, input } = await emptyConversationFiles();

    await user.upload(input, fakeFile('Смета.pdf', 2048));
    await user.upload(input, [...Array.from({ length: MESSAGE_MAX_FILES }, (_, i) => fakeFile(`Фото ${i + 1}.jpg`, 4096)), fakeFile('virus.exe', 100)]);
    expect(within(composer()).getByRole('alert')).toHaveTextContent(`«virus.exe»: Недопустимый тип файла: допустимы PDF, DOC, DOCX, XLS, XLSX, ODT, JPG, PNG. ${MESSAGING_MESSAGES.tooManyFiles}`);
    expect(within(within(composer()).getByRole('list', { name: 'Вложения' })).getAllByRole('listitem').map((item) => item.firstChild?.textContent)).toEqual(['Смета.pdf']);
  });

  it('removing a chosen file by keyboard keeps the focus in the composer: on the next file’s «Убрать», then the previous one’s, then «Прикрепить файлы»', async () => {
    serveMessaging(serverState([conversation()], { 5: [] }));
    renderMessages('?messagingId=5');
    const user = userEvent.setup();
    await screen.findByText('Сообщений пока нет');
    const input = within(composer()).getByLabelText('Прикрепить файлы');
    await user.upload(input, [fakeFile('Смета.pdf', 2048), fakeFile('Фото.jpg', 4096), fakeFile('План.pdf', 1024)]);
    const remove = (name: string) => within(composer()).getByRole('button', { name: `Убрать файл «${name}»` });

    remove('Смета.pdf').focus();
    await user.keyboard('{Enter}');
    expect(remove('Фото.jpg')).toHaveFocus();
    remove('План.pdf').focus();
    await user.keyboard('{Enter}');
    expect(remove('Фото.jpg')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(within(composer()).queryByRole('list', { name: 'Вложения' })).not.toBeInTheDocument();
    expect(input).toHaveFocus();
  });

  it('a document downloads by its id and name; a failure says «Ошибка скачивания документа»', async () => {
    let broken = false;
    const api = serveMessaging(
      serverState([conversation()], { 5: [fromCustomer({ id: 1, text: '', documents: [{ id: 44, name: 'Договор.pdf', sizeBytes: 1024 }], createdAt: dayAt(0, 8), read: true })] }),
      { 'GET message/document/download': () => (broken ? { status: 500 } : { blob: new Blob(['%PDF'], { type: 'application/pdf' }) }) },
    );
    renderMessages('?messagingId=5');
    const user = userEvent.setup();
    const download = await screen.findByRole('button', { name: 'Скачать «Договор.pdf», 1\u00a0КБ' });

    await user.click(download);
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    expect(Object.fromEntries(api.callsTo('GET message/document/download')[0]!.query)).toEqual({ id: '44', name: 'Договор.pdf' });

    broken = true;
    await user.click(download);
    await waitFor(() => expect(toasts).toEqual([{ type: 'error', message: 'Ошибка скачивания документа' }]));
  });
});

describe('«Написать…»: the entry by application', () => {
  it('an executor without a conversation gets an empty thread; the first message starts it and the URL names it', async () => {
    const state = serverState([conversation()], { 5: [] });
    state.applications.set(70, makeApplication({ id: 70, number: 1070, name: 'Покраска фасада', customer: { id: 3, name: CUSTOMER.name, type: 'customer' } }));
    const api = serveMessaging(state);
    const { location } = renderMessages('?applicationId=70');
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 2, name: CUSTOMER.name })).toBeInTheDocument();
    expect(screen.getByText(/Заявка № 1070/)).toBeInTheDocument();
    expect(screen.getByText(/Напишите первое сообщение/)).toBeInTheDocument();
    expect(api.callsTo('GET messaging/get-collection').some((c) => c.query.get('applicationId') === '70')).toBe(true);

    await user.type(textbox(), 'Здравствуйте, готов взяться{Enter}');
    await waitFor(() => expect(location().search).toBe('?messagingId=60'));
    expect(api.callsTo('POST message/create').map((c) => c.body)).toEqual([{ applicationId: 70, text: 'Здравствуйте, готов взяться', clientKey: A_KEY }]);
    expect(await within(log()).findByText('Здравствуйте, готов взяться')).toBeInTheDocument();
    // The writer goes on writing: the field of the new conversation has the focus.
    await waitFor(() => expect(textbox()).toHaveFocus());
    expect(await screen.findByRole('link', { name: new RegExp(`${CUSTOMER.name}.*Покраска фасада`) })).toHaveAttribute('aria-current', 'page');
  });

  it('a first message whose answer was lost is asked once more under its key: the thread shows it, once, with no error beside the conversation it started (QA I-7)', async () => {
    const state = serverState([], {});
    state.applications.set(70, makeApplication({ id: 70, number: 1070, name: 'Покраска фасада', customer: { id: 3, name: CUSTOMER.name, type: 'customer' } }));
    let answers = 0;
    const api = serveMessaging(state, {}, { loseAnswer: () => answers++ === 0 });
    const { location } = renderMessages('?applicationId=70');
    const user = userEvent.setup();
    await screen.findByText(/Напишите первое сообщение/);

    await user.type(textbox(), 'Здравствуйте, готов взяться{Enter}');

    await waitFor(() => expect(location().search).toBe('?messagingId=60'));
    expect(await within(log()).findByText('Здравствуйте, готов взяться')).toBeInTheDocument();
    const sent = api.callsTo('POST message/create').map((c) => c.body as { clientKey: string });
    expect(sent).toHaveLength(2);
    expect(sent[1]!.clientKey).toBe(sent[0]!.clientKey);
    expect(state.messages.get(60)).toHaveLength(1);
    expect(within(composer()).queryByRole('alert')).not.toBeInTheDocument();
    expect(textbox()).toHaveValue('');
  });

  it('with no conversation yet, the list beside the new one says it will appear there, not how conversations start', async () => {
    const state = serverState([], {});
    state.applications.set(70, makeApplication({ id: 70, number: 1070, name: 'Покраска фасада', customer: { id: 3, name: CUSTOMER.name, type: 'customer' } }));
    serveMessaging(state);
    renderMessages('?applicationId=70');
    expect(await screen.findByText(TEXTS.emptyWhileWriting)).toBeInTheDocument();
    expect(screen.getByText(TEXTS.emptyTitle)).toBeInTheDocument();
    expect(screen.queryByText(TEXTS.emptyDescription)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Каталог заявок' })).not.toBeInTheDocument();
  });

  it('the first message, which starts the conversation, is said to have gone (by the new conversation’s composer), once', async () => {
    const state = serverState([], {});
    state.applications.set(70, makeApplication({ id: 70, number: 1070, name: 'Покраска фасада', customer: { id: 3, name: CUSTOMER.name, type: 'customer' } }));
    serveMessaging(state);
    const { location } = renderMessages('?applicationId=70');
    const user = userEvent.setup();
    await screen.findByText(/Напишите первое сообщение/);
    const sentNotes = () => screen.queryAllByRole('status').filter((el) => el.textContent === MESSAGING_MESSAGES.sent);
    // Every node that ever said it, the replaced composer's included (a screen reader hears each: QA FFF-3).
    const sayers = new Set<Node>();
    const watch = new MutationObserver(() => sentNotes().forEach((note) => sayers.add(note)));
    watch.observe(document.body, { childList: true, subtree: true, characterData: true });

    await user.type(textbox(), 'Здравствуйте{Enter}');
    await waitFor(() => expect(location().search).toBe('?messagingId=60'));
    expect(await within(log()).findByText('Здравствуйте')).toBeInTheDocument();
    await waitFor(() => expect(sentNotes()).toHaveLength(1));
    watch.disconnect();
    expect(sayers.size).toBe(1);
    // Said into the composer's own status (there before the words, so that they are announced).
    expect(within(composer()).getByRole('status')).toHaveTextContent(MESSAGING_MESSAGES.sent);

    // The next message is said again, as a new node.
    const first = within(composer()).getByText(MESSAGING_MESSAGES.sent);
    await user.type(textbox(), 'Когда удобно?{Enter}');
    expect(await within(log()).findByText('Когда удобно?')).toBeInTheDocument();
    await waitFor(() => expect(within(composer()).getByText(MESSAGING_MESSAGES.sent)).not.toBe(first));
  });

  it('a conversation opened again later (not just started) says nothing was sent', async () => {
    const state = serverState([conversation()], { 5: [fromCustomer({ id: 1, text: 'Добрый день', createdAt: dayAt(0, 8), read: true })] });
    serveMessaging(state);
    renderMessages('?messagingId=5');
    await within(await screen.findByRole('log')).findByText('Добрый день');
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(within(composer()).getByRole('status')).toBeEmptyDOMElement();
  });

  it('what is typed while the first message goes stays in the field of the conversation it starts', async () => {
    const state = serverState([], {});
    state.applications.set(70, makeApplication({ id: 70, number: 1070, name: 'Покраска фасада', customer: { id: 3, name: CUSTOMER.name, type: 'customer' } }));
    const held = gate();
    serveMessaging(state, {}, { beforeCreate: () => held.passed });
    const { location } = renderMessages('?applicationId=70');
    const user = userEvent.setup();
    await screen.findByText(/Напишите первое сообщение/);

    await user.type(textbox(), 'Здравствуйте{Enter}');
    await user.type(textbox(), 'Когда удобно');
    act(() => held.open());
    await waitFor(() => expect(location().search).toBe('?messagingId=60'));
    expect(await within(log()).findByText('Здравствуйте')).toBeInTheDocument();
    expect(textbox()).toHaveValue('Когда удобно');
  });

  describe('messages sent while the first one goes', () => {
    async function writeThree() {
      const state = serverState([], {});
      state.applications.set(70, makeApplication({ id: 70, number: 1070, name: 'Покраска фасада', customer: { id: 3, name: CUSTOMER.name, type: 'customer' } }));
      const held = gate();
      // The test's query client keeps nothing fresh: the new thread asks for its messages as it
      // opens, and that answer waits for both to be on the server, so as not to race the second.
      const bothThere = gate();
      const api = serveMessaging(state, {}, {
        // A send cancelled on its way is not kept, as a server that never got it.
        beforeCreate: async (init) => {
          await held.passed;
          if (init?.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
        },
        beforeMessages: (url) => (url.searchParams.get('messagingId') === '60' ? bothThere.passed : Promise.resolve()),
      });
      const { location } = renderMessages('?applicationId=70');
      const user = userEvent.setup();
      await screen.findByText(/Напишите первое сообщение/);

      await user.type(textbox(), 'Здравствуйте{Enter}');
      await user.type(textbox(), 'Когда удобно?{Enter}');
      await user.type(textbox(), 'Жду ответа');
      act(() => held.open());
      await waitFor(() => expect(location().search).toBe('?messagingId=60'));
      // The second goes to the conversation the first started, from its own composer.
      await waitFor(() => expect(api.callsTo('POST message/create').map((c) => c.body)).toEqual([
        { applicationId: 70, text: 'Здравствуйте', clientKey: A_KEY },
        { messagingId: 60, text: 'Когда удобно?', clientKey: A_KEY },
      ]));
      bothThere.open();
      expect(await within(log()).findByText('Когда удобно?')).toBeInTheDocument();
      expect(within(log()).getByText('Здравствуйте')).toBeInTheDocument();
      expect(textbox()).toHaveValue('Жду ответа');
    }

    it('go, in order, to the conversation it starts; what is typed after stays in its field', writeThree);

    it('go once under StrictMode too (its trial unmount does not cancel them)', async () => {
      configure({ reactStrictMode: true });
      try {
        await writeThree();
        await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
        expect(within(composer()).queryByRole('alert')).not.toBeInTheDocument();
      } finally {
        configure({ reactStrictMode: false });
      }
    });
  });

  it('an application that is not there (an old link) offers nothing to write', async () => {
    serveMessaging(serverState([conversation()], { 5: [] }));
    renderMessages('?applicationId=99999');
    expect(await screen.findByText('Заявка не найдена')).toBeInTheDocument();
    // A closed application is not there for an outsider either, not only an unpublished one (QA PP-5).
    expect(screen.getByText('Написать можно по опубликованной заявке: возможно, она закрыта или снята с публикации, или в адресе ошибка.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Новое сообщение' })).not.toBeInTheDocument();
  });

  it('a link that opens nothing to write keeps the way back to the conversations (on a phone the list is hidden behind it)', async () => {
    serveMessaging(serverState([conversation()], { 5: [] }));
    const { location } = renderMessages('?applicationId=99999');
    const user = userEvent.setup();
    expect(await screen.findByText('Заявка не найдена')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: TEXTS.back }));
    await waitFor(() => expect(location().search).toBe(''));
  });

  it('the customer writing to a replier starts with {applicationId, profileId}', async () => {
    actAs({ id: 3, type: 'customer', name: CUSTOMER.name, active: true });
    const state = serverState([], {});
    state.applications.set(70, {
      ...makeApplication({ id: 70, number: 1070, name: 'Покраска фасада', customer: { id: 3, name: CUSTOMER.name, type: 'customer' } }),
      replies: [{ id: 1, applicationId: 70, executor: { id: ME.id, name: ME.name, type: 'executor' }, price: null, comment: 'Готов', status: 'active', createdAt: dayAt(1, 10) }],
    });
    const api = serveMessaging(state);
    renderMessages(`?applicationId=70&profileId=${ME.id}`);
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 2, name: ME.name })).toBeInTheDocument();
    await user.type(textbox(), 'Когда сможете начать?{Enter}');
    await waitFor(() => expect(api.callsTo('POST message/create').map((c) => c.body)).toEqual([{ applicationId: 70, profileId: ME.id, text: 'Когда сможете начать?', clientKey: A_KEY }]));
  });

  describe('a link naming someone the API would refuse shows why, with no composer', () => {
    const OTHER = { id: 14, name: 'Пётр Сторонний', type: 'executor' as const };
    const application = (extra: Record<string, unknown> = {}) => ({
      ...makeApplication({ id: 70, number: 1070, name: 'Покраска фасада', customer: { id: 3, name: CUSTOMER.name, type: 'customer' } }),
      ...extra,
    });
    const asCustomer = () => actAs({ id: 3, type: 'customer', name: CUSTOMER.name, active: true });
    const noComposer = () => expect(screen.queryByRole('form', { name: 'Новое сообщение' })).not.toBeInTheDocument();

    it('someone other than the customer naming another profile than the customer: «Диалог не найден»', async () => {
      const state = serverState([], {});
      state.applications.set(70, application());
      const api = serveMessaging(state);
      renderMessages(`?applicationId=70&profileId=${OTHER.id}`);

      expect(await screen.findByText('Диалог не найден')).toBeInTheDocument();
      expect(screen.getByText(/можно написать только её заказчику — со страницы заявки/)).toBeInTheDocument();
      expect(screen.queryByText(/Напишите первое сообщение/)).not.toBeInTheDocument();
      noComposer();
      expect(api.callsTo('POST message/create')).toHaveLength(0);
    });

    it('someone other than the customer naming the customer writes to him', async () => {
      const state = serverState([], {});
      state.applications.set(70, application());
      const api = serveMessaging(state);
      renderMessages(`?applicationId=70&profileId=${CUSTOMER.id}`);
      const user = userEvent.setup();

      expect(await screen.findByRole('heading', { level: 2, name: CUSTOMER.name })).toBeInTheDocument();
      expect(screen.getByText(/заказчик увидит его в разделе «Сообщения»/)).toBeInTheDocument();
      await user.type(textbox(), 'Здравствуйте{Enter}');
      await waitFor(() => expect(api.callsTo('POST message/create').map((c) => c.body)).toEqual([{ applicationId: 70, profileId: CUSTOMER.id, text: 'Здравствуйте', clientKey: A_KEY }]));
    });

    it('the customer naming a profile that neither replied nor is named, or nobody: «Собеседник не найден»', async () => {
      asCustomer();
      const state = serverState([], {});
      const reply = { id: 1, applicationId: 70, executor: { id: ME.id, name: ME.name, type: 'executor' }, price: null, comment: 'Готов', status: 'active', createdAt: dayAt(1, 10) };
      state.applications.set(70, application({ replies: [reply], executor: null }));
      serveMessaging(state);
      const { unmount } = renderMessages(`?applicationId=70&profileId=${OTHER.id}`);

      expect(await screen.findByText('Собеседник не найден')).toBeInTheDocument();
      expect(screen.getByText(/Написать можно исполнителю, откликнувшемуся на заявку/)).toBeInTheDocument();
      noComposer();
      unmount();

      renderMessages('?applicationId=70');
      expect(await screen.findByText('Собеседник не найден')).toBeInTheDocument();
      noComposer();
    });

    it('a customer’s profile on someone else’s application: only executors and organisations write to a customer', async () => {
      actAs({ id: 40, type: 'customer', name: 'Анна Другая', active: true });
      const state = serverState([], {});
      state.applications.set(70, application());
      const api = serveMessaging(state);
      renderMessages('?applicationId=70');

      expect(await screen.findByText('Написать заказчику нельзя')).toBeInTheDocument();
      expect(screen.getByText(/Написать заказчику по заявке могут исполнители и организации/)).toBeInTheDocument();
      expect(screen.queryByText(/Напишите первое сообщение/)).not.toBeInTheDocument();
      noComposer();
      expect(screen.getByRole('link', { name: TEXTS.back })).toBeInTheDocument();
      expect(api.callsTo('POST message/create')).toHaveLength(0);
    });

    it('a bidder whose reply was refused, on an application no longer published: no composer that could only fail (QA T-5); a live reply still writes', async () => {
      const state = serverState([], {});
      const refused = { id: 1, applicationId: 70, executor: { id: ME.id, name: ME.name, type: 'executor' }, price: null, comment: 'Готов', status: 'rejected', createdAt: dayAt(1, 10) };
      state.applications.set(70, application({ status: 'closed', replies: [refused], participation: 'rejected' }));
      const api = serveMessaging(state);
      const { unmount } = renderMessages('?applicationId=70');

      expect(await screen.findByText('Написать заказчику нельзя')).toBeInTheDocument();
      expect(screen.getByText('Написать заказчику можно только по опубликованной заявке: ваш отклик больше не действует.')).toBeInTheDocument();
      noComposer();
      expect(api.callsTo('POST message/create')).toHaveLength(0);
      unmount();

      state.applications.set(71, application({ id: 71, status: 'unpublished', replies: [{ ...refused, applicationId: 71, status: 'active' }] }));
      renderMessages('?applicationId=71');
      expect(await screen.findByRole('heading', { level: 2, name: CUSTOMER.name })).toBeInTheDocument();
    });

    it('the customer naming a profile whose reply closed, with no conversation yet: why, not a composer (the API would refuse it)', async () => {
      asCustomer();
      const state = serverState([], {});
      const closed = { id: 1, applicationId: 70, executor: { id: ME.id, name: ME.name, type: 'executor' }, price: null, comment: 'Готов', status: 'withdrawn', createdAt: dayAt(1, 10) };
      state.applications.set(70, application({ replies: [closed], executor: null }));
      const api = serveMessaging(state);
      renderMessages(`?applicationId=70&profileId=${ME.id}`);

      expect(await screen.findByText('Написать исполнителю нельзя')).toBeInTheDocument();
      expect(screen.getByText('Написать можно исполнителю с действующим откликом или выбранному исполнителю: отклик этого исполнителя больше не действует.')).toBeInTheDocument();
      noComposer();
      expect(api.callsTo('POST message/create')).toHaveLength(0);
    });

    it('the customer writes to the named executor, who did not reply', async () => {
      asCustomer();
      const state = serverState([], {});
      state.applications.set(70, application({ replies: [], executor: OTHER }));
      serveMessaging(state);
      renderMessages(`?applicationId=70&profileId=${OTHER.id}`);

      expect(await screen.findByRole('heading', { level: 2, name: OTHER.name })).toBeInTheDocument();
      expect(screen.getByText(/исполнитель увидит его в разделе «Сообщения»/)).toBeInTheDocument();
      expect(screen.getByRole('form', { name: 'Новое сообщение' })).toBeInTheDocument();
    });
  });

  it('an existing conversation about the application opens instead (with that executor when profileId is given)', async () => {
    actAs({ id: 3, type: 'customer', name: CUSTOMER.name, active: true });
    const other = conversation({ id: 8, interlocutor: { id: 40, name: 'Другой исполнитель', type: 'executor' } });
    const wanted = conversation({ id: 9, interlocutor: { id: ME.id, name: ME.name, type: 'executor' } });
    serveMessaging(serverState([other, wanted], { 8: [], 9: [fromMe({ id: 1, messagingId: 9, text: 'Мой отклик в силе', createdAt: dayAt(0, 7), read: true })] }));
    const { location } = renderMessages(`?applicationId=7&profileId=${ME.id}`);

    await waitFor(() => expect(location().search).toBe('?messagingId=9'));
    expect(await screen.findByText('Мой отклик в силе')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: ME.name })).toBeInTheDocument();
  });
});
