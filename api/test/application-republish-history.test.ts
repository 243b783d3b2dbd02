import type { Socket } from 'socket.io-client';
import { ageSmsCodes, applicationIn, lastSmsCode, makePerson, must, setupDealApp, type DealContext, type Person } from './deal-helpers';
import { listenOnLoopback, socketClients } from './socket-helpers';
import { getJson } from './helpers';

/**
 * Two gaps of the lifecycle's record (ARCHITECTURE §5, §8). A republication is a transition that
 * those whose replies wait on the application hear of, by a notice and its socket event, as they
 * heard of the unpublication, whether or not the customer changed the terms. And the history
 * says which executor the customer named or stopped: its entry's comment names him.
 */
let d: DealContext;
let customer: Person;
let replier: Person;
let executor: Person;

beforeAll(async () => {
  d = await setupDealApp();
  customer = await makePerson(d.db, 'customer', 'Анна Смирнова');
  replier = await makePerson(d.db, 'executor', 'Пётр Ожидающий');
  executor = await makePerson(d.db, 'executor', 'Иван Петров');
});
afterAll(() => d.close());

const connect = socketClients();
let loopbackUrl: Promise<string> | undefined;
const loopback = () => (loopbackUrl ??= listenOnLoopback(d.app));

const messagesOf = async (who: Person, applicationId: number) =>
  (await d.db.query<{ message: string }>('select message from notifications where user_id = $1 and application_id = $2 order by id', [who.userId, applicationId])).map((n) => n.message);

/** A tab of `who`, keeping the notification events it hears. */
async function tab(who: Person): Promise<{ socket: Socket; heard: Array<{ message: string; applicationId: number | null }> }> {
  const socket = await connect(await loopback(), who.headers.authorization!.replace('Bearer ', ''));
  const heard: Array<{ message: string; applicationId: number | null }> = [];
  socket.on('notification', (payload: { message: string; applicationId: number | null }) => heard.push(payload));
  return { socket, heard };
}

const until = async (done: () => boolean) => {
  for (let i = 0; i < 60 && !done(); i++) await new Promise((r) => setTimeout(r, 50));
};

describe('republication', () => {
  it('tells the replier, by a notice and a live event, that the unpublished application is published again with the same terms', async () => {
    const deal = await applicationIn(d, 'unpublished', { customer, executor, replier });
    const { number, description } = must(await d.api.get(customer, 'application/get', { id: deal.id }), 'get');
    expect(await messagesOf(replier, deal.id)).toEqual([`Заявка № ${number} снята с публикации`]);
    const replierTab = await tab(replier);
    const customerTab = await tab(customer);

    // «Опубликовать снова» with the terms as they were.
    const before = must(await d.api.get(customer, 'application/get', { id: deal.id }), 'before');
    const republished = await d.api.post(customer, 'application/update', { id: deal.id, description });
    expect(republished.body).toMatchObject({ data: { status: 'published' }, message: 'Заявка снова опубликована' });
    // Its publication is now: the public page's «Опубликована» says so, not the first one.
    const publishedAt: string = republished.body.data.publishedAt;
    expect(Date.parse(publishedAt)).toBeGreaterThan(Date.parse(before.publishedAt));
    expect((await getJson(d.app, `/api/application/get?id=${deal.id}`)).body.data.publishedAt).toBe(publishedAt);

    const said = `Заявка № ${number} снова опубликована`;
    expect(await messagesOf(replier, deal.id)).toEqual([`Заявка № ${number} снята с публикации`, said]);
    await until(() => replierTab.heard.length > 0);
    expect(replierTab.heard).toEqual([expect.objectContaining({ message: said, applicationId: deal.id, link: `/lk/application/detail/${deal.id}` })]);
    // The customer who republished it hears nothing of his own step.
    await new Promise((r) => setTimeout(r, 100));
    expect(customerTab.heard).toEqual([]);
    expect(await messagesOf(customer, deal.id)).toEqual([`Новый отклик на заявку № ${number}: Пётр Ожидающий`]);
    // The replier's page reads it as published again, taking replies.
    expect(must(await d.api.get(replier, 'application/get', { id: deal.id }), 'replier view').status).toBe('published');
  });

  it('says a republication with changed terms in one notice, not two', async () => {
    const deal = await applicationIn(d, 'unpublished', { customer, executor, replier });
    const { number, description } = must(await d.api.get(customer, 'application/get', { id: deal.id }), 'get');
    const replierTab = await tab(replier);

    must(await d.api.post(customer, 'application/update', { id: deal.id, description: `${description} Материалы заказчика.` }), 'republish');

    const said = `Заказчик изменил и снова опубликовал заявку № ${number}, на которую вы откликнулись`;
    expect(await messagesOf(replier, deal.id)).toEqual([`Заявка № ${number} снята с публикации`, said]);
    await until(() => replierTab.heard.length > 0);
    await new Promise((r) => setTimeout(r, 100));
    expect(replierTab.heard.map((n) => n.message)).toEqual([said]);
  });

  it('tells the repliers left waiting when the customer republishes after stopping the executor; not the stopped one', async () => {
    const deal = await applicationIn(d, 'stopped_by_customer', { customer, executor, replier });
    const { number, description } = must(await d.api.get(customer, 'application/get', { id: deal.id }), 'get');
    const before = await messagesOf(executor, deal.id);
    const replierTab = await tab(replier);

    must(await d.api.post(customer, 'application/update', { id: deal.id, description }), 'republish');

    expect((await messagesOf(replier, deal.id)).at(-1)).toBe(`Заявка № ${number} снова опубликована`);
    await until(() => replierTab.heard.length > 0);
    expect(replierTab.heard).toEqual([expect.objectContaining({ message: `Заявка № ${number} снова опубликована`, applicationId: deal.id })]);
    // His reply closed with the stop: the republication is not his news.
    expect(await messagesOf(executor, deal.id)).toEqual(before);
  });
});

