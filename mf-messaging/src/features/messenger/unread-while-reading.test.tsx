import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { bus } from 'shared';
import { renderRoutes, setUpPageTests } from 'shared/testing';
import { Component as MessagePage } from '../../pages/message-page';
import UnreadBadge from '../../unread-badge';
import { actAs, conversation, CUSTOMER, dayAt, fromCustomer, gate, ME, serveMessaging, serverState } from './testing/fake-server';

/*
 * The header's badge (the shell mounts it on every page) and /lk/message in one page: what the
 * badge and the conversation list show while a message comes into the conversation being read.
 */

jest.setTimeout(20_000);
setUpPageTests(() => actAs());

function BadgeAndMessages() {
  return (
    <>
      <UnreadBadge />
      <MessagePage />
    </>
  );
}

const badge = () => screen.getByRole('link', { name: /^Сообщения/ });
const log = () => screen.getByRole('log');
/** What the page's live regions and statuses hold now (empty ones left out). */
const said = () =>
  [...document.querySelectorAll('[aria-live="polite"], [role="status"]')].map((el) => el.textContent?.trim() ?? '').filter(Boolean);
const entry = (name = CUSTOMER.name) => within(screen.getByRole('navigation', { name: 'Диалоги' })).getByRole('link', { name: new RegExp(name) });

/** Every name the badge and the list's entries have had, as they changed (a flash of a count is caught too). */
const observers: MutationObserver[] = [];
afterEach(() => observers.splice(0).forEach((observer) => observer.disconnect()));

function recordCounts() {
  const seen: string[] = [];
  const note = () => {
    const names = [document.querySelector('.msg-badge')?.getAttribute('aria-label'), ...[...document.querySelectorAll('.msg-item__unread')].map((el) => el.textContent)].join(' | ');
    if (seen.at(-1) !== names) seen.push(names);
  };
  note();
  const observer = new MutationObserver(note);
  observers.push(observer);
  observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  return { seen, stop: () => observer.disconnect() };
}

