/**
 * Messaging over real sockets (ARCHITECTURE §4, §8 "Messaging"): `message` and `message:read` go
 * to the other party's profile room — every tab of every user acting for that profile (an
 * organisation's director and employee alike) — and to the acting side's, so the author's other
 * tabs and devices and its colleagues show what was sent or read there; never to a third user.
 */
import type { Socket } from 'socket.io-client';
import { messageEventSchema, messageReadEventSchema, type Message } from 'shared/contract';
import { applicationIn, makePerson, must, setupDealApp, type DealContext, type Person } from './deal-helpers';
import { sent } from './messaging-helpers';
import { lastInviteCode, makeOrganization, makeStaffed, type Staffed } from './organization-helpers';
import { listeningApp } from './socket-helpers';

let d: DealContext;
const served = listeningApp(async () => (d = await setupDealApp()));

const tokenOf = (who: Person) => who.headers.authorization!.replace('Bearer ', '');

interface Tab {
  socket: Socket;
  /** Every `message` and `message:read` event the tab hears, in order. */
  heard: Array<{ event: string; payload: unknown }>;
}

/**
 * A connected tab of `who`, bound as the client binds it after every connect (PUT
 * user/socket/update): once that answers, the socket sits in the rooms of all his profiles.
 */
async function tab(who: Person): Promise<Tab> {
  const socket = await served.connect(tokenOf(who));
  const heard: Tab['heard'] = [];
  for (const event of ['message', 'message:read']) socket.on(event, (payload: unknown) => heard.push({ event, payload }));
  must(await d.api.call(who, 'PUT', 'user/socket/update', { id: socket.id }), 'user/socket/update');
  return { socket, heard };
}

/** Lets in-flight websocket frames arrive before asserting that something did not. */
const settle = () => new Promise((r) => setTimeout(r, 200));