describe('the history names the executor a step concerns', () => {
  type Entry = { status: string; actorProfileId: number | null; comment: string | null; executor?: { id: number; name: string } | null };

  // The comment is the one sent, word for word (ARCHITECTURE §8; QA R-7): the executor is named apart.
  it('names each executor the customer named and the one he stopped, the reason as its comment', async () => {
    const brigade = await makePerson(d.db, 'organization', 'Бригада Николая Орлова');
    const deal = await applicationIn(d, 'published', { customer, executor, replier });
    const ivan = must(await d.api.post(executor, 'application/reply/send', { id: deal.id, comment: 'Сделаю за неделю' }), 'ivan replies').id;
    const nikolai = must(await d.api.post(brigade, 'application/reply/send', { id: deal.id, comment: 'Бригадой за три дня' }), 'brigade replies').id;

    must(await d.api.post(customer, 'application/named/executor', { id: deal.id, replyId: ivan }), 'name ivan');
    must(await d.api.post(customer, 'application/stop-working/executor', { id: deal.id, comment: 'Не выходит на связь' }), 'stop ivan');
    must(await d.api.post(customer, 'application/named/executor', { id: deal.id, replyId: nikolai }), 'name brigade');

    const history = must(await d.api.get(customer, 'application/get', { id: deal.id }), 'get').history as Entry[];
    const ivanRef = { id: executor.profileId, name: 'Иван Петров' };
    expect(history.map(({ status, actorProfileId, comment, executor: concerned }) => ({ status, actorProfileId, comment, executor: concerned }))).toEqual([
      { status: 'published', actorProfileId: customer.profileId, comment: null, executor: null },
      { status: 'executor_named', actorProfileId: customer.profileId, comment: null, executor: ivanRef },
      { status: 'stopped_by_customer', actorProfileId: customer.profileId, comment: 'Не выходит на связь', executor: ivanRef },
      { status: 'executor_named', actorProfileId: customer.profileId, comment: null, executor: { id: brigade.profileId, name: 'Бригада Николая Орлова' } },
    ]);
    // The stopped executor's notice still carries the customer's comment alone, as before.
    expect((await messagesOf(executor, deal.id)).filter((m) => m.includes(': остановлена заказчиком'))).toEqual([
      expect.stringMatching(/^Заявка № \d+: остановлена заказчиком\. Причина: Не выходит на связь$/),
    ]);
  });

  it('names the stopped executor without a reason; an executor who cancels is the entry’s actor and keeps his reason as the comment', async () => {
    const stopped = await applicationIn(d, 'stopped_by_customer', { customer, executor, replier });
    const stopEntry = (must(await d.api.get(customer, 'application/get', { id: stopped.id }), 'get').history as Entry[]).find((h) => h.status === 'stopped_by_customer');
    expect(stopEntry).toMatchObject({ actorProfileId: customer.profileId, comment: null, executor: { id: executor.profileId, name: 'Иван Петров' } });

    const deal = await applicationIn(d, 'executor_named', { customer, executor, replier });
    await ageSmsCodes(d.db, executor.phone);
    must(await d.api.post(executor, 'application/cancel/executor/send/sms', { id: deal.id }), 'cancel sms');
    must(await d.api.post(executor, 'application/cancel/executor', { id: deal.id, code: await lastSmsCode(d.db, executor.phone), reason: 'Заболел' }), 'cancel');
    const cancelEntry = (must(await d.api.get(customer, 'application/get', { id: deal.id }), 'get').history as Entry[]).find((h) => h.status === 'cancelled_by_executor');
    expect(cancelEntry).toMatchObject({ actorProfileId: executor.profileId, comment: 'Заболел', executor: null });
  });
});
