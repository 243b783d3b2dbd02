import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSessionStore } from 'shared';
import { fail, fakeFile, makeApplication, setUpPageTests } from 'shared/testing';
import { TEXTS } from './lib/texts';
import { actAs, conversation, CUSTOMER, gate, ME, serveMessaging, serverState } from './testing/fake-server';
import { renderMessages } from './testing/render-page';

jest.setTimeout(20_000);
const toasts = setUpPageTests(() => actAs());
// Drafts are kept for the tab's session: each test opens a new one.
beforeEach(() => sessionStorage.clear());

const list = () => screen.getByRole('navigation', { name: 'Диалоги' });
const composer = () => screen.getByRole('form', { name: 'Новое сообщение' });
const textbox = () => within(composer()).getByRole('textbox', { name: 'Сообщение' });
const OTHER = conversation({ id: 6, interlocutor: { id: 4, name: 'Пётр Другой', type: 'customer' } });
const open = async (user: ReturnType<typeof userEvent.setup>, name: string) => {
  await user.click(within(list()).getByRole('link', { name: new RegExp(name) }));
  await screen.findByRole('heading', { level: 2, name });
};
/** Conversation 5 open, with conversation 6 beside it; its sends fail with `status` once `held` opens. */
async function failingWhenLet(status: number, message: string) {
  const held = gate();
  serveMessaging(serverState([conversation(), OTHER], { 5: [], 6: [] }), {
    'POST message/create': async () => {
      await held.passed;
      return fail(status, message);
    },
  });
  renderMessages('?messagingId=5');
  const user = userEvent.setup();
  await screen.findByText(TEXTS.noMessages);
  return { held, user };
}

