import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { apiRequest, messagingKeys, nextPageOf, type CallData } from 'shared';
import { messageGetCollection, MESSAGES_PAGE_LIMIT, type Message, type MessageReadEvent, type messageRead } from '../contract/messaging';
import type { MessagePages } from './get-messages';
import { type MessagingPage } from './get-messagings';

/*
 * What a new message, a read mark or a reconnect changes in the cached conversations, without
 * refetching what is already on screen.
 */

type MessagingPages = { pages: MessagingPage[]; pageParams: unknown[] };

/** A thread key's filter (`messagingKeys.thread`): a filtered view may not hold a new message. */
const isFilteredThread = (key: QueryKey) => Object.keys((key[4] as object | undefined) ?? {}).length > 0;

function threadsOf(queryClient: QueryClient, messagingId?: number) {
  const queryKey = messagingId === undefined ? messagingKeys.threads() : [...messagingKeys.threads(), messagingId];
  return queryClient.getQueriesData<MessagePages>({ queryKey });
}

/**
 * The latest `message:read` of each conversation, per cache. A read mark can come before the message
 * it covers is in the thread: the sender's page puts its own message in when `message/create`
 * answers, and on a busy page the interlocutor's read of it may arrive first. A message added later
 * is read if the mark covers it, rather than showing «Отправлено» until the thread is asked for again.
 */
const readMarks = new WeakMap<QueryClient, Map<number, Map<number, MessageReadEvent>>>();

/** Whether `event` (a read by the other party up to `at`) covers `message`. */
function coveredByRead(message: Message, event: MessageReadEvent | undefined): boolean {
  if (!event || message.read || message.author.id === event.readerProfileId) return false;
  const at = Date.parse(event.at);
  return Number.isNaN(at) || Date.parse(message.createdAt) <= at;
}

/** Whether a read mark already known (this side's, from another tab) covers `message`. */
function readBefore(queryClient: QueryClient, message: Message): boolean {
  return [...(readMarks.get(queryClient)?.get(message.messagingId)?.values() ?? [])].some((mark) => coveredByRead(message, mark));
}

/**
 * A message (sent here or in another tab of the same side, or live from the other party) into its
 * conversation's unfiltered thread; filtered ones ask again.
 */
export function addMessageToCache(queryClient: QueryClient, sent: Message): void {
  const message = readBefore(queryClient, sent) ? { ...sent, read: true } : sent;
  for (const [key, data] of threadsOf(queryClient, message.messagingId)) {
    if (!data) continue;
    if (isFilteredThread(key)) {
      void queryClient.invalidateQueries({ queryKey: key, exact: true });
      continue;
    }
    const [first, ...rest] = data.pages;
    if (!first || data.pages.some((page) => page.items.some((m) => m.id === message.id))) continue;
    queryClient.setQueryData<MessagePages>(key, { ...data, pages: [{ ...first, items: [message, ...first.items], total: first.total + 1 }, ...rest] });
  }
}

// The conversations read on arrival, per query client: on globalThis, as the cache's follower is
// (use-messaging-live.ts), so that a remote with its own copy of `shared` shares them.
const READING = Symbol.for('shared.messaging.reading');
const readingHolder = globalThis as { [READING]?: WeakMap<QueryClient, Map<number, number[]>> };

/** Each conversation read on arrival: the profiles reading it. */
function readingOf(queryClient: QueryClient): Map<number, number[]> {
  const all = (readingHolder[READING] ??= new WeakMap());
  let reading = all.get(queryClient);
  if (!reading) all.set(queryClient, (reading = new Map()));
  return reading;
}

/**
 * `profileId` reads conversation `messagingId` as its messages come, until the returned function is
 * called: the thread is on screen, whole (no search or period), at its newest message, and marks
 * what arrives read at once (mf-messaging's thread).
 */
export function holdReadOnArrival(queryClient: QueryClient, profileId: number, messagingId: number): () => void {
  const reading = readingOf(queryClient);
  reading.set(messagingId, [...(reading.get(messagingId) ?? []), profileId]);
  return () => {
    const readers = [...(reading.get(messagingId) ?? [])];
    const at = readers.indexOf(profileId);
    if (at !== -1) readers.splice(at, 1);
    if (readers.length > 0) reading.set(messagingId, readers);
    else reading.delete(messagingId);
  };
}

