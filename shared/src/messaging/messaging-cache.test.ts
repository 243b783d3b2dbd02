import { QueryClient } from '@tanstack/react-query';
import { messagingKeys } from '../query/query-keys';
import { fakeFile, installFakeXhr, makeMessage, makeMessaging, messagesAnswer, ok, serveApi, setTestRuntimeConfig } from '../testing';
import { useSessionStore } from '../session/session-store';
import type { MessagePages } from './get-messages';
import { threadMessages } from './get-messages';
import { addMessageToCache, applyOwnRead, applyReadEvent, catchUpThreads, holdReadOnArrival, readOnArrival } from './messaging-cache';
import { sendMessage } from './send-message';
import { followMessagingEvents } from './use-messaging-live';
import { bus } from '../bus/bus';

const ME = 12;
const THEM = 3;
const at = (minutes: number) => new Date(Date.UTC(2026, 10, 22, 10, minutes)).toISOString();
const mine = (id: number, minutes: number, read = false) => makeMessage({ id, author: { id: ME, name: 'Я' }, createdAt: at(minutes), read });
const theirs = (id: number, minutes: number, read = false) => makeMessage({ id, author: { id: THEM, name: 'Пётр' }, createdAt: at(minutes), read });

function pagesOf(...pages: ReturnType<typeof makeMessage>[][]): MessagePages {
  return { pages: pages.map((items, i) => ({ items, total: 100, page: i + 1, limit: 30 })), pageParams: pages.map((_, i) => i + 1) };
}

let queryClient: QueryClient;
const thread = (filter: Record<string, unknown> = {}) => queryClient.getQueryData<MessagePages>(messagingKeys.thread(ME, 5, filter));
const ids = (data: MessagePages | undefined) => threadMessages(data?.pages).map((m) => m.id);

beforeEach(() => {
  setTestRuntimeConfig();
  useSessionStore.getState().setTokens('token', 'refresh');
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});
afterEach(() => useSessionStore.getState().clear());

test('query keys: the profile in the list and badge keys, one prefix for every thread of a conversation', () => {
  expect(messagingKeys.list(12, { applicationId: 7, page: undefined })).toEqual(['messaging', 'list', 12, { applicationId: 7 }]);
  expect(messagingKeys.unread(12)).toEqual(['messaging', 'unread', 12]);
  expect(messagingKeys.thread(ME, 5, { query: '', from: '2026-11-01' }).slice(0, 3)).toEqual([...messagingKeys.threads(), 5]);
  // Each profile its own copy of a conversation's thread.
  expect(messagingKeys.thread(ME, 5, {})).not.toEqual(messagingKeys.thread(40, 5, {}));
});

test('a thread reads oldest first, each message once, though pages overlap after new messages arrived', () => {
  expect(ids(pagesOf([theirs(4, 4), mine(3, 3)], [mine(3, 3), theirs(2, 2), theirs(1, 1)]))).toEqual([1, 2, 3, 4]);
});

test('messages of the same millisecond (a message and its file) read in the order they were written, by id, across a page boundary (QA DD-9)', () => {
  // The API answers newest first, so within a millisecond the later id comes first, here on the page before.
  expect(ids(pagesOf([theirs(9, 5), mine(8, 3)], [theirs(7, 3), theirs(6, 2)]))).toEqual([6, 7, 8, 9]);
  expect(ids(pagesOf([mine(8, 3), theirs(7, 3)]))).toEqual([7, 8]);
});

test('a new message joins the unfiltered thread once; a filtered view of it is asked for again', async () => {
  queryClient.setQueryData(messagingKeys.thread(ME, 5, {}), pagesOf([theirs(2, 2), theirs(1, 1)]));
  queryClient.setQueryData(messagingKeys.thread(ME, 5, { query: 'смета' }), pagesOf([theirs(1, 1)]));
  queryClient.setQueryData(messagingKeys.thread(ME, 6, {}), pagesOf([theirs(9, 1)]));

  addMessageToCache(queryClient, mine(3, 3));
  addMessageToCache(queryClient, mine(3, 3));

  expect(ids(thread())).toEqual([1, 2, 3]);
  expect(thread()?.pages[0]?.total).toBe(101);
  expect(queryClient.getQueryState(messagingKeys.thread(ME, 5, { query: 'смета' }))?.isInvalidated).toBe(true);
  expect(ids(queryClient.getQueryData(messagingKeys.thread(ME, 6, {})))).toEqual([9]);
});

