/**
 * Messaging (issue 11, ARCHITECTURE §8 "Messaging"): starting a conversation from either side and
 * the refusals, the list, the thread with its filter and catch-up, read marks, messages with
 * documents (all or nothing) and their download, JSON and multipart alike.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { allCalls, callKind, FILE_TYPE_MESSAGE, MESSAGE_MAX_FILES, MESSAGE_TEXT_MAX, MESSAGING_MESSAGES, type Message, type Messaging } from 'shared/contract';
import { testConfig } from '../src/config';
import { MESSAGE_BODY_MESSAGE } from '../src/modules/messaging/routes';
import { applicationIn, makePerson, makeUserWithoutProfile, must, setupDealApp, type DealContext, type Person, type Who } from './deal-helpers';
import { samples } from './fixtures/file-samples';
import { form, sent, write } from './messaging-helpers';
import { makeStaffed } from './organization-helpers';

let d: DealContext;
beforeAll(async () => {
  d = await setupDealApp();
});
afterAll(() => d.close());

const APPLICATION_NOT_FOUND = 'Заявка не найдена';
const NO_PROFILE = 'Выберите профиль';

interface Cast {
  customer: Person;
  /** Named on the application from executor_named on. */
  executor: Person;
  /** An organisation with an active reply. */
  replier: Person;
}

async function newCast(): Promise<Cast> {
  return {
    customer: await makePerson(d.db, 'customer', 'Анна Заказчикова'),
    executor: await makePerson(d.db, 'executor', 'Иван Мастеров'),
    replier: await makePerson(d.db, 'organization', 'ООО «Отклик»'),
  };
}

const stranger = (name = 'Пётр Сторонний') => makePerson(d.db, 'executor', name);

const list = async (who: Person, query: Record<string, unknown> = {}) =>
  must(await d.api.get<{ items: Messaging[]; total: number; unread: number }>(who, 'messaging/get-collection', query), 'messaging/get-collection');
const thread = async (who: Person, messagingId: number, query: Record<string, unknown> = {}) =>
  must(await d.api.get<{ items: Message[]; total: number; page: number; limit: number }>(who, 'message/get-collection', { messagingId, ...query }), 'message/get-collection');
const texts = (items: Message[]) => items.map((m) => m.text);

const messageCount = async (messagingId: number) =>
  (await d.db.query<{ n: number }>('select count(*)::int as n from messages where messaging_id = $1', [messagingId]))[0]!.n;
const authoredBy = async (profileId: number) =>
  (await d.db.query<{ n: number }>('select count(*)::int as n from messages where author_profile_id = $1', [profileId]))[0]!.n;

/** Message files in the app's storage (only this file's tests store any). */
const MESSAGE_FILES = path.join(testConfig().filesDir, 'messages');
const storedFiles = () => {
  try {
    return readdirSync(MESSAGE_FILES).length;
  } catch {
    return 0;
  }
};

const PDF = { name: 'Смета на ёлки.pdf', bytes: samples.pdf };
const PNG = { name: 'фото щитка.png', bytes: samples.png };
const TEXT = { name: 'заметка.txt', bytes: Buffer.from('просто текст, не документ\n') };