/** The conversation open at its newest message, nothing unread; `message/read` held until `read.open()`. */
async function openReading(conversations = [conversation()]) {
  const state = serverState(conversations, Object.fromEntries(conversations.map((c) => [c.id, [fromCustomer({ id: c.id, messagingId: c.id, text: `Начало ${c.id}`, createdAt: dayAt(1, 9), read: true })]])));
  const read = gate();
  const api = serveMessaging(state, {
    'POST message/read': async (_url, init) => {
      await read.passed;
      const messagingId = (JSON.parse(String(init?.body)) as { messagingId: number }).messagingId;
      state.messages.set(messagingId, (state.messages.get(messagingId) ?? []).map((m) => (m.author.id !== ME.id ? { ...m, read: true } : m)));
      state.conversations = state.conversations.map((c) => (c.id === messagingId ? { ...c, unread: 0 } : c));
      return { body: { data: { messagingId, marked: 1, unread: state.conversations.reduce((sum, c) => sum + c.unread, 0) } } };
    },
  });
  renderRoutes([{ path: '/lk/message', Component: BadgeAndMessages }], '/lk/message?messagingId=5');
  await within(await screen.findByRole('log')).findByText('Начало 5');
  await screen.findByRole('link', { name: 'Сообщения, непрочитанных: 0' });
  /** The interlocutor writes in conversation `messagingId`: unread on the server until read. */
  const arrive = (id: number, text: string, messagingId = 5, author = CUSTOMER) => {
    const message = fromCustomer({ id, messagingId, text, author, createdAt: new Date().toISOString() });
    state.messages.get(messagingId)!.push(message);
    state.conversations = state.conversations.map((c) => (c.id === messagingId ? { ...c, unread: c.unread + 1 } : c));
    act(() => bus.emit('message:received', { message }));
  };
  return { api, read, arrive };
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

it('a message that comes into the conversation being read (at its bottom, the tab visible) never shows in the badge or the list, not even until it is marked read', async () => {
  const { api, read, arrive } = await openReading();
  const counts = recordCounts();

  arrive(11, 'Я подъеду к десяти');
  await within(log()).findByText('Я подъеду к десяти');
  await waitFor(() => expect(api.callsTo('POST message/read').map((c) => c.body)).toEqual([{ messagingId: 5 }]));
  // The read on its way: whatever the page asks meanwhile has answered.
  await settle();
  expect(badge()).toHaveAccessibleName('Сообщения, непрочитанных: 0');
  expect(entry()).not.toHaveTextContent('непрочитанных');

  read.open();
  await settle();
  counts.stop();
  expect(counts.seen).toEqual(['Сообщения, непрочитанных: 0']);
  expect(badge()).not.toHaveTextContent(/\d/);
  // Said once, by the conversation's log; the badge says nothing of it.
  expect(said()).toEqual([`${CUSTOMER.name}: Я подъеду к десяти`]);
});

it('a read that fails leaves the message unread: the badge and the list then say so', async () => {
  const state = serverState([conversation()], { 5: [fromCustomer({ id: 10, text: 'Начало', createdAt: dayAt(1, 9), read: true })] });
  serveMessaging(state, { 'POST message/read': () => ({ status: 500, body: { message: 'Сбой' } }) });
  renderRoutes([{ path: '/lk/message', Component: BadgeAndMessages }], '/lk/message?messagingId=5');
  await within(await screen.findByRole('log')).findByText('Начало');
  await screen.findByRole('link', { name: 'Сообщения, непрочитанных: 0' });

  const message = fromCustomer({ id: 11, messagingId: 5, text: 'Вы здесь?', createdAt: new Date().toISOString() });
  state.messages.get(5)!.push(message);
  state.conversations = [{ ...state.conversations[0]!, unread: 1 }];
  act(() => bus.emit('message:received', { message }));

  expect(await screen.findByRole('link', { name: 'Сообщения, непрочитанных: 1' })).toHaveTextContent('1');
  await waitFor(() => expect(entry()).toHaveTextContent(', непрочитанных: 1'));
});

it('with the tab hidden, a message in the open conversation raises the badge and the list, and is not marked read', async () => {
  const { api, arrive } = await openReading();
  const hidden = jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
  try {
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    arrive(11, 'Пока вкладка скрыта');

    expect(await screen.findByRole('link', { name: 'Сообщения, непрочитанных: 1' })).toHaveTextContent('1');
    await waitFor(() => expect(entry()).toHaveTextContent(', непрочитанных: 1'));
    await settle();
    expect(api.callsTo('POST message/read')).toHaveLength(0);
  } finally {
    hidden.mockRestore();
  }
});

it('with the reader up in the history, a message in the open conversation raises the badge', async () => {
  const { api, arrive } = await openReading();
  const element = log();
  Object.defineProperty(element, 'scrollHeight', { configurable: true, value: 2000 });
  Object.defineProperty(element, 'clientHeight', { configurable: true, value: 400 });
  Object.defineProperty(element, 'scrollTop', { configurable: true, writable: true, value: 0 });
  fireEvent.scroll(element);

  arrive(11, 'Пока вы читали');
  expect(await screen.findByRole('link', { name: 'Сообщения, непрочитанных: 1' })).toHaveTextContent('1');
  await settle();
  expect(api.callsTo('POST message/read')).toHaveLength(0);
});

it('a message in another conversation still raises the badge and the list, and the badge says it once', async () => {
  const other = conversation({ id: 6, interlocutor: { id: 4, name: 'Пётр Соседов', type: 'customer' }, application: { id: 8, number: 1008, name: 'Покраска забора' } });
  const { read, arrive } = await openReading([conversation(), other]);
  read.open();
  arrive(11, 'В открытом');
  await within(log()).findByText('В открытом');
  await settle();
  expect(badge()).toHaveAccessibleName('Сообщения, непрочитанных: 0');

  arrive(12, 'Есть вопрос', 6, { id: 4, name: 'Пётр Соседов' });
  expect(await screen.findByRole('link', { name: 'Сообщения, непрочитанных: 1' })).toHaveTextContent('1');
  await waitFor(() => expect(entry('Пётр Соседов')).toHaveTextContent(', непрочитанных: 1'));
  await waitFor(() => expect(said()).toContain('Новое сообщение: Пётр Соседов'));
  await settle();
  expect(said().filter((line) => line.includes('Пётр Соседов'))).toEqual(['Новое сообщение: Пётр Соседов']);
  expect(entry()).not.toHaveTextContent('непрочитанных');
});
