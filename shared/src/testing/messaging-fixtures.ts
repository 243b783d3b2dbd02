import type { Message, Messaging } from '../contract/messaging';
import { ok, type FakeAnswer } from './fake-api';

let nextMessageId = 1000;

/** A message as `message/get-collection` lists it; each call without an id gets the next one. */
export function makeMessage(overrides: Partial<Message> = {}): Message {
  return {
    id: overrides.id ?? nextMessageId++,
    messagingId: 5,
    author: { id: 3, name: 'Пётр Сидоров' },
    text: 'Здравствуйте! Готов выполнить работу.',
    documents: [],
    createdAt: new Date().toISOString(),
    read: false,
    ...overrides,
  };
}

/** A conversation as `messaging/get-collection` lists it. */
export function makeMessaging(overrides: Partial<Messaging> = {}): Messaging {
  return {
    id: 5,
    application: { id: 7, number: 1007, name: 'Замена электропроводки' },
    interlocutor: { id: 3, name: 'Пётр Сидоров', type: 'executor' },
    lastMessage: { text: 'Здравствуйте! Готов выполнить работу.', createdAt: new Date().toISOString() },
    unread: 0,
    ...overrides,
  };
}

/** `message/get-collection`'s answer for one page, the messages newest first as the API sends them. */
export function messagesAnswer(newestFirst: Message[], { total = newestFirst.length, page = 1, limit = 30 }: { total?: number; page?: number; limit?: number } = {}): FakeAnswer {
  return ok({ items: newestFirst, total, page, limit });
}
