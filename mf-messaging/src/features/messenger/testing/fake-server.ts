import type { SessionProfile } from 'shared';
import type { Message, Messaging } from 'shared/lk';
import { actAsProfile, fail, makeMessage, makeMessaging, ok, serveApi, type FakeAnswer } from 'shared/testing';

/** The viewer: an executor profile; the interlocutor of the conversations is a customer. */
export const ME: SessionProfile = { id: 12, type: 'executor', name: 'Семён Мастеров', active: true };
export const CUSTOMER = { id: 3, name: 'Ольга Заказова' };

/** The page's user: ME unless told otherwise. */
export const actAs = (profile: SessionProfile = ME): void => actAsProfile(profile);

/** A moment `daysAgo` days before today at hh:mm local time, as the API writes it. */
export function dayAt(daysAgo: number, hours: number, minutes = 0): string {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() - daysAgo, hours, minutes).toISOString();
}

export const fromMe = (overrides: Partial<Message>) => makeMessage({ author: { id: ME.id, name: ME.name }, ...overrides });
export const fromCustomer = (overrides: Partial<Message>) => makeMessage({ author: CUSTOMER, ...overrides });

export const conversation = (overrides: Partial<Messaging> = {}) =>
  makeMessaging({ id: 5, interlocutor: { ...CUSTOMER, type: 'customer' }, application: { id: 7, number: 1007, name: 'Замена электропроводки' }, ...overrides });

const json = (init?: RequestInit) => (typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {});
const numberOf = (url: URL, name: string, fallback: number) => Number(url.searchParams.get(name) ?? fallback);

/** A request held until the test lets it through: `passed` resolves on `open()`. */
export function gate() {
  let open!: () => void;
  const passed = new Promise<void>((resolve) => (open = resolve));
  return { passed, open };
}

export interface FakeServerState {
  conversations: Messaging[];
  /** Each conversation's messages, oldest first. */
  messages: Map<number, Message[]>;
  /** `application/get` answers. */
  applications: Map<number, unknown>;
  /** Conversations that are there but another's: the API refuses them 403 (ARCHITECTURE §8). */
  foreign?: Set<number>;
}

/**
 * The messaging calls answered from `state`, as the API would: the list's `id` and `applicationId`,
 * the thread's filter and `afterId`, pages of
 * the newest first, creating, reading. `extra` adds or replaces routes; `beforeCreate` holds
 * `message/create` (a slow send) until it resolves (given the request, to see it aborted),
 * `beforeMessages` each `message/get-collection`.
 */
export function serveMessaging(
  state: FakeServerState,
  extra: Parameters<typeof serveApi>[0] = {},
  {
    beforeCreate,
    beforeMessages,
    loseAnswer,
  }: {
    beforeCreate?: (init?: RequestInit) => Promise<void>;
    beforeMessages?: (url: URL) => Promise<void>;
    /** The message is kept, but its answer never reaches the page (the connection broke) while this says so. */
    loseAnswer?: () => boolean;
  } = {},
) {
  let nextId = 9000;
  // As the API: a message's key, sent again, answers the message kept under it.
  const kept = new Map<string, FakeAnswer>();
  const list = (url: URL): FakeAnswer => {
    const id = url.searchParams.get('id');
    const applicationId = url.searchParams.get('applicationId');
    const items = state.conversations.filter((c) => (!id || c.id === Number(id)) && (!applicationId || c.application.id === Number(applicationId)));
    const page = numberOf(url, 'page', 1);
    const limit = numberOf(url, 'limit', 20);
    const unread = state.conversations.reduce((sum, c) => sum + c.unread, 0);
    return ok({ items: items.slice((page - 1) * limit, page * limit), total: items.length, page, limit, unread });
  };
  const messages = (url: URL): FakeAnswer => {
    const id = numberOf(url, 'messagingId', 0);
    if (state.foreign?.has(id)) return fail(403, 'Диалог доступен только его участникам');
    if (!state.messages.has(id)) return fail(404, 'Диалог не найден');
    const query = url.searchParams.get('query')?.toLowerCase();
    const from = url.searchParams.get('from');
    const to = url.searchParams.get('to');
    const afterId = url.searchParams.get('afterId');
    const day = (m: Message) => m.createdAt.slice(0, 10);
    const matching = state.messages
      .get(id)!
      .filter((m) => !query || m.text.toLowerCase().includes(query) || m.documents.some((d) => d.name.toLowerCase().includes(query)))
      .filter((m) => (!from || day(m) >= from) && (!to || day(m) <= to))
      .filter((m) => !afterId || m.id > Number(afterId))
      .reverse();
    const page = numberOf(url, 'page', 1);
    const limit = numberOf(url, 'limit', 30);
    return ok({ items: matching.slice((page - 1) * limit, page * limit), total: matching.length, page, limit });
  };
  const create = (body: Record<string, unknown>): FakeAnswer => {
    let messagingId = body.messagingId as number | undefined;
    if (messagingId === undefined) {
      messagingId = 60;
      state.conversations.unshift(conversation({ id: messagingId, application: { id: body.applicationId as number, number: 1070, name: 'Покраска фасада' }, lastMessage: null }));
      state.messages.set(messagingId, []);
    }
    const message = fromMe({ id: nextId++, messagingId, text: String(body.text ?? ''), createdAt: new Date().toISOString() });
    state.messages.get(messagingId)?.push(message);
    return ok(message, 'Сообщение отправлено');
  };
  return serveApi({
    'GET messaging/get-collection': list,
    'GET message/get-collection': async (url) => {
      await beforeMessages?.(url);
      return messages(url);
    },
    'POST message/create': async (_url, init) => {
      await beforeCreate?.(init);
      const body = json(init);
      const key = typeof body.clientKey === 'string' ? body.clientKey : null;
      const answer = (key && kept.get(key)) || create(body);
      if (key) kept.set(key, answer);
      if (loseAnswer?.()) throw new TypeError('Failed to fetch');
      return answer;
    },
    'POST message/read': (_url, init) => {
      const messagingId = json(init).messagingId as number;
      const marked = state.messages.get(messagingId)?.filter((m) => m.author.id !== ME.id && !m.read).length ?? 0;
      state.messages.set(messagingId, (state.messages.get(messagingId) ?? []).map((m) => (m.author.id !== ME.id ? { ...m, read: true } : m)));
      state.conversations = state.conversations.map((c) => (c.id === messagingId ? { ...c, unread: 0 } : c));
      return ok({ messagingId, marked, unread: state.conversations.reduce((sum, c) => sum + c.unread, 0) });
    },
    'GET application/get': (url) => {
      const application = state.applications.get(numberOf(url, 'id', 0));
      return application ? ok(application) : fail(404, 'Заявка не найдена');
    },
    ...extra,
  });
}

export function serverState(conversations: Messaging[] = [], messages: Record<number, Message[]> = {}): FakeServerState {
  return { conversations, messages: new Map(Object.entries(messages).map(([id, list]) => [Number(id), list])), applications: new Map() };
}