test('message:read turns ✓✓ the messages written to the reader up to `at`, not later ones', () => {
  queryClient.setQueryData(messagingKeys.thread(ME, 5, {}), pagesOf([mine(4, 30), theirs(3, 3), mine(2, 2), mine(1, 1)]));
  applyReadEvent(queryClient, { messagingId: 5, readerProfileId: THEM, at: at(10) });
  expect(threadMessages(thread()?.pages).map((m) => [m.id, m.read])).toEqual([
    [1, true],
    [2, true],
    [3, false],
    [4, false],
  ]);
});

test('a read mark covers a message of its very millisecond, as the server marks `created_at <= at`: in the thread, and joining it later', () => {
  queryClient.setQueryData(messagingKeys.thread(ME, 5, {}), pagesOf([mine(1, 10)]));
  applyReadEvent(queryClient, { messagingId: 5, readerProfileId: THEM, at: at(10) });
  addMessageToCache(queryClient, mine(2, 10));
  expect(threadMessages(thread()?.pages).map((m) => [m.id, m.read])).toEqual([
    [1, true],
    [2, true],
  ]);
});

test('a read mark that came before the message it covers marks it when it joins the thread (the sender’s own, after message/create answers)', () => {
  queryClient.setQueryData(messagingKeys.thread(ME, 5, {}), pagesOf([theirs(1, 1)]));
  // The interlocutor read the conversation at 10:10; this page's own answer for the 10:05 message comes after.
  applyReadEvent(queryClient, { messagingId: 5, readerProfileId: THEM, at: at(10) });
  addMessageToCache(queryClient, mine(2, 5));
  // A later message of this page is not covered, nor one of theirs, nor another conversation's.
  addMessageToCache(queryClient, mine(3, 20));
  addMessageToCache(queryClient, theirs(4, 6));
  queryClient.setQueryData(messagingKeys.thread(ME, 6, {}), pagesOf([]));
  addMessageToCache(queryClient, makeMessage({ id: 9, messagingId: 6, author: { id: ME, name: 'Я' }, createdAt: at(5), read: false }));
  expect(threadMessages(thread()?.pages).map((m) => [m.id, m.read])).toEqual([
    [1, false],
    [2, true],
    [4, false],
    [3, false],
  ]);
  expect(threadMessages(queryClient.getQueryData<MessagePages>(messagingKeys.thread(ME, 6, {}))?.pages).map((m) => m.read)).toEqual([false]);
  // An older mark arriving late does not move the known one back.
  applyReadEvent(queryClient, { messagingId: 5, readerProfileId: THEM, at: at(2) });
  addMessageToCache(queryClient, mine(5, 8));
  expect(threadMessages(thread()?.pages).find((m) => m.id === 5)?.read).toBe(true);
});

test('this side’s read in another tab marks the interlocutor’s messages here, and keeps the interlocutor’s own mark', () => {
  queryClient.setQueryData(messagingKeys.thread(ME, 5, {}), pagesOf([theirs(2, 2), mine(1, 1)]));
  applyReadEvent(queryClient, { messagingId: 5, readerProfileId: THEM, at: at(10) });
  // The same profile read the conversation in another tab or on another device.
  applyReadEvent(queryClient, { messagingId: 5, readerProfileId: ME, at: at(11) });
  expect(threadMessages(thread()?.pages).map((m) => [m.id, m.read])).toEqual([
    [1, true],
    [2, true],
  ]);
  // The interlocutor's read at 10:10 still covers this side's 10:05 message arriving late.
  addMessageToCache(queryClient, mine(3, 5));
  expect(threadMessages(thread()?.pages).find((m) => m.id === 3)?.read).toBe(true);
});