describe('starting a conversation', () => {
  it('an executor-side profile starts one about a published application; starting again continues it, and the customer answers in it', async () => {
    const c = await newCast();
    const app = await applicationIn(d, 'published', c);
    const outsider = await stranger();

    const first = await write(d, outsider, { applicationId: app.id, text: 'Здравствуйте! Уточните объём работ' });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe(MESSAGING_MESSAGES.sent);
    expect(first.body.data).toEqual({
      id: expect.any(Number),
      messagingId: expect.any(Number),
      author: { id: outsider.profileId, name: 'Пётр Сторонний' },
      // A person writes as himself: no member to name.
      writer: null,
      text: 'Здравствуйте! Уточните объём работ',
      documents: [],
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      read: false,
    });
    const messagingId = first.body.data.messagingId;

    const again = await sent(d, outsider, { applicationId: app.id, profileId: c.customer.profileId, text: 'И ещё: нужен ли допуск?' });
    expect(again.messagingId).toBe(messagingId);
    // The customer writes back: through the conversation, or by naming the profile (it already exists).
    expect((await sent(d, c.customer, { messagingId, text: 'Допуск не нужен' })).messagingId).toBe(messagingId);
    expect((await sent(d, c.customer, { applicationId: app.id, profileId: outsider.profileId, text: 'Объём — 60 м²' })).messagingId).toBe(messagingId);
    const rows = await d.db.query('select id from messagings where application_id = $1 and executor_profile_id = $2', [app.id, outsider.profileId]);
    expect(rows).toHaveLength(1);
    expect(texts((await thread(outsider, messagingId)).items)).toEqual(['Объём — 60 м²', 'Допуск не нужен', 'И ещё: нужен ли допуск?', 'Здравствуйте! Уточните объём работ']);
  });

  it('the customer starts one with a profile that replied or is named, and with nobody else', async () => {
    const c = await newCast();
    const published = await applicationIn(d, 'published', c);
    const withReplier = await sent(d, c.customer, { applicationId: published.id, profileId: c.replier.profileId, text: 'Когда сможете приехать?' });
    expect(withReplier.author.id).toBe(c.customer.profileId);
    expect((await list(c.replier)).items.map((m) => m.interlocutor)).toEqual([{ id: c.customer.profileId, name: 'Анна Заказчикова', type: 'customer' }]);

    const outsider = await stranger();
    const refused = await write(d, c.customer, { applicationId: published.id, profileId: outsider.profileId, text: 'Привет' });
    expect(refused).toMatchObject({ status: 403, body: { message: MESSAGING_MESSAGES.notReplier, code: 'forbidden' } });
    for (const body of [{ applicationId: published.id }, { applicationId: published.id, profileId: c.customer.profileId }]) {
      const self = await write(d, c.customer, { ...body, text: 'Себе' });
      expect(self).toMatchObject({ status: 403, body: { message: MESSAGING_MESSAGES.selfMessage, code: 'forbidden' } });
    }

    // The named executor of an application in work (his reply is no longer active).
    const c2 = await newCast();
    const inWork = await applicationIn(d, 'in_work', c2);
    const withNamed = await sent(d, c2.customer, { applicationId: inWork.id, profileId: c2.executor.profileId, text: 'Как идут работы?' });
    expect((await list(c2.executor)).items.map((m) => m.id)).toEqual([withNamed.messagingId]);
    expect(await authoredBy(c.customer.profileId)).toBe(1);
  });

  it('lets a replier and the named executor write in any status, and refuses everyone else with the exact text and status', async () => {
    const c = await newCast();
    const inWork = await applicationIn(d, 'in_work', c);
    const draft = await applicationIn(d, 'draft', c);
    const published = await applicationIn(d, 'published', c);
    expect((await write(d, c.executor, { applicationId: inWork.id, text: 'Начал работы' })).status).toBe(200);
    expect((await write(d, c.replier, { applicationId: inWork.id, text: 'Если что, мы свободны' })).status).toBe(200);

    const outsider = await stranger();
    const otherCustomer = await makePerson(d.db, 'customer', 'Другой Заказчик');
    const noProfile = await makeUserWithoutProfile(d.db);
    const cases: Array<[string, Parameters<typeof write>[1], Record<string, unknown>, number, string]> = [
      ['not published any more', outsider, { applicationId: inWork.id }, 409, MESSAGING_MESSAGES.notPublished],
      ['a draft nobody else has seen', outsider, { applicationId: draft.id }, 403, 'Заявка доступна только её участникам'],
      ['no such application', outsider, { applicationId: 2_000_000_000 }, 404, APPLICATION_NOT_FOUND],
      ['an id no row can have', outsider, { applicationId: 99_999_999_999 }, 404, APPLICATION_NOT_FOUND],
      ['a customer-type profile', otherCustomer, { applicationId: published.id }, 403, MESSAGING_MESSAGES.executorsOnly],
      ['to himself', outsider, { applicationId: published.id, profileId: outsider.profileId }, 403, MESSAGING_MESSAGES.selfMessage],
      ['to someone who is not the customer', outsider, { applicationId: published.id, profileId: c.replier.profileId }, 404, MESSAGING_MESSAGES.notFound],
      ['without a profile', noProfile, { applicationId: published.id }, 403, NO_PROFILE],
      ['no such conversation', outsider, { messagingId: 2_000_000_000 }, 404, MESSAGING_MESSAGES.notFound],
      ['a conversation id no row can have', outsider, { messagingId: 99_999_999_999 }, 404, MESSAGING_MESSAGES.notFound],
    ];
    const got = [];
    for (const [label, who, body, status, message] of cases) {
      const res = await write(d, who, { ...body, text: 'Здравствуйте' });
      got.push({ label, status: res.status, message: res.body.message });
      expect({ label, status, message }).toEqual({ label, status: res.status, message: res.body.message });
    }
    expect(got).toHaveLength(cases.length);
    expect(await authoredBy(outsider.profileId)).toBe(0);
    expect(await authoredBy(otherCustomer.profileId)).toBe(0);

    // Someone else's conversation is refused 403 (ARCHITECTURE §8: «a call by anyone else is 403»; QA OOO-3).
    const theirs = await sent(d, c.customer, { applicationId: published.id, profileId: c.replier.profileId, text: 'Вопрос' });
    const intruding = await write(d, outsider, { messagingId: theirs.messagingId, text: 'Влезаю' });
    expect(intruding).toMatchObject({ status: 403, body: { message: MESSAGING_MESSAGES.notParty, code: 'forbidden' } });
    expect(await messageCount(theirs.messagingId)).toBe(1);

    expect((await write(d, null, { applicationId: published.id, text: 'Гость' })).status).toBe(401);
    const untargeted = await write(d, outsider, { text: 'Кому?' });
    expect(untargeted).toMatchObject({ status: 422, body: { code: 'validation', errors: { messagingId: MESSAGING_MESSAGES.target } } });
  });

  it('a replier whose reply was refused or withdrawn starts none once the application is no longer published; one started before goes on (QA R-1)', async () => {
    const c = await newCast();
    const refused = await makePerson(d.db, 'executor', 'Отклонённый Исполнитель');
    const withdrawn = await makePerson(d.db, 'executor', 'Передумавший Исполнитель');
    const talking = await makePerson(d.db, 'executor', 'Спросивший Исполнитель');
    // Their replies on a published application, and what became of them.
    const deal = await applicationIn(d, 'published', c);
    must(await d.api.post(refused, 'application/reply/send', { id: deal.id, comment: 'Сделаю' }), 'reply');
    must(await d.api.post(withdrawn, 'application/reply/send', { id: deal.id, comment: 'Сделаю' }), 'reply');
    must(await d.api.post(talking, 'application/reply/send', { id: deal.id, comment: 'Сделаю' }), 'reply');
    const started = await sent(d, talking, { applicationId: deal.id, text: 'Есть вопрос' });
    const replies = must(await d.api.get(c.customer, 'application/get', { id: deal.id }), 'view').replies as { id: number; executor: { id: number } }[];
    must(await d.api.post(c.customer, 'application/reply/reject', { id: deal.id, replyId: replies.find((r) => r.executor.id === refused.profileId)!.id }), 'reject');
    must(await d.api.post(c.customer, 'application/reply/reject', { id: deal.id, replyId: replies.find((r) => r.executor.id === talking.profileId)!.id }), 'reject');
    must(await d.api.post(withdrawn, 'application/reply/remove', { id: deal.id }), 'withdraw');
    must(await d.api.post(c.customer, 'application/set-status/no-publish', { id: deal.id }), 'unpublish');

    for (const who of [refused, withdrawn]) {
      expect(await write(d, who, { applicationId: deal.id, text: 'Всё-таки напишу' })).toMatchObject({ status: 409, body: { message: MESSAGING_MESSAGES.notPublished } });
    }
    expect(await authoredBy(refused.profileId)).toBe(0);
    // Nor does the customer start one with them: they replied, so the refusal says their reply no
    // longer stands, not that they never replied (QA AAN-3).
    for (const who of [refused, withdrawn]) {
      expect(await write(d, c.customer, { applicationId: deal.id, profileId: who.profileId, text: 'Вернёмся к делу?' })).toMatchObject({
        status: 403,
        body: { message: MESSAGING_MESSAGES.closedReply, code: 'forbidden' },
      });
    }
    // The conversation begun while it was published goes on, by its id or by the application.
    expect((await write(d, talking, { messagingId: started.messagingId, text: 'И ещё вопрос' })).status).toBe(200);
    expect((await write(d, talking, { applicationId: deal.id, text: 'И последний' })).status).toBe(200);
  });

  it('refuses a conversation named together with another application or interlocutor (422), taking both only when they agree', async () => {
    const c = await newCast();
    const first = await applicationIn(d, 'published', c);
    const second = await applicationIn(d, 'published', c);
    const outsider = await stranger();
    const { messagingId } = await sent(d, outsider, { applicationId: first.id, text: 'По первой заявке' });
    const before = await messageCount(messagingId);
    const otherApplication = await write(d, outsider, { messagingId, applicationId: second.id, text: 'Куда это уйдёт?' });
    expect(otherApplication).toMatchObject({ status: 422, body: { code: 'validation', message: 'Этот диалог — по другой заявке', errors: { applicationId: 'Этот диалог — по другой заявке' } } });
    const otherProfile = await write(d, c.customer, { messagingId, applicationId: first.id, profileId: c.replier.profileId, text: 'Кому?' });
    expect(otherProfile).toMatchObject({ status: 422, body: { code: 'validation', message: 'Этот диалог — с другим собеседником', errors: { profileId: 'Этот диалог — с другим собеседником' } } });
    // Multipart says the same before a byte is stored.
    const files = storedFiles();
    const multipart = await form(d, outsider, 'message/create', { messagingId: String(messagingId), applicationId: String(second.id), text: 'С файлом' }, [PDF]);
    expect([multipart.status, multipart.body.message]).toEqual([422, 'Этот диалог — по другой заявке']);
    expect(storedFiles()).toBe(files);
    expect(await messageCount(messagingId)).toBe(before);
    // Agreeing fields are the same conversation; none goes to the second application.
    expect((await sent(d, outsider, { messagingId, applicationId: first.id, text: 'Всё там же' })).messagingId).toBe(messagingId);
    expect((await sent(d, c.customer, { messagingId, applicationId: first.id, profileId: outsider.profileId, text: 'Да' })).messagingId).toBe(messagingId);
    expect(await d.db.query('select id from messagings where application_id = $1', [second.id])).toEqual([]);
  });

  it('starts one conversation when the same start arrives twice at once', async () => {
    const c = await newCast();
    const app = await applicationIn(d, 'published', c);
    const outsider = await stranger();
    const [a, b] = await Promise.all([
      write(d, outsider, { applicationId: app.id, text: 'Первое' }),
      write(d, outsider, { applicationId: app.id, text: 'Второе' }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.data.messagingId).toBe(b.body.data.messagingId);
    expect(await messageCount(a.body.data.messagingId)).toBe(2);
  });
});

describe('a message sent again with its client key', () => {
  it('is kept once: the same key and text answer the message the server has, its files not stored twice', async () => {
    const c = await newCast();
    const app = await applicationIn(d, 'published', c);
    const first = await sent(d, c.replier, { applicationId: app.id, text: 'Смету пришлю завтра', clientKey: 'key-0001-aaaa' });

    const again = await write(d, c.replier, { applicationId: app.id, text: 'Смету пришлю завтра', clientKey: 'key-0001-aaaa' });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first);
    expect(again.body.message).toBe(MESSAGING_MESSAGES.sent);
    expect(await messageCount(first.messagingId)).toBe(1);

    const files = storedFiles();
    const withFile = await form<Message>(d, c.replier, 'message/create', { messagingId: String(first.messagingId), text: 'Во вложении', clientKey: 'key-0002-bbbb' }, [PDF]);
    expect(withFile.status).toBe(200);
    const resent = await form<Message>(d, c.replier, 'message/create', { messagingId: String(first.messagingId), text: 'Во вложении', clientKey: 'key-0002-bbbb' }, [PDF]);
    expect(resent.status).toBe(200);
    expect(resent.body.data).toEqual(withFile.body.data);
    expect(storedFiles()).toBe(files + 1);
    expect(await messageCount(first.messagingId)).toBe(2);

    // Another key, or none, is another message, even with the same words.
    await sent(d, c.replier, { messagingId: first.messagingId, text: 'Во вложении', clientKey: 'key-0003-cccc' });
    await sent(d, c.replier, { messagingId: first.messagingId, text: 'Во вложении' });
    expect(await messageCount(first.messagingId)).toBe(4);
  });

  it('is the author profile’s own: another profile’s message with the same key is not its', async () => {
    const c = await newCast();
    const app = await applicationIn(d, 'executor_named', c);
    const mine = await sent(d, c.executor, { applicationId: app.id, text: 'Начинаю в понедельник', clientKey: 'shared-key-01' });
    const theirs = await sent(d, c.customer, { messagingId: mine.messagingId, text: 'Начинаю в понедельник', clientKey: 'shared-key-01' });
    expect(theirs.id).not.toBe(mine.id);
    expect(await messageCount(mine.messagingId)).toBe(2);
  });

  it('with another text is refused (409): the key named another message', async () => {
    const c = await newCast();
    const app = await applicationIn(d, 'published', c);
    const first = await sent(d, c.replier, { applicationId: app.id, text: 'Первое', clientKey: 'key-reused-1' });
    const other = await write(d, c.replier, { messagingId: first.messagingId, text: 'Второе', clientKey: 'key-reused-1' });
    expect(other).toMatchObject({ status: 409, body: { code: 'message_key_reused', message: MESSAGING_MESSAGES.clientKeyReused } });
    expect(await messageCount(first.messagingId)).toBe(1);
  });

  it('sent twice at once is kept once', async () => {
    const c = await newCast();
    const app = await applicationIn(d, 'published', c);
    const start = await sent(d, c.replier, { applicationId: app.id, text: 'Здравствуйте' });
    const [a, b] = await Promise.all([
      write(d, c.replier, { messagingId: start.messagingId, text: 'Дважды', clientKey: 'key-at-once-1' }),
      write(d, c.replier, { messagingId: start.messagingId, text: 'Дважды', clientKey: 'key-at-once-1' }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.data.id).toBe(b.body.data.id);
    expect(await messageCount(start.messagingId)).toBe(2);
  });

  it('refuses a malformed key with 422 and a Russian message at the field', async () => {
    const c = await newCast();
    const app = await applicationIn(d, 'published', c);
    const answer = await write(d, c.replier, { applicationId: app.id, text: 'Ключ', clientKey: 'не ключ' });
    expect(answer).toMatchObject({ status: 422, body: { code: 'validation', errors: { clientKey: MESSAGING_MESSAGES.clientKey } } });
  });
});

describe('the list', () => {
  it('shows the active profile’s conversations on either side, newest activity first, with the last message and unread counts', async () => {
    const c = await newCast();
    const first = await applicationIn(d, 'published', c);
    const second = await applicationIn(d, 'published', c);
    const outsider = await stranger('Олег Вопросов');
    const a = await sent(d, outsider, { applicationId: first.id, text: 'Вопрос по первой' });
    const b = await sent(d, c.replier, { applicationId: second.id, text: 'Вопрос по второй' });
    await sent(d, c.replier, { messagingId: b.messagingId, text: 'И ещё один' });
    await sent(d, c.customer, { messagingId: a.messagingId, text: 'Ответ по первой' });

    const [number1, number2] = (await d.db.query<{ number: number }>('select number from applications where id = any($1::int[]) order by id', [[first.id, second.id]])).map((r) => r.number);
    const mine = await list(c.customer);
    expect(mine).toEqual({
      items: [
        {
          id: a.messagingId,
          application: { id: first.id, number: number1, name: 'Монтаж электропроводки' },
          interlocutor: { id: outsider.profileId, name: 'Олег Вопросов', type: 'executor' },
          lastMessage: { text: 'Ответ по первой', createdAt: expect.any(String) },
          unread: 1,
        },
        {
          id: b.messagingId,
          application: { id: second.id, number: number2, name: 'Монтаж электропроводки' },
          interlocutor: { id: c.replier.profileId, name: 'ООО «Отклик»', type: 'organization' },
          lastMessage: { text: 'И ещё один', createdAt: expect.any(String) },
          unread: 2,
        },
      ],
      total: 2,
      page: 1,
      limit: 20,
      unread: 3,
    });
    // A new message brings its conversation to the top.
    await sent(d, c.replier, { messagingId: b.messagingId, text: 'Ждём ответа' });
    expect((await list(c.customer)).items.map((m) => [m.id, m.unread])).toEqual([[b.messagingId, 3], [a.messagingId, 1]]);
    // Pages, and `applicationId` narrows (the unread total stays the profile's).
    expect(await list(c.customer, { limit: 1, page: 2 })).toMatchObject({ items: [{ id: a.messagingId }], total: 2, limit: 1, page: 2, unread: 4 });
    expect(await list(c.customer, { applicationId: first.id })).toMatchObject({ items: [{ id: a.messagingId }], total: 1, unread: 4 });
    expect(await list(c.customer, { applicationId: 99_999_999_999 })).toMatchObject({ items: [], total: 0, unread: 4 });
    // The other side sees the customer as its interlocutor, and its own unread.
    expect(await list(outsider)).toMatchObject({
      items: [{ id: a.messagingId, interlocutor: { id: c.customer.profileId, name: 'Анна Заказчикова', type: 'customer' }, unread: 1 }],
      total: 1,
      unread: 1,
    });
    // Nobody else sees any of them.
    expect(await list(await stranger())).toEqual({ items: [], total: 0, page: 1, limit: 20, unread: 0 });
    expect((await d.api.get(await makeUserWithoutProfile(d.db), 'messaging/get-collection', {})).body.message).toBe(NO_PROFILE);
    expect((await d.api.get(null, 'messaging/get-collection', {})).status).toBe(401);
  });
});

describe('one conversation by `id`', () => {
  it('answers the active profile’s own conversation, on either side and for an organisation’s members', async () => {
    const c = await newCast();
    const app = await applicationIn(d, 'published', c);
    const mine = await sent(d, c.replier, { applicationId: app.id, text: 'Вопрос по заявке' });
    // More of the customer's conversations, newer than it: it is not first in the list.
    for (const who of [c.executor, await stranger()]) await sent(d, who, { applicationId: app.id, text: 'Другой вопрос' });
    const number = (await d.db.query<{ number: number }>('select number from applications where id = $1', [app.id]))[0]!.number;
    const whole = await list(c.customer);
    expect(whole.items.map((m) => m.id)).toHaveLength(3);
    expect(whole.items[0]!.id).not.toBe(mine.messagingId);

    expect(await list(c.customer, { id: mine.messagingId })).toEqual({
      items: [
        {
          id: mine.messagingId,
          application: { id: app.id, number, name: 'Монтаж электропроводки' },
          interlocutor: { id: c.replier.profileId, name: 'ООО «Отклик»', type: 'organization' },
          lastMessage: { text: 'Вопрос по заявке', createdAt: expect.any(String) },
          unread: 1,
        },
      ],
      total: 1,
      page: 1,
      limit: 20,
      // The profile's total over all its conversations, as without the filter.
      unread: whole.unread,
    });
    expect(whole.unread).toBe(3);
    // The same item the list has, and the other side sees it with the customer as its interlocutor.
    expect((await list(c.customer, { id: mine.messagingId })).items).toEqual(whole.items.filter((m) => m.id === mine.messagingId));
    expect(await list(c.replier, { id: mine.messagingId })).toMatchObject({
      items: [{ id: mine.messagingId, interlocutor: { id: c.customer.profileId, name: 'Анна Заказчикова', type: 'customer' }, unread: 0 }],
      total: 1,
    });
    // Together with `applicationId`: both must match.
    expect(await list(c.customer, { id: mine.messagingId, applicationId: app.id })).toMatchObject({ items: [{ id: mine.messagingId }], total: 1 });
    const otherApp = await applicationIn(d, 'published', c);
    expect(await list(c.customer, { id: mine.messagingId, applicationId: otherApp.id })).toMatchObject({ items: [], total: 0 });
  });

  it('answers no items for a conversation that is not the active profile’s, or not there', async () => {
    const c = await newCast();
    const app = await applicationIn(d, 'published', c);
    const theirs = await sent(d, c.replier, { applicationId: app.id, text: 'Вопрос по заявке' });
    const outsider = await stranger();
    await sent(d, outsider, { applicationId: app.id, text: 'Мой вопрос' });
    const empty = async (who: Person, id: number) => expect(await list(who, { id })).toEqual({ items: [], total: 0, page: 1, limit: 20, unread: expect.any(Number) });
    // Another executor with a conversation of his own about the same application.
    await empty(outsider, theirs.messagingId);
    // A profile with no conversations at all.
    await empty(await makePerson(d.db, 'customer', 'Другой Заказчик'), theirs.messagingId);
    // The customer's user with another profile active: that profile's conversations only.
    const [second] = await d.db.query<{ id: number }>("insert into profiles (user_id, type, name) values ($1, 'executor', 'Анна Исполнительская') returning id", [c.customer.userId]);
    await d.db.query('update users set active_profile_id = $2 where id = $1', [c.customer.userId, second!.id]);
    await empty(c.customer, theirs.messagingId);
    await d.db.query('update users set active_profile_id = $2 where id = $1', [c.customer.userId, c.customer.profileId]);
    expect((await list(c.customer, { id: theirs.messagingId })).items.map((m) => m.id)).toEqual([theirs.messagingId]);
    // No such conversation, and an id past what a row can have.
    await empty(c.customer, 2_000_000_000);
    await empty(c.customer, 99_999_999_999);
    // Without a profile or a session, as without the filter.
    expect((await d.api.get(await makeUserWithoutProfile(d.db), 'messaging/get-collection', { id: theirs.messagingId })).body.message).toBe(NO_PROFILE);
    expect((await d.api.get(null, 'messaging/get-collection', { id: theirs.messagingId })).status).toBe(401);
  });

  it('refuses an id that is not a positive integer with 422 and a Russian message at the field', async () => {
    const c = await newCast();
    for (const id of ['abc', '1.5', '0', '-3']) {
      const res = await d.api.get(c.customer, 'messaging/get-collection', { id });
      expect({ id, status: res.status, code: res.body.code, errors: res.body.errors }).toEqual({ id, status: 422, code: 'validation', errors: { id: 'Укажите диалог' } });
    }
    // An empty value is no filter, as for the other optional ids.
    expect((await d.api.get(c.customer, 'messaging/get-collection', { id: '' })).status).toBe(200);
  });
});

describe('the thread', () => {
  let c: Cast;
  let messagingId: number;
  let ids: number[];

  beforeAll(async () => {
    c = await newCast();
    const app = await applicationIn(d, 'published', c);
    const start = await sent(d, c.replier, { applicationId: app.id, profileId: c.customer.profileId, text: 'Ёлку привезём в пятницу' });
    messagingId = start.messagingId;
    ids = [start.id];
    for (const [who, text] of [
      [c.customer, 'ЕЛКА нужна высокая'],
      [c.replier, 'Хорошо, выберем'],
      [c.customer, 'Счёт пришлите, пожалуйста'],
      [c.replier, 'Отправили счет на почту'],
    ] as const) {
      ids.push((await sent(d, who, { messagingId, text })).id);
    }
  });

  it('pages newest first', async () => {
    const page = (n: number) => thread(c.customer, messagingId, { limit: 2, page: n });
    expect(await page(1)).toMatchObject({ total: 5, page: 1, limit: 2 });
    expect((await page(1)).items.map((m) => m.id)).toEqual([ids[4], ids[3]]);
    expect((await page(2)).items.map((m) => m.id)).toEqual([ids[2], ids[1]]);
    expect((await page(3)).items.map((m) => m.id)).toEqual([ids[0]]);
    expect(await page(4)).toMatchObject({ items: [], total: 5 });
    expect((await thread(c.customer, messagingId)).limit).toBe(30);
  });

  it('catches up after an id: only newer messages, still newest first', async () => {
    expect((await thread(c.replier, messagingId, { afterId: ids[2] })).items.map((m) => m.id)).toEqual([ids[4], ids[3]]);
    expect(await thread(c.replier, messagingId, { afterId: ids[4] })).toMatchObject({ items: [], total: 0 });
    expect(await thread(c.replier, messagingId, { afterId: 99_999_999_999 })).toMatchObject({ items: [], total: 0 });
  });

  it('finds text whatever the case and ё/е, and messages by a document’s name', async () => {
    expect(texts((await thread(c.customer, messagingId, { query: 'елка' })).items)).toEqual(['ЕЛКА нужна высокая', 'Ёлку привезём в пятницу']);
    expect(texts((await thread(c.customer, messagingId, { query: 'ЁЛКА' })).items)).toEqual(['ЕЛКА нужна высокая', 'Ёлку привезём в пятницу']);
    expect(texts((await thread(c.customer, messagingId, { query: 'счет' })).items)).toEqual(['Отправили счет на почту', 'Счёт пришлите, пожалуйста']);
    expect(await thread(c.customer, messagingId, { query: 'самовар' })).toMatchObject({ items: [], total: 0 });
    expect(await thread(c.customer, messagingId, { query: '!!!' })).toMatchObject({ items: [], total: 0 });

    const other = await newCast();
    const app = await applicationIn(d, 'published', other);
    const withFile = await form<Message>(d, other.replier, 'message/create', { applicationId: String(app.id), text: 'Во вложении' }, [{ name: 'Смета_ЁЛКИ.pdf', bytes: samples.pdf }]);
    expect(withFile.status).toBe(200);
    await sent(d, other.customer, { messagingId: withFile.body.data.messagingId, text: 'Спасибо' });
    const found = await thread(other.customer, withFile.body.data.messagingId, { query: 'смета елки' });
    expect(found.items.map((m) => m.id)).toEqual([withFile.body.data.id]);
    expect(found.items[0]!.documents.map((doc) => doc.name)).toEqual(['Смета_ЁЛКИ.pdf']);
  });

  it('filters by Moscow days, both ends inclusive', async () => {
    const other = await newCast();
    const app = await applicationIn(d, 'published', other);
    const before = await sent(d, other.replier, { applicationId: app.id, text: 'Перед полуночью' });
    const after = await sent(d, other.customer, { messagingId: before.messagingId, text: 'После полуночи' });
    const later = await sent(d, other.customer, { messagingId: before.messagingId, text: 'Через день' });
    // 23:59:59.999 and 00:00:00 in Moscow (UTC+3) on the night from 9 to 10 March 2026.
    const at = { [before.id]: '2026-03-09T20:59:59.999Z', [after.id]: '2026-03-09T21:00:00.000Z', [later.id]: '2026-03-11T09:00:00.000Z' };
    for (const [id, time] of Object.entries(at)) await d.db.query('update messages set created_at = $2 where id = $1', [Number(id), time]);
    const on = async (query: Record<string, string>) => texts((await thread(other.customer, before.messagingId, query)).items);
    expect(await on({ from: '2026-03-09', to: '2026-03-09' })).toEqual(['Перед полуночью']);
    expect(await on({ from: '2026-03-10', to: '2026-03-10' })).toEqual(['После полуночи']);
    expect(await on({ from: '2026-03-10' })).toEqual(['Через день', 'После полуночи']);
    expect(await on({ to: '2026-03-10' })).toEqual(['После полуночи', 'Перед полуночью']);
    expect(await on({ from: '2026-03-09', to: '2026-03-11' })).toEqual(['Через день', 'После полуночи', 'Перед полуночью']);
    expect((await thread(other.customer, before.messagingId, { from: '2026-03-09', to: '2026-03-09' })).items[0]!.createdAt).toBe('2026-03-09T20:59:59.999Z');
    const reversed = await d.api.get(other.customer, 'message/get-collection', { messagingId: before.messagingId, from: '2026-03-10', to: '2026-03-09' });
    expect(reversed).toMatchObject({ status: 422, body: { errors: { to: MESSAGING_MESSAGES.periodOrder } } });
  });

  it('filters by the reader’s days when the request names his zone; an unknown zone is refused at the field', async () => {
    const other = await newCast();
    const app = await applicationIn(d, 'published', other);
    const first = await sent(d, other.replier, { applicationId: app.id, text: 'Последняя минута 30 ноября' });
    const messagingId = first.messagingId;
    const rest = [
      await sent(d, other.customer, { messagingId, text: 'Полночь 1 декабря' }),
      await sent(d, other.customer, { messagingId, text: 'Последняя минута 1 декабря' }),
      await sent(d, other.customer, { messagingId, text: 'Полночь 2 декабря' }),
    ];
    // Around the midnights of Kiritimati (UTC+14): 23:59:59.999 on 30 November there, 00:00 on
    // 1 December, 23:59:59.999 on 1 December, 00:00 on 2 December. In Moscow (UTC+3) the first two
    // are 30 November, the last two 1 December.
    const times = ['2026-11-30T09:59:59.999Z', '2026-11-30T10:00:00.000Z', '2026-12-01T09:59:59.999Z', '2026-12-01T10:00:00.000Z'];
    for (const [i, m] of [first, ...rest].entries()) await d.db.query('update messages set created_at = $2 where id = $1', [m.id, times[i]]);
    const on = async (query: Record<string, string>) => texts((await thread(other.customer, messagingId, query)).items);

    const december1st = { from: '2026-12-01', to: '2026-12-01' };
    expect(await on({ ...december1st, timeZone: 'Pacific/Kiritimati' })).toEqual(['Последняя минута 1 декабря', 'Полночь 1 декабря']);
    expect(await on({ from: '2026-11-30', to: '2026-11-30', timeZone: 'Pacific/Kiritimati' })).toEqual(['Последняя минута 30 ноября']);
    expect(await on({ from: '2026-12-02', timeZone: 'Pacific/Kiritimati' })).toEqual(['Полночь 2 декабря']);
    expect(await on({ to: '2026-11-30', timeZone: 'Pacific/Kiritimati' })).toEqual(['Последняя минута 30 ноября']);
    // Without a zone the days are Moscow's, as before; naming Moscow is the same.
    expect(await on(december1st)).toEqual(['Полночь 2 декабря', 'Последняя минута 1 декабря']);
    expect(await on({ ...december1st, timeZone: 'Europe/Moscow' })).toEqual(['Полночь 2 декабря', 'Последняя минута 1 декабря']);
    expect(await on({ ...december1st, timeZone: 'UTC' })).toEqual(['Полночь 2 декабря', 'Последняя минута 1 декабря']);
    // A zone alone changes nothing.
    expect(await on({ timeZone: 'Pacific/Kiritimati' })).toHaveLength(4);

    const refused = (timeZone: string) => d.api.get(other.customer, 'message/get-collection', { messagingId, ...december1st, timeZone });
    // Unknown names; names Intl and PostgreSQL read differently (IST: Kolkata or Israel; +03:00:
    // UTC+3 or, as POSIX, UTC−3); a name Intl still knows and the database's tzdata has dropped.
    for (const timeZone of ['Mars/Olympus', 'Moscow', 'IST', '+03:00', 'Europe/Moscow; drop table messages', 'US/Pacific-New']) {
      expect(await refused(timeZone)).toMatchObject({ status: 422, body: { code: 'validation', errors: { timeZone: MESSAGING_MESSAGES.timeZone } } });
    }
    expect(await refused(`Europe/${'M'.repeat(60)}`)).toMatchObject({ status: 422, body: { errors: { timeZone: 'Не длиннее 64 символов' } } });
    expect(await messageCount(messagingId)).toBe(4);
  });

  it('finds a message by any part of a document’s name, whatever the case', async () => {
    const other = await newCast();
    const app = await applicationIn(d, 'published', other);
    const names = ['Договор №1 (финал).pdf', 'photo.png', 'medium.pdf'];
    const files = [
      { name: names[0]!, bytes: samples.pdf },
      { name: names[1]!, bytes: samples.png },
      { name: names[2]!, bytes: samples.pdf },
    ];
    const withFiles = await form<Message>(d, other.replier, 'message/create', { applicationId: String(app.id), text: 'Документы по объекту' }, files);
    expect(withFiles.status).toBe(200);
    expect(withFiles.body.data.documents.map((doc) => doc.name)).toEqual(names);
    const { messagingId, id } = withFiles.body.data;
    await sent(d, other.customer, { messagingId, text: 'Получила, спасибо' });
    const found = async (query: string) => (await thread(other.customer, messagingId, { query })).items.map((m) => m.id);

    for (const query of ['photo.png', 'png', 'medium.pdf', 'photo', 'medium', 'PHOTO.PNG', '.png', 'Договор №1 (финал).pdf', 'договор №1', '(финал)', 'pdf']) {
      expect({ query, found: await found(query) }).toEqual({ query, found: [id] });
    }
    // Not a part of any name, nor words of the text.
    for (const query of ['photo.pdf', 'medium.png', 'финал).png', '%', '_', 'самовар']) {
      expect({ query, found: await found(query) }).toEqual({ query, found: [] });
    }
    // The text is still searched by words, with stemming.
    expect(await found('документ')).toEqual([id]);
  });

  it('answers 403 to anyone but the two parties (ARCHITECTURE §8; QA OOO-3), 404 for a conversation that is not there', async () => {
    const res = await d.api.get(await stranger(), 'message/get-collection', { messagingId });
    expect(res).toMatchObject({ status: 403, body: { message: MESSAGING_MESSAGES.notParty } });
    expect((await d.api.get(c.customer, 'message/get-collection', { messagingId: 2_000_000_000 })).status).toBe(404);
    expect((await d.api.get(c.customer, 'message/get-collection', { messagingId: 99_999_999_999 })).status).toBe(404);
    expect((await d.api.get(null, 'message/get-collection', { messagingId })).status).toBe(401);
  });
});

describe('read marks', () => {
  it('marks the interlocutor’s unread messages read, once, and answers the counts', async () => {
    const c = await newCast();
    const app = await applicationIn(d, 'published', c);
    const m1 = await sent(d, c.replier, { applicationId: app.id, text: 'Первое' });
    await sent(d, c.replier, { messagingId: m1.messagingId, text: 'Второе' });
    await sent(d, c.customer, { messagingId: m1.messagingId, text: 'Ответ' });
    const messagingId = m1.messagingId;
    expect((await list(c.customer)).unread).toBe(2);

    const read = await d.api.post(c.customer, 'message/read', { messagingId });
    expect(read).toEqual({ status: 200, body: { data: { messagingId, marked: 2, unread: 0 }, message: MESSAGING_MESSAGES.read } });
    // What the customer wrote is not read until the other side reads it.
    expect((await thread(c.replier, messagingId)).items.map((m) => [m.text, m.read])).toEqual([['Ответ', false], ['Второе', true], ['Первое', true]]);
    expect((await list(c.customer)).items[0]!.unread).toBe(0);
    expect((await list(c.replier)).unread).toBe(1);

    // The guarded update marks each message once: a second call changes nothing.
    const stamps = await d.db.query('select id, read_at from messages where messaging_id = $1 order by id', [messagingId]);
    expect((await d.api.post(c.customer, 'message/read', { messagingId })).body.data).toEqual({ messagingId, marked: 0, unread: 0 });
    expect(await d.db.query('select id, read_at from messages where messaging_id = $1 order by id', [messagingId])).toEqual(stamps);

    expect((await d.api.post(c.replier, 'message/read', { messagingId })).body.data).toEqual({ messagingId, marked: 1, unread: 0 });
    expect((await thread(c.customer, messagingId)).items.every((m) => m.read)).toBe(true);

    expect(await d.api.post(await stranger(), 'message/read', { messagingId })).toMatchObject({ status: 403, body: { message: MESSAGING_MESSAGES.notParty } });
    expect((await d.api.post(null, 'message/read', { messagingId })).status).toBe(401);
  });
});

describe('documents', () => {
  it('takes a message with files as multipart and gives the bytes back to the two parties only', async () => {
    const c = await newCast();
    const app = await applicationIn(d, 'published', c);
    const res = await form<Message>(d, c.replier, 'message/create', { applicationId: String(app.id), text: 'Смета и фото' }, [PDF, PNG]);
    expect(res.status).toBe(200);
    const message = res.body.data;
    expect(message.documents).toEqual([
      { id: expect.any(Number), name: PDF.name, sizeBytes: PDF.bytes.length },
      { id: expect.any(Number), name: PNG.name, sizeBytes: PNG.bytes.length },
    ]);
    expect((await thread(c.customer, message.messagingId)).items[0]!.documents).toEqual(message.documents);

    const [pdf, png] = message.documents;
    for (const who of [c.customer, c.replier]) {
      const got = await d.app.inject({ method: 'GET', url: `/api/message/document/download?id=${pdf!.id}&name=x.pdf`, headers: who.headers });
      expect(got.statusCode).toBe(200);
      expect(got.rawPayload.equals(PDF.bytes)).toBe(true);
      expect(got.headers['content-type']).toBe('application/pdf');
      expect(got.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''${encodeURIComponent(PDF.name)}`);
    }
    const image = await d.app.inject({ method: 'GET', url: `/api/message/document/download?id=${png!.id}`, headers: c.customer.headers });
    expect(image.rawPayload.equals(PNG.bytes)).toBe(true);

    const outsider = await stranger();
    // Another's document is refused (403), a missing one is not found (404).
    for (const [id, status, message, code] of [
      [pdf!.id, 403, MESSAGING_MESSAGES.documentNotParty, 'forbidden'],
      [2_000_000_000, 404, MESSAGING_MESSAGES.documentNotFound, 'not_found'],
    ] as const) {
      const refused = await d.app.inject({ method: 'GET', url: `/api/message/document/download?id=${id}`, headers: outsider.headers });
      expect({ status: refused.statusCode, body: refused.json() }).toEqual({ status, body: { message, code } });
    }
    expect((await d.app.inject({ method: 'GET', url: `/api/message/document/download?id=${pdf!.id}` })).statusCode).toBe(401);
  });

  it('takes files without text, and the list shows their names as the last message', async () => {
    const c = await newCast();
    const app = await applicationIn(d, 'published', c);
    const start = await sent(d, c.customer, { applicationId: app.id, profileId: c.replier.profileId, text: 'Пришлите смету' });
    const res = await form<Message>(d, c.replier, 'message/create', { messagingId: String(start.messagingId) }, [PDF, PNG]);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ text: '', documents: [{ name: PDF.name }, { name: PNG.name }] });
    expect((await list(c.customer)).items[0]!.lastMessage).toEqual({ text: `${PDF.name}, ${PNG.name}`, createdAt: res.body.data.createdAt });
  });

  it('keeps nothing of a message with a refused file: no message, no stored file', async () => {
    const c = await newCast();
    const app = await applicationIn(d, 'published', c);
    const start = await sent(d, c.customer, { applicationId: app.id, profileId: c.replier.profileId, text: 'Жду документы' });
    const files = storedFiles();
    const refused = await form(d, c.replier, 'message/create', { messagingId: String(start.messagingId), text: 'Три файла' }, [PDF, PNG, TEXT]);
    expect(refused).toMatchObject({ status: 415, body: { message: `Файл «заметка.txt» не принят: н${FILE_TYPE_MESSAGE.slice(1)}`, code: 'file_type_refused' } });
    const tooMany = await form(d, c.replier, 'message/create', { messagingId: String(start.messagingId) }, Array.from({ length: MESSAGE_MAX_FILES + 1 }, () => PDF));
    // A count of files is the form's content (422), not a size: ARCHITECTURE §3 keeps 413 for a file too large.
    expect(tooMany).toMatchObject({ status: 422, body: { message: MESSAGING_MESSAGES.tooManyFiles, code: 'too_many_files', errors: { file: MESSAGING_MESSAGES.tooManyFiles } } });
    // Refused before a byte is stored: someone else's conversation.
    const intruding = await form(d, await stranger(), 'message/create', { messagingId: String(start.messagingId), text: 'Чужое' }, [PDF]);
    expect(intruding).toMatchObject({ status: 403, body: { message: MESSAGING_MESSAGES.notParty } });
    expect(await messageCount(start.messagingId)).toBe(1);
    expect(storedFiles()).toBe(files);
    expect((await d.db.query('select 1 from message_documents d join messages m on m.id = d.message_id where m.messaging_id = $1', [start.messagingId])).length).toBe(0);
  });
  it("an application with a conversation is not deleted: the other side's messages and files stay theirs (QA YYY-1)", async () => {
    const c = await newCast();
    const app = await applicationIn(d, 'published', c);
    const start = await sent(d, c.replier, { applicationId: app.id, text: 'Смета во вложении' });
    const before = storedFiles();
    must(await form(d, c.replier, 'message/create', { messagingId: String(start.messagingId) }, [PDF]), 'with a file');
    expect(storedFiles()).toBe(before + 1);
    const refused = await d.api.call(c.customer, 'DELETE', 'application/delete', { id: app.id });
    expect(refused).toMatchObject({
      status: 409,
      body: { code: 'application_has_history', message: 'Нельзя удалить заявку: по ней есть переписка, которая нужна и другой стороне. Снимите заявку с публикации — она пропадёт из каталога' },
    });
    // Unpublished, the same, without the advice it has followed.
    must(await d.api.post(c.customer, 'application/set-status/no-publish', { id: app.id }), 'no-publish');
    const again = await d.api.call(c.customer, 'DELETE', 'application/delete', { id: app.id });
    expect(again).toMatchObject({ status: 409, body: { message: 'Нельзя удалить заявку: по ней есть переписка, которая нужна и другой стороне' } });
    expect(storedFiles()).toBe(before + 1);
    expect(await messageCount(start.messagingId)).toBe(2);
    expect((await list(c.replier)).items.map((m) => m.id)).toContain(start.messagingId);
    // Without a conversation it is deleted as before.
    const c2 = await newCast();
    const quiet = await applicationIn(d, 'published', c2);
    expect((await d.api.call(c2.customer, 'DELETE', 'application/delete', { id: quiet.id })).status).toBe(200);
  });
});

describe('JSON or multipart, and what is refused as invalid', () => {
  it('refuses a message with neither text nor files (422), a text too long, and a body that is neither JSON nor multipart', async () => {
    const c = await newCast();
    const app = await applicationIn(d, 'published', c);
    const start = await sent(d, c.replier, { applicationId: app.id, text: 'Начнём' });
    const emptyAnswer = { status: 422, body: { message: MESSAGING_MESSAGES.empty, code: 'validation', errors: { text: MESSAGING_MESSAGES.empty } } };
    for (const text of [undefined, '', '   \n ', '\u200b']) {
      expect(await write(d, c.customer, { messagingId: start.messagingId, ...(text === undefined ? {} : { text }) })).toEqual(emptyAnswer);
    }
    expect(await form(d, c.customer, 'message/create', { messagingId: String(start.messagingId), text: '  ' })).toEqual(emptyAnswer);
    const long = await write(d, c.customer, { messagingId: start.messagingId, text: 'я'.repeat(MESSAGE_TEXT_MAX + 1) });
    expect(long).toMatchObject({ status: 422, body: { errors: { text: `Сообщение — не длиннее ${MESSAGE_TEXT_MAX} символов` } } });
    expect((await write(d, c.customer, { messagingId: start.messagingId, text: 'я'.repeat(MESSAGE_TEXT_MAX) })).status).toBe(200);
    const plain = await d.app.inject({ method: 'POST', url: '/api/message/create', headers: { ...c.customer.headers, 'content-type': 'text/plain' }, payload: 'Привет' });
    expect({ status: plain.statusCode, body: plain.json() }).toEqual({ status: 415, body: { message: MESSAGE_BODY_MESSAGE, code: 'unsupported_media_type' } });
    // Multipart ids are strings; JSON ids numbers: both reach the same conversation.
    const viaForm = await form<Message>(d, c.customer, 'message/create', { messagingId: String(start.messagingId), text: 'Из формы' });
    expect(viaForm.body.data.messagingId).toBe(start.messagingId);
    expect(await messageCount(start.messagingId)).toBe(3);
  });
});

// ---- The access matrix: every call of the messaging contract × every kind of caller ----

const MESSAGING_CALLS = allCalls.filter((c) => c.path.startsWith('messaging/') || c.path.startsWith('message/'));

type Role = 'guest' | 'noProfile' | 'otherCustomer' | 'otherExecutor' | 'customer' | 'employee' | 'director';
const ROLES: Role[] = ['guest', 'noProfile', 'otherCustomer', 'otherExecutor', 'customer', 'employee', 'director'];
/** A status, or for a list that answers `sees` (it shows the conversation) / `blind` (it does not). */
type Outcome = 200 | 'sees' | 'blind' | 401 | 403 | 404;

interface AccessWorld {
  who: Record<Role, Who>;
  messagingId: number;
  documentId: number;
}

/** The two parties (the customer; the organisation through its director and its employee) and no one else. */
const PARTIES: Record<Exclude<Role, 'guest'>, Outcome> = { noProfile: 403, otherCustomer: 403, otherExecutor: 403, customer: 200, employee: 200, director: 200 };

/** THE table: a valid request per call and what each caller gets; guests get 401 from every call. */
const MATRIX: Record<string, { sample: (w: AccessWorld) => Record<string, unknown>; expect: Record<Exclude<Role, 'guest'>, Outcome>; shows?: (w: AccessWorld, data: any) => boolean }> = {
  'messaging/get-collection': {
    sample: () => ({}),
    expect: { ...PARTIES, otherCustomer: 'blind', otherExecutor: 'blind', customer: 'sees', employee: 'sees', director: 'sees' },
    shows: (w, data) => data.items.some((m: Messaging) => m.id === w.messagingId),
  },
  'message/get-collection': { sample: (w) => ({ messagingId: w.messagingId }), expect: PARTIES },
  'message/create': { sample: (w) => ({ messagingId: String(w.messagingId), text: 'Проверка доступа' }), expect: PARTIES },
  'message/read': { sample: (w) => ({ messagingId: w.messagingId }), expect: PARTIES },
  'message/document/download': { sample: (w) => ({ id: w.documentId }), expect: PARTIES },
};

describe(`the access matrix: ${MESSAGING_CALLS.length} calls × ${ROLES.length} callers`, () => {
  let w: AccessWorld;
  beforeAll(async () => {
    const customer = await makePerson(d.db, 'customer', 'Анна Заказчикова');
    const org = await makeStaffed(d, 'ООО «Мастера»');
    const replier = await makePerson(d.db, 'executor', 'Другой Исполнитель');
    const app = await applicationIn(d, 'published', { customer, executor: replier, replier });
    const start = await form<Message>(d, org.employee, 'message/create', { applicationId: String(app.id), text: 'Смета во вложении' }, [PDF]);
    expect(start.status).toBe(200);
    w = {
      who: {
        guest: null,
        noProfile: await makeUserWithoutProfile(d.db),
        otherCustomer: await makePerson(d.db, 'customer', 'Другой Заказчик'),
        otherExecutor: await stranger(),
        customer,
        employee: org.employee,
        director: org.director,
      },
      messagingId: start.body.data.messagingId,
      documentId: start.body.data.documents[0]!.id,
    };
  });

  it('has a row for every messaging call of the contract, and none for a call that is gone', () => {
    expect(MESSAGING_CALLS.length).toBeGreaterThanOrEqual(5);
    expect(MESSAGING_CALLS.map((c) => c.path).sort()).toEqual(Object.keys(MATRIX).sort());
  });

  it.each(MESSAGING_CALLS.map((c) => [`${c.method} ${c.path}`, c] as const))('%s answers each kind of caller as the table says', async (_name, call) => {
    const row = MATRIX[call.path]!;
    const before = await messageCount(w.messagingId);
    const got: Record<string, unknown> = {};
    const want: Record<string, unknown> = {};
    for (const role of ROLES) {
      const sample = row.sample(w);
      const res =
        callKind(call) === 'upload'
          ? await form(d, w.who[role], call.path, sample as Record<string, string>, [PDF])
          : await d.api.call(w.who[role], call.method, call.path, sample);
      got[role] = res.status === 200 && row.shows ? (row.shows(w, res.body.data) ? 'sees' : 'blind') : res.status;
      want[role] = role === 'guest' ? 401 : row.expect[role];
      if (got[role] !== want[role]) got[`${role}:answer`] = res.body.message;
    }
    expect(got).toEqual(want);
    // Only the parties' own messages got in.
    const written = call.path === 'message/create' ? ROLES.filter((r) => row.expect[r as Exclude<Role, 'guest'>] === 200).length : 0;
    expect(await messageCount(w.messagingId)).toBe(before + written);
  });
});