describe('what is typed and not sent yet', () => {
  it('stays with its conversation: kept when another one opens, on the way back to the list, and after leaving the page; gone once sent', async () => {
    const api = serveMessaging(serverState([conversation(), OTHER], { 5: [], 6: [] }));
    const { location, unmount } = renderMessages('?messagingId=5');
    const user = userEvent.setup();
    await screen.findByText(TEXTS.noMessages);
    await user.type(textbox(), 'Приеду в субботу');

    await open(user, OTHER.interlocutor.name);
    expect(textbox()).toHaveValue('');
    await user.type(textbox(), 'Другому');
    await open(user, CUSTOMER.name);
    expect(textbox()).toHaveValue('Приеду в субботу');

    // The phone's «Назад к диалогам», and the conversation again.
    await user.click(screen.getByRole('link', { name: TEXTS.back }));
    await waitFor(() => expect(location().search).toBe(''));
    await open(user, CUSTOMER.name);
    expect(textbox()).toHaveValue('Приеду в субботу');

    // Away from the page and back (the browser's Back): a new page, the same tab.
    unmount();
    const again = renderMessages('?messagingId=6');
    expect(await screen.findByRole('textbox', { name: 'Сообщение' })).toHaveValue('Другому');
    await open(user, CUSTOMER.name);
    expect(textbox()).toHaveValue('Приеду в субботу');

    await user.type(textbox(), '{Enter}');
    await waitFor(() => expect(api.callsTo('POST message/create').map((c) => (c.body as { text: string }).text)).toEqual(['Приеду в субботу']));
    again.unmount();
    renderMessages('?messagingId=5');
    await screen.findByText('Приеду в субботу');
    expect(textbox()).toHaveValue('');
  });

  it('keeps the files chosen with it while another conversation is open; they are not the other one\'s', async () => {
    serveMessaging(serverState([conversation(), OTHER], { 5: [], 6: [] }));
    renderMessages('?messagingId=5');
    const user = userEvent.setup();
    await screen.findByText(TEXTS.noMessages);
    await user.type(textbox(), 'Смета во вложении');
    await user.upload(within(composer()).getByLabelText('Прикрепить файлы'), fakeFile('Смета.pdf', 2048));
    const attached = () => within(composer()).queryByRole('list', { name: 'Вложения' });
    expect(within(attached()!).getAllByRole('listitem')).toHaveLength(1);

    await open(user, OTHER.interlocutor.name);
    expect(attached()).not.toBeInTheDocument();
    await open(user, CUSTOMER.name);
    expect(textbox()).toHaveValue('Смета во вложении');
    expect(within(attached()!).getByText('Смета.pdf')).toBeInTheDocument();
  });

  it('goes with the session: after a logout the field is empty, also for the same user logging in again', async () => {
    serveMessaging(serverState([conversation()], { 5: [] }));
    const { unmount } = renderMessages('?messagingId=5');
    const user = userEvent.setup();
    await screen.findByText(TEXTS.noMessages);
    await user.type(textbox(), 'Номер карты 1234');
    unmount();

    act(() => useSessionStore.getState().clear());
    expect(Object.keys(sessionStorage).filter((key) => key.includes('draft'))).toEqual([]);
    act(() => actAs());
    renderMessages('?messagingId=5');
    expect(await screen.findByRole('textbox', { name: 'Сообщение' })).toHaveValue('');
  });

  it('is each profile’s own', async () => {
    serveMessaging(serverState([conversation()], { 5: [] }));
    renderMessages('?messagingId=5');
    const user = userEvent.setup();
    await screen.findByText(TEXTS.noMessages);
    await user.type(textbox(), 'От исполнителя');

    act(() => actAs({ id: 40, type: 'organization', name: 'ООО «Мастерская»', active: true }));
    await waitFor(() => expect(textbox()).toHaveValue(''));
    await user.type(textbox(), 'От организации');

    act(() => actAs(ME));
    await waitFor(() => expect(textbox()).toHaveValue('От исполнителя'));
  });

  it('of a conversation not started yet is kept by its application until the first message starts it', async () => {
    const state = serverState([], {});
    state.applications.set(70, makeApplication({ id: 70, number: 1070, name: 'Покраска фасада', customer: { id: 3, name: CUSTOMER.name, type: 'customer' } }));
    serveMessaging(state);
    const first = renderMessages('?applicationId=70');
    const user = userEvent.setup();
    await screen.findByText(/Напишите первое сообщение/);
    await user.type(textbox(), 'Здравствуйте');

    first.unmount();
    const second = renderMessages('?applicationId=70');
    await screen.findByText(/Напишите первое сообщение/);
    expect(textbox()).toHaveValue('Здравствуйте');
    await user.type(textbox(), '{Enter}');
    await waitFor(() => expect(second.location().search).toBe('?messagingId=60'));
    await user.type(textbox(), 'Когда удобно');

    // The conversation exists now: what was typed after is its own draft, and the application keeps none.
    second.unmount();
    renderMessages('?messagingId=60');
    await screen.findByText('Здравствуйте');
    expect(textbox()).toHaveValue('Когда удобно');
    expect(Object.keys(sessionStorage).filter((key) => key.endsWith(':a70-'))).toEqual([]);
  });

  it('a message on its way when its conversation is left still goes: the field is not given it back, and it is in the thread on the way back (QA YYY-2)', async () => {
    const held = gate();
    const api = serveMessaging(serverState([conversation(), OTHER], { 5: [], 6: [] }), {}, { beforeCreate: () => held.passed });
    renderMessages('?messagingId=5');
    const user = userEvent.setup();
    await screen.findByText(TEXTS.noMessages);

    await user.type(textbox(), 'Вы здесь?{Enter}');
    await waitFor(() => expect(api.callsTo('POST message/create')).toHaveLength(1));
    await open(user, OTHER.interlocutor.name);
    held.open();
    await open(user, CUSTOMER.name);
    expect(await within(screen.getByRole('log')).findByText('Вы здесь?')).toBeInTheDocument();
    expect(textbox()).toHaveValue('');
    expect(api.callsTo('POST message/create')).toHaveLength(1);
    expect(toasts).toEqual([]);
  });

  it('a message of a conversation left that fails is said by a toast, and waits in that conversation’s field', async () => {
    const { held, user } = await failingWhenLet(503, 'Сервис временно недоступен');

    await user.type(textbox(), 'Вы здесь?{Enter}');
    await open(user, OTHER.interlocutor.name);
    act(() => held.open());
    await waitFor(() => expect(toasts).toContainEqual(expect.objectContaining({ type: 'error', message: `Сервис временно недоступен. ${TEXTS.leftUnsent}` })));
    await open(user, CUSTOMER.name);
    expect(textbox()).toHaveValue('Вы здесь?');
  });

  it('a message that fails after its conversation was left and opened again comes back into the field the user sees (QA AAB-1)', async () => {
    const { held, user } = await failingWhenLet(500, 'Внутренняя ошибка сервера');

    await user.type(textbox(), 'Вы здесь?{Enter}');
    await open(user, OTHER.interlocutor.name);
    await open(user, CUSTOMER.name);
    act(() => held.open());
    await waitFor(() => expect(textbox()).toHaveValue('Вы здесь?'));
    expect(within(composer()).getByRole('alert')).toHaveTextContent('Внутренняя ошибка сервера');
    // Typed on, it stays in front of what is typed: nothing is written over it.
    await user.type(textbox(), ' Ответьте');
    expect(textbox()).toHaveValue('Вы здесь? Ответьте');
  });
});