test('this side’s read in another tab asks for its conversation lists again (their unread counts); the interlocutor’s read does not', () => {
  const list = messagingKeys.list(ME, {});
  queryClient.setQueryData(list, { pages: [{ items: [makeMessaging({ unread: 3 })], total: 1, page: 1, limit: 20, unread: 3 }], pageParams: [1] });
  applyReadEvent(queryClient, { messagingId: 5, readerProfileId: THEM, at: at(10) });
  expect(queryClient.getQueryState(list)?.isInvalidated).toBe(false);
  applyReadEvent(queryClient, { messagingId: 5, readerProfileId: ME, at: at(11) });
  expect(queryClient.getQueryState(list)?.isInvalidated).toBe(true);
});

test('reading here: a badge count asked for before the read and answered after it does not put the older figure back', async () => {
  const unreadKey = messagingKeys.unread(ME);
  let answer: (count: number) => void = () => undefined;
  const asked = queryClient.fetchQuery({ queryKey: unreadKey, queryFn: () => new Promise<number>((resolve) => (answer = resolve)) }).catch(() => undefined);
  applyOwnRead(queryClient, ME, { messagingId: 5, marked: 3, unread: 0 });
  // The count sent before `message/read` answers after it, with the figure from before the read.
  answer(3);
  await asked;
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(queryClient.getQueryData(unreadKey)).toBe(0);
});

test('reading here marks the interlocutor’s messages, the conversation and the badge at once', async () => {
  queryClient.setQueryData(messagingKeys.thread(ME, 5, {}), pagesOf([theirs(2, 2), mine(1, 1)]));
  queryClient.setQueryData(messagingKeys.list(ME, {}), { pages: [{ items: [makeMessaging({ unread: 1 }), makeMessaging({ id: 6, unread: 2 })], total: 2, page: 1, limit: 20, unread: 3 }], pageParams: [1] });
  applyOwnRead(queryClient, ME, { messagingId: 5, marked: 1, unread: 2 });
  await new Promise((resolve) => setTimeout(resolve, 0));

  expect(threadMessages(thread()?.pages).map((m) => [m.id, m.read])).toEqual([
    [1, false],
    [2, true],
  ]);
  const list = queryClient.getQueryData<{ pages: { unread: number; items: { id: number; unread: number }[] }[] }>(messagingKeys.list(ME, {}));
  expect(list?.pages[0]?.items.map((c) => [c.id, c.unread])).toEqual([
    [5, 0],
    [6, 2],
  ]);
  expect(queryClient.getQueryData(messagingKeys.unread(ME))).toBe(2);
});

test('after a reconnect a thread fetches what came after its newest message (`afterId`) and merges it', async () => {
  queryClient.setQueryData(messagingKeys.thread(ME, 5, {}), pagesOf([theirs(2, 2), theirs(1, 1)]));
  queryClient.setQueryData(messagingKeys.thread(ME, 5, { query: 'смета' }), pagesOf([theirs(1, 1)]));
  const api = serveApi({ 'GET message/get-collection': () => messagesAnswer([theirs(4, 4), theirs(3, 3)], { total: 2 }) });

  await catchUpThreads(queryClient);

  const asked = api.callsTo('GET message/get-collection');
  expect(asked).toHaveLength(1);
  expect(Object.fromEntries(asked[0]!.query)).toEqual({ messagingId: '5', afterId: '2', page: '1', limit: '30' });
  expect(ids(thread())).toEqual([1, 2, 3, 4]);
  expect(thread()?.pages[0]?.items.map((m) => m.id)).toEqual([4, 3, 2, 1]);
  expect(queryClient.getQueryState(messagingKeys.thread(ME, 5, { query: 'смета' }))?.isInvalidated).toBe(true);
});

