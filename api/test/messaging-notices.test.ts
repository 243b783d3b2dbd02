/**
 * Message notices (spec §7 `notification/message/get-collection`, the header's messages badge):
 * every message received leaves a notice of kind 'message' for each user acting for the receiving
 * profile, written with the message; `message/read` marks the reader's notices of that
 * conversation read; the bell (`notification/get-collection`) never lists them, and no socket
 * `notification` goes out for them (the `message` event tells of a message).
 */
import type { Notification } from 'shared/contract';
import { applicationIn, makePerson, must, setupDealApp, type DealContext, type Person } from './deal-helpers';
import { sent, write } from './messaging-helpers';
import { makeStaffed } from './organization-helpers';

let d: DealContext;
beforeAll(async () => {
  d = await setupDealApp();
});
afterAll(() => d.close());

interface NoticeList {
  items: Notification[];
  total: number;
  page: number;
  limit: number;
  unread: number;
}

const notices = async (who: Person, query: Record<string, unknown> = {}) =>
  must(await d.api.get<NoticeList>(who, 'notification/message/get-collection', query), 'notification/message/get-collection');
const bell = async (who: Person) => must(await d.api.get<NoticeList>(who, 'notification/get-collection', {}), 'notification/get-collection');
const read = async (who: Person, messagingId: number) => must(await d.api.post(who, 'message/read', { messagingId }), 'message/read');
const numberOf = async (applicationId: number) =>
  (await d.db.query<{ number: number }>('select number from applications where id = $1', [applicationId]))[0]!.number;

/** A customer's published application, replied to by `replier`; `executor` never gets that far. */
async function published(customer: Person, replier: Person) {
  const executor = await makePerson(d.db, 'executor', 'Иван Мастеров');
  const app = await applicationIn(d, 'published', { customer, executor, replier });
  return { id: app.id, number: await numberOf(app.id) };
}

describe('message notices between a customer and an executor', () => {
  it("each side lists the other's messages as unread notices, never its own; message/read clears the reader's; the bell lists none", async () => {
    const customer = await makePerson(d.db, 'customer', 'Анна Заказчикова');
    const executor = await makePerson(d.db, 'executor', 'Пётр Исполнителев');
    const app = await published(customer, executor);

    const first = await sent(d, executor, { applicationId: app.id, text: 'Здравствуйте! Уточните объём работ' });
    const messagingId = first.messagingId;
    await sent(d, executor, { messagingId, text: 'И сроки, пожалуйста' });
    await sent(d, customer, { messagingId, text: 'Две комнаты, к пятнице' });

    const link = `/lk/message?messagingId=${messagingId}`;
    const toCustomer = await notices(customer);
    expect(toCustomer).toEqual({
      items: [
        {
          id: expect.any(Number),
          message: `Новое сообщение по заявке № ${app.number}: Пётр Исполнителев`,
          link,
          applicationId: app.id,
          // Opened as the profile the message went to.
          profileId: customer.profileId,
          read: false,
          createdAt: expect.any(String),
        },
        expect.objectContaining({ message: `Новое сообщение по заявке № ${app.number}: Пётр Исполнителев`, link }),
      ],
      total: 2,
      page: 1,
      limit: 20,
      unread: 2,
    });
    // The author's own messages leave him no notice: only the customer's answer.
    expect(await notices(executor)).toMatchObject({
      items: [{ message: `Новое сообщение по заявке № ${app.number}: Анна Заказчикова`, link, applicationId: app.id, profileId: executor.profileId, read: false }],
      total: 1,
      unread: 1,
    });
    // Not the bell's: the header shows them on the messages badge.
    for (const who of [customer, executor]) expect((await bell(who)).items.filter((n) => n.link === link)).toEqual([]);

    // Paging: newest first, the total of them all.
    const page2 = await notices(customer, { page: 2, limit: 1 });
    expect(page2).toMatchObject({ total: 2, page: 2, limit: 1, unread: 2 });
    expect(page2.items).toHaveLength(1);
    expect(page2.items[0]!.id).toBeLessThan(toCustomer.items[0]!.id);

    await read(customer, messagingId);
    expect(await notices(customer)).toMatchObject({ items: [], total: 0, unread: 0 });
    // The other side's stay until he reads.
    expect(await notices(executor)).toMatchObject({ total: 1, unread: 1 });
    await read(executor, messagingId);
    expect(await notices(executor)).toMatchObject({ items: [], total: 0, unread: 0 });

    // A new message after the read is a new notice.
    await sent(d, executor, { messagingId, text: 'Договорились' });
    expect(await notices(customer)).toMatchObject({ total: 1, unread: 1 });
  });

  it('a message sent again with its client key leaves no second notice', async () => {
    const customer = await makePerson(d.db, 'customer', 'Анна Заказчикова');
    const executor = await makePerson(d.db, 'executor', 'Пётр Исполнителев');
    const app = await published(customer, executor);
    const body = { applicationId: app.id, text: 'Смету пришлю завтра', clientKey: 'notice-key-0001' };
    await sent(d, executor, body);
    expect((await write(d, executor, body)).status).toBe(200);
    expect(await notices(customer)).toMatchObject({ total: 1, unread: 1 });
  });

  it('tells of a message by the `message` event alone, not by a socket `notification`', async () => {
    const customer = await makePerson(d.db, 'customer', 'Анна Заказчикова');
    const executor = await makePerson(d.db, 'executor', 'Пётр Исполнителев');
    const app = await published(customer, executor);
    const events: string[] = [];
    const io = d.app.io;
    const realTo = io.to.bind(io);
    const spy = jest.spyOn(io, 'to').mockImplementation((room) => {
      const op = realTo(room);
      const emit = op.emit.bind(op);
      op.emit = ((event: string, ...args: unknown[]) => {
        events.push(event);
        return emit(event, ...args);
      }) as typeof op.emit;
      return op;
    });
    try {
      await sent(d, executor, { applicationId: app.id, text: 'Здравствуйте' });
    } finally {
      spy.mockRestore();
    }
    expect(events).toEqual(['message']);
    expect(await notices(customer)).toMatchObject({ total: 1 });
  });
});

