import { applicationIn, makePerson, must, setupDealApp, type DealContext, type Person } from './deal-helpers';

/**
 * A reply that closed meanwhile is a state the call conflicts with (409, ARCHITECTURE §3 and §5: of
 * two conflicting actions one wins, the other gets 409), not a question of who may call it (403)
 * nor a reply that does not exist (404). A second tab withdraws a reply the first already withdrew,
 * or one the customer rejected meanwhile; the customer names or rejects a reply its author withdrew.
 * The page then catches up.
 */
let d: DealContext;
let customer: Person;

beforeAll(async () => {
  d = await setupDealApp();
  customer = await makePerson(d.db, 'customer');
});
afterAll(() => d.close());

const withdraw = (who: Person, id: number) => d.api.post(who, 'application/reply/remove', { id });
const replyStatuses = async (id: number) => must(await d.api.get(customer, 'application/get', { id }), 'get').replies.map((r: { status: string }) => r.status);

describe('withdrawing a reply that is already closed', () => {
  it('answers 409 to a reply withdrawn already, and changes nothing', async () => {
    const executor = await makePerson(d.db, 'executor', 'Дважды Отзывающий');
    const replier = await makePerson(d.db, 'executor', 'Другой Исполнитель');
    const deal = await applicationIn(d, 'published', { customer, executor, replier });
    must(await d.api.post(executor, 'application/reply/send', { id: deal.id, comment: 'Могу' }), 'reply');
    must(await withdraw(executor, deal.id), 'first withdrawal');
    const before = await replyStatuses(deal.id);

    const again = await withdraw(executor, deal.id);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'conflict', message: 'Вы уже отозвали свой отклик на эту заявку' });
    expect(await replyStatuses(deal.id)).toEqual(before);
  });

  it('answers 409 to a reply the customer rejected meanwhile', async () => {
    const executor = await makePerson(d.db, 'executor', 'Отклонённый Исполнитель');
    const replier = await makePerson(d.db, 'executor', 'Отклонённый Откликнувшийся');
    const deal = await applicationIn(d, 'published', { customer, executor, replier });
    must(await d.api.post(customer, 'application/reply/reject', { id: deal.id, replyId: deal.replies.replier, reason: 'Дорого' }), 'reject');

    const late = await withdraw(replier, deal.id);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'conflict', message: 'Заказчик уже отклонил ваш отклик на эту заявку' });
  });

  it('lets a reply sent again after a withdrawal be withdrawn, and refuses the next withdrawal again', async () => {
    const executor = await makePerson(d.db, 'executor', 'Вернувшийся Исполнитель');
    const replier = await makePerson(d.db, 'executor', 'Ещё Один Исполнитель');
    const deal = await applicationIn(d, 'published', { customer, executor, replier });
    must(await d.api.post(executor, 'application/reply/send', { id: deal.id, comment: 'Могу' }), 'reply');
    must(await withdraw(executor, deal.id), 'withdraw');
    must(await d.api.post(executor, 'application/reply/send', { id: deal.id, comment: 'Всё-таки могу' }), 'reply again');
    must(await withdraw(executor, deal.id), 'withdraw again');
    expect((await withdraw(executor, deal.id)).status).toBe(409);
  });

  /** Who may withdraw is the table's: anyone who never replied, and the executor whose deal ended, still get 403. */
  it('keeps 403 for a profile that never replied, and one whose deal was stopped or cancelled', async () => {
    const executor = await makePerson(d.db, 'executor', 'Выбранный Исполнитель');
    const replier = await makePerson(d.db, 'executor', 'Ждущий Исполнитель');
    const stranger = await makePerson(d.db, 'executor', 'Посторонний Исполнитель');
    const named = await applicationIn(d, 'executor_named', { customer, executor, replier });
    expect((await withdraw(stranger, named.id)).status).toBe(403);
    expect((await withdraw(customer, named.id)).status).toBe(403);

    const stopped = await applicationIn(d, 'stopped_by_customer', { customer, executor, replier });
    expect((await withdraw(executor, stopped.id)).status).toBe(403);
    const cancelled = await applicationIn(d, 'cancelled_by_executor', { customer, executor, replier });
    expect((await withdraw(executor, cancelled.id)).status).toBe(403);
  });
});

describe('a race lost to the naming (QA TT-4)', () => {
  it('answers the named executor’s withdrawal with 409 saying he was chosen and may refuse the application; his reply stays', async () => {
    const executor = await makePerson(d.db, 'executor', 'Только Что Выбранный');
    const replier = await makePerson(d.db, 'executor', 'Тоже Ждущий');
    const named = await applicationIn(d, 'executor_named', { customer, executor, replier });
    const before = await replyStatuses(named.id);

    const late = await withdraw(executor, named.id);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'conflict', message: 'Заказчик уже выбрал вас исполнителем: отклик не отозвать, можно отказаться от заявки' });
    expect(await replyStatuses(named.id)).toEqual(before);
  });

  it('answers a second naming with 409 «Исполнитель по заявке уже выбран», and the first executor stays', async () => {
    const executor = await makePerson(d.db, 'executor', 'Первый Выбранный');
    const replier = await makePerson(d.db, 'executor', 'Второй Кандидат');
    const named = await applicationIn(d, 'executor_named', { customer, executor, replier });

    const second = await d.api.post(customer, 'application/named/executor', { id: named.id, replyId: named.replies.replier });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ code: 'conflict', message: 'Исполнитель по заявке уже выбран' });
    expect(must(await d.api.get(customer, 'application/get', { id: named.id }), 'get').executor.id).toBe(executor.profileId);
  });
});

describe('naming or rejecting a reply that closed meanwhile', () => {
  it('answers 409 to naming a withdrawn reply and to rejecting a rejected one, 404 to a reply the application does not have', async () => {
    const executor = await makePerson(d.db, 'executor', 'Передумавший Исполнитель');
    const replier = await makePerson(d.db, 'executor', 'Оставшийся Исполнитель');
    const deal = await applicationIn(d, 'published', { customer, executor, replier });
    const withdrawn = must(await d.api.post(executor, 'application/reply/send', { id: deal.id, comment: 'Могу' }), 'reply').id as number;
    must(await withdraw(executor, deal.id), 'withdraw');

    const naming = await d.api.post(customer, 'application/named/executor', { id: deal.id, replyId: withdrawn });
    expect(naming.status).toBe(409);
    expect(naming.body).toMatchObject({ code: 'conflict', message: 'Исполнитель уже отозвал этот отклик' });
    const rejecting = await d.api.post(customer, 'application/reply/reject', { id: deal.id, replyId: withdrawn });
    expect(rejecting.status).toBe(409);

    must(await d.api.post(customer, 'application/reply/reject', { id: deal.id, replyId: deal.replies.replier }), 'reject');
    // The application has no live reply left: the table's guard answers first.
    expect((await d.api.post(customer, 'application/reply/reject', { id: deal.id, replyId: deal.replies.replier })).status).toBe(409);

    must(await d.api.post(executor, 'application/reply/send', { id: deal.id, comment: 'Всё-таки могу' }), 'reply again');
    const twice = await d.api.post(customer, 'application/reply/reject', { id: deal.id, replyId: deal.replies.replier });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('Этот отклик уже отклонён');
    expect((await d.api.post(customer, 'application/named/executor', { id: deal.id, replyId: 2_000_000_000 })).status).toBe(404);
    // The refusals changed nothing: the replier's rejected reply, the executor's withdrawn one and his new one.
    expect(await replyStatuses(deal.id)).toEqual(['rejected', 'withdrawn', 'active']);
  });
});