describe('sendMessage', () => {
  test('text alone goes as JSON to the conversation, or starts one about an application', async () => {
    const api = serveApi({ 'POST message/create': () => ok(mine(7, 7), 'Сообщение отправлено') });
    await sendMessage({ target: { messagingId: 5 }, text: 'Добрый день' });
    await sendMessage({ target: { applicationId: 7, profileId: 3 }, text: 'Здравствуйте' });
    expect(api.callsTo('POST message/create').map((c) => c.body)).toEqual([
      { messagingId: 5, text: 'Добрый день' },
      { applicationId: 7, profileId: 3, text: 'Здравствуйте' },
    ]);
  });

  test('with files: multipart, the fields before every file in field `file`, with progress', async () => {
    const progress: number[] = [];
    const xhr = installFakeXhr((request) => {
      request.progress(50, 100);
      return ok(mine(8, 8));
    });
    try {
      const message = await sendMessage({ target: { applicationId: 7 }, text: '', files: [fakeFile('Смета.pdf'), fakeFile('Фото.jpg')], onProgress: (f) => progress.push(f) });
      expect(message.id).toBe(8);
      const [request] = xhr.requests;
      expect(request?.url.pathname).toBe('/api/message/create');
      expect(request?.entries.map(([name, value]) => [name, typeof value === 'string' ? value : value.name])).toEqual([
        ['applicationId', '7'],
        ['text', ''],
        ['file', 'Смета.pdf'],
        ['file', 'Фото.jpg'],
      ]);
      expect(progress).toEqual([0.5, 1]);
    } finally {
      xhr.restore();
    }
  });
});

test('followed once per query client: a message that arrives before any page observes the prefetched list marks it stale, so the page refetches it on mount', () => {
  const list = messagingKeys.list(ME, {});
  queryClient.setQueryData(list, { pages: [{ items: [], total: 0, page: 1, limit: 20, unread: 0 }], pageParams: [1] });
  queryClient.setQueryData(messagingKeys.thread(ME, 5, {}), pagesOf([theirs(1, 1)]));
  followMessagingEvents(queryClient);
  followMessagingEvents(queryClient);
  const setData = jest.spyOn(queryClient, 'setQueryData');

  bus.emit('message:received', { message: theirs(2, 2) });

  expect(queryClient.getQueryState(list)?.isInvalidated).toBe(true);
  expect(ids(thread())).toEqual([1, 2]);
  // One follower: the thread was written once, not once per call.
  expect(setData).toHaveBeenCalledTimes(1);
});

test('a message read on arrival (its conversation held open by this profile, the tab visible) leaves the lists alone; its own, another conversation’s, or after the hold do not', () => {
  const list = messagingKeys.list(ME, {});
  const fresh = () => queryClient.setQueryData(list, { pages: [{ items: [], total: 0, page: 1, limit: 20, unread: 0 }], pageParams: [1] });
  const staleAfter = (message: ReturnType<typeof makeMessage>) => {
    fresh();
    bus.emit('message:received', { message });
    return queryClient.getQueryState(list)?.isInvalidated;
  };
  queryClient.setQueryData(messagingKeys.thread(ME, 5, {}), pagesOf([theirs(1, 1)]));
  followMessagingEvents(queryClient);
  const release = holdReadOnArrival(queryClient, ME, 5);

  expect(readOnArrival(queryClient, theirs(2, 2))).toBe(true);
  expect(staleAfter(theirs(2, 2))).toBe(false);
  // This profile's own message (from another tab): nothing to read, the list's last message changes.
  expect(staleAfter(mine(3, 3))).toBe(true);
  expect(staleAfter(makeMessage({ id: 4, messagingId: 6, author: { id: THEM, name: 'Пётр' }, createdAt: at(4) }))).toBe(true);
  // Read already in another tab of this side: no read goes from here, so the lists are asked for.
  applyReadEvent(queryClient, { messagingId: 5, readerProfileId: ME, at: at(10) });
  expect(staleAfter(theirs(5, 5))).toBe(true);

  release();
  expect(staleAfter(theirs(11, 11))).toBe(true);
});