describe('message notices of an organisation', () => {
  it("reach every member acting for it, not the writer's own side; each member's read clears his own", async () => {
    const customer = await makePerson(d.db, 'customer', 'Анна Заказчикова');
    const org = await makeStaffed(d, 'ООО «Мастера»');
    const app = await published(customer, org.employee);

    // The employee writes for the organisation: the customer hears of it, the director (same side) not.
    const start = await sent(d, org.employee, { applicationId: app.id, text: 'Смета во вложении будет завтра' });
    const messagingId = start.messagingId;
    expect(await notices(customer)).toMatchObject({
      items: [{ message: `Новое сообщение по заявке № ${app.number}: ООО «Мастера»`, profileId: customer.profileId }],
      total: 1,
    });
    expect(await notices(org.director)).toMatchObject({ items: [], total: 0, unread: 0 });
    expect(await notices(org.employee)).toMatchObject({ items: [], total: 0, unread: 0 });

    // The customer answers: both the director and the employee get it, as the organisation.
    await sent(d, customer, { messagingId, text: 'Жду' });
    const expected = {
      items: [{ message: `Новое сообщение по заявке № ${app.number}: Анна Заказчикова`, link: `/lk/message?messagingId=${messagingId}`, profileId: org.organizationId, read: false }],
      total: 1,
      unread: 1,
    };
    expect(await notices(org.employee)).toMatchObject(expected);
    expect(await notices(org.director)).toMatchObject(expected);
    expect((await bell(org.director)).items.filter((n) => n.link?.startsWith('/lk/message'))).toEqual([]);

    // The employee reads: his notice is read; the director's waits for his own reading.
    await read(org.employee, messagingId);
    expect(await notices(org.employee)).toMatchObject({ total: 0, unread: 0 });
    expect(await notices(org.director)).toMatchObject({ total: 1, unread: 1 });
    await read(org.director, messagingId);
    expect(await notices(org.director)).toMatchObject({ total: 0, unread: 0 });
  });
});