describe('messaging events', () => {
  let customer: Person;
  let executor: Staffed;
  let third: Person;
  let applicationId: number;

  beforeAll(async () => {
    customer = await makePerson(d.db, 'customer', 'Анна Заказчикова');
    // The executor side is an organisation: its director and an employee who switched to it both act for it.
    executor = await makeStaffed(d, 'ООО «Мастера»');
    third = await makePerson(d.db, 'executor', 'Посторонний Слушатель');
    const replier = await makePerson(d.db, 'executor', 'Другой Исполнитель');
    ({ id: applicationId } = await applicationIn(d, 'published', { customer, executor: replier, replier }));
  });

  it('delivers a message to every tab acting for either side of the conversation, and to nobody else', async () => {
    const start = await sent(d, executor.employee, { applicationId, text: 'Здравствуйте, мы готовы взяться' });
    const [directorTab1, directorTab2, employeeTab, customerTab, customerTab2, thirdTab] = await Promise.all([
      tab(executor.director),
      tab(executor.director),
      tab(executor.employee),
      tab(customer),
      tab(customer),
      tab(third),
    ]);

    // The customer writes from one tab: the organisation's people hear it, and so do the customer's
    // tabs (the other one shows the message sent from the first).
    const reply = await sent(d, customer, { messagingId: start.messagingId, text: 'Когда сможете начать?' });
    await settle();
    // It names the profile it is written to: a user acting as another of his profiles is told (QA BAB-1).
    const expected = [{ event: 'message', payload: { message: reply, recipientProfileId: executor.organizationId } }];
    expect(directorTab1.heard).toEqual(expected);
    expect(directorTab2.heard).toEqual(expected);
    expect(employeeTab.heard).toEqual(expected);
    expect(messageEventSchema.parse(employeeTab.heard[0]!.payload).message.author).toEqual({ id: customer.profileId, name: 'Анна Заказчикова' });
    expect(customerTab.heard).toEqual(expected);
    expect(customerTab2.heard).toEqual(expected);
    expect(thirdTab.heard).toEqual([]);

    // The employee answers for the organisation: the customer's tabs hear it, and the organisation's
    // own (the director sees what his employee wrote for it), once each.
    for (const t of [directorTab1, directorTab2, employeeTab, customerTab, customerTab2]) t.heard.length = 0;
    const answer: Message = await sent(d, executor.employee, { messagingId: start.messagingId, text: 'Завтра с утра' });
    await settle();
    const answered = [{ event: 'message', payload: { message: answer, recipientProfileId: customer.profileId } }];
    expect(answer.author).toEqual({ id: executor.organizationId, name: 'ООО «Мастера»' });
    // Several write as the organisation: the message names the member who wrote it; a person's not.
    expect(answer.writer).toEqual({ id: executor.employee.userId, name: 'Сотрудник Тестов' });
    expect(reply.writer).toBeNull();
    const thread = must(await d.api.get<{ items: Message[] }>(customer, 'message/get-collection', { messagingId: start.messagingId }), 'thread');
    expect(thread.items.find((m) => m.id === answer.id)?.writer).toEqual(answer.writer);
    for (const t of [customerTab, customerTab2, directorTab1, directorTab2, employeeTab]) expect(t.heard).toEqual(answered);
    expect(thirdTab.heard).toEqual([]);
  });

  it('moves a user’s open sockets at once when a membership begins or ends: a new employee hears the organisation, a removed one no more', async () => {
    const { organizationId, director } = await makeOrganization(d, 'ООО «Приходящие»');
    const newcomer = await makePerson(d.db, 'executor', 'Новый Сотрудник');
    const writer = await makePerson(d.db, 'customer', 'Вера Пишущая');
    const replier = await makePerson(d.db, 'executor', 'Исполнитель Запасной');
    const { id } = await applicationIn(d, 'published', { customer: writer, executor: replier, replier });
    const start = await sent(d, director, { applicationId: id, text: 'Готовы обсудить' });
    // Bound before joining: its rooms are his own profile's only.
    const newcomerTab = await tab(newcomer);

    must(await d.api.post(director, 'organization/employee/invite', { phone: newcomer.phone, position: 'Мастер' }), 'invite');
    const approved = must(await d.api.post(newcomer, 'user/invite/code/approve', { code: await lastInviteCode(d, newcomer.phone) }), 'approve');
    await sent(d, writer, { messagingId: start.messagingId, text: 'Когда сможете приехать?' });
    await settle();
    expect(newcomerTab.heard.map((h) => (h.payload as { message: Message }).message.text)).toEqual(['Когда сможете приехать?']);

    must(await d.api.call(director, 'DELETE', 'organization/employee/delete', { id: approved.employee.id }), 'remove');
    await sent(d, writer, { messagingId: start.messagingId, text: 'Жду ответа' });
    await settle();
    expect(newcomerTab.heard).toHaveLength(1);
    expect(organizationId).toBe(director.profileId);
  });

  it('tells both sides when one reads, after the read is stored', async () => {
    const other = await makePerson(d.db, 'customer', 'Борис Заказчиков');
    const replier = await makePerson(d.db, 'executor', 'Исполнитель Откликов');
    const { id } = await applicationIn(d, 'published', { customer: other, executor: replier, replier });
    const start = await sent(d, executor.director, { applicationId: id, text: 'Вопрос по заявке' });
    await sent(d, executor.director, { messagingId: start.messagingId, text: 'И ещё один' });
    const [directorTab, employeeTab, readerTab, thirdTab] = await Promise.all([tab(executor.director), tab(executor.employee), tab(other), tab(third)]);

    const read = must(await d.api.post(other, 'message/read', { messagingId: start.messagingId }), 'message/read');
    expect(read).toMatchObject({ marked: 2, unread: 0 });
    await settle();
    const [stamp] = await d.db.query<{ at: Date }>('select max(read_at) as at from messages where messaging_id = $1', [start.messagingId]);
    const event = { event: 'message:read', payload: { messagingId: start.messagingId, readerProfileId: other.profileId, at: new Date(stamp!.at).toISOString() } };
    expect(directorTab.heard).toEqual([event]);
    expect(employeeTab.heard).toEqual([event]);
    expect(messageReadEventSchema.safeParse(directorTab.heard[0]!.payload).success).toBe(true);
    // The reader's other tabs and devices: their unread counters go down with it.
    expect(readerTab.heard).toEqual([event]);
    expect(thirdTab.heard).toEqual([]);

    // Nothing new to mark: nothing to tell.
    must(await d.api.post(other, 'message/read', { messagingId: start.messagingId }), 'message/read again');
    await settle();
    expect(directorTab.heard).toHaveLength(1);
  });

  it('a message sent or read while the socket server cannot emit is still stored and answered 200 (QA Y-4)', async () => {
    const other = await makePerson(d.db, 'customer', 'Вера Заказчикова');
    const replier = await makePerson(d.db, 'executor', 'Исполнитель Без Сокета');
    const { id } = await applicationIn(d, 'published', { customer: other, executor: replier, replier });
    const io = d.app.io;
    const to = io.to;
    io.to = () => {
      throw new Error('the adapter is down');
    };
    try {
      const start = await sent(d, replier, { applicationId: id, text: 'Сообщение без сокета' });
      expect(must(await d.api.post(other, 'message/read', { messagingId: start.messagingId }), 'message/read')).toMatchObject({ marked: 1 });
      const rows = await d.db.query<{ text: string }>('select text from messages where messaging_id = $1', [start.messagingId]);
      expect(rows.map((r) => r.text)).toEqual(['Сообщение без сокета']);
    } finally {
      io.to = to;
    }
  });
});