/**
 * Whether a message that has just come is read here at once: the interlocutor's, in a conversation
 * being read (holdReadOnArrival) in a visible tab, and no read already known covers it. Then the
 * unread count and the lists are not asked for on its arrival: they would count it until its read
 * (the header's badge +1 for a moment, and back); the read's answer sets them (applyOwnRead), and
 * a read that fails has them asked for (useReadMessages).
 */
export function readOnArrival(queryClient: QueryClient, message: Message): boolean {
  if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return false;
  const readers = readingOf(queryClient).get(message.messagingId) ?? [];
  return readers.some((profileId) => profileId !== message.author.id) && !readBefore(queryClient, message);
}

function mapThreadMessages(queryClient: QueryClient, messagingId: number, change: (message: Message) => Message): void {
  for (const [key, data] of threadsOf(queryClient, messagingId)) {
    if (!data) continue;
    queryClient.setQueryData<MessagePages>(key, { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map(change) })) });
  }
}

/**
 * Socket `message:read`: the reader (the other party, or this side in another tab) has read what
 * was written to it, up to `at`. Each reader's latest mark is kept.
 */
export function applyReadEvent(queryClient: QueryClient, event: MessageReadEvent): void {
  let conversations = readMarks.get(queryClient);
  if (!conversations) readMarks.set(queryClient, (conversations = new Map()));
  let marks = conversations.get(event.messagingId);
  if (!marks) conversations.set(event.messagingId, (marks = new Map()));
  const known = marks.get(event.readerProfileId);
  if (!known || !(Date.parse(known.at) > Date.parse(event.at))) marks.set(event.readerProfileId, event);
  mapThreadMessages(queryClient, event.messagingId, (m) => (coveredByRead(m, event) ? { ...m, read: true } : m));
  // The reader's own lists (this side, read in another tab or by another member): their unread
  // counts are asked for again, as the header badge is; the interlocutor's read changes none here.
  void queryClient.invalidateQueries({ queryKey: messagingKeys.profileLists(event.readerProfileId) });
}

/** `message/read`'s answer: the interlocutor's messages are read, the conversation and the badge say so at once. */
export function applyOwnRead(queryClient: QueryClient, profileId: number, answer: CallData<typeof messageRead>): void {
  const { messagingId, unread } = answer;
  mapThreadMessages(queryClient, messagingId, (m) => (!m.read && m.author.id !== profileId ? { ...m, read: true } : m));
  queryClient.setQueriesData<MessagingPages>({ queryKey: messagingKeys.lists() }, (data) =>
    data
      ? { ...data, pages: data.pages.map((page) => ({ ...page, unread, items: page.items.map((c) => (c.id === messagingId ? { ...c, unread: 0 } : c)) })) }
      : data,
  );
  // A count asked for before this call may answer after it: its figure would be the older one.
  const unreadKey = messagingKeys.unread(profileId);
  void queryClient.cancelQueries({ queryKey: unreadKey, exact: true }).then(() => queryClient.setQueryData(unreadKey, unread));
  void queryClient.invalidateQueries({ queryKey: messagingKeys.lists() });
}

/** More than this many pages missed: the thread is asked for again as a whole. */
const MAX_CATCH_UP_PAGES = 3;

/** The messages newer than `afterId`, newest first; null when there are too many to merge. */
async function fetchMissed(messagingId: number, afterId: number): Promise<Message[] | null> {
  const missed: Message[] = [];
  for (let page = 1; page <= MAX_CATCH_UP_PAGES; page += 1) {
    const { data } = await apiRequest(messageGetCollection, { query: { messagingId, afterId, page, limit: MESSAGES_PAGE_LIMIT } });
    missed.push(...data.items);
    if (!nextPageOf(data)) return missed;
  }
  return null;
}

/**
 * After a reconnect: each open conversation gets the messages after the newest one it holds
 * (`afterId`); a filtered or empty view is asked for again.
 */
export async function catchUpThreads(queryClient: QueryClient): Promise<void> {
  const jobs = threadsOf(queryClient).map(async ([key, data]) => {
    const newest = data?.pages.flatMap((page) => page.items).reduce((max, m) => Math.max(max, m.id), 0) ?? 0;
    if (!data || isFilteredThread(key) || newest === 0) {
      await queryClient.invalidateQueries({ queryKey: key, exact: true });
      return;
    }
    const missed = await fetchMissed(key[2] as number, newest);
    if (missed === null) {
      await queryClient.invalidateQueries({ queryKey: key, exact: true });
      return;
    }
    for (const message of [...missed].reverse()) addMessageToCache(queryClient, message);
  });
  await Promise.allSettled(jobs);
}
