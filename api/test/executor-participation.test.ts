import { applicationIn, makePerson, makeUserWithoutProfile, must, setupDealApp, type Deal, type DealContext, type Person } from './deal-helpers';
import { makeStaffed } from './organization-helpers';

/**
 * An executor's list (`user/application/get-collection?role=executor`) says his own part in each
 * application: a deal of his that ended says what ended it, not «Отклик отклонён» for a stop or
 * «Вы не участвуете» for his own cancel.
 */
let d: DealContext;
let customer: Person;
let replier: Person;

beforeAll(async () => {
  d = await setupDealApp();
  customer = await makePerson(d.db, 'customer');
  replier = await makePerson(d.db, 'executor', 'Другой Исполнитель');
});
afterAll(() => d.close());

const partIn = async (who: Person, id: number) =>
  must(await d.api.get(who, 'user/application/get-collection', { role: 'executor', limit: 50 }), 'list').items.find((a: { id: number }) => a.id === id)?.participation;

/** The customer refuses the replier's reply on `deal`. */
const refuseReplier = async (deal: Deal) =>
  must(await d.api.post(customer, 'application/reply/reject', { id: deal.id, replyId: deal.replies.replier, reason: 'Дорого' }), 'reject');
/** `who` replies to application `id`, then withdraws the reply. */
const replyAndWithdraw = async (who: Person, id: number) => {
  must(await d.api.post(who, 'application/reply/send', { id, comment: 'Могу' }), 'reply');
  must(await d.api.post(who, 'application/reply/remove', { id }), 'withdraw');
};

it('names a stopped deal «stopped» and a cancelled one «cancelled»; a refused or withdrawn reply stays what it was', async () => {
  const stoppedOne = await makePerson(d.db, 'executor', 'Остановленный Исполнитель');
  const stopped = await applicationIn(d, 'stopped_by_customer', { customer, executor: stoppedOne, replier });
  expect(await partIn(stoppedOne, stopped.id)).toBe('stopped');

  const cancelling = await makePerson(d.db, 'executor', 'Отказавшийся Исполнитель');
  const cancelled = await applicationIn(d, 'cancelled_by_executor', { customer, executor: cancelling, replier });
  expect(await partIn(cancelling, cancelled.id)).toBe('cancelled');
  // The replier never named: his reply is as it was.
  expect(await partIn(replier, cancelled.id)).toBe('active');

  const refused = await applicationIn(d, 'published', { customer, executor: cancelling, replier });
  await refuseReplier(refused);
  expect(await partIn(replier, refused.id)).toBe('rejected');
  await replyAndWithdraw(cancelling, refused.id);
  expect(await partIn(cancelling, refused.id)).toBe('withdrawn');
});

/**
 * The lk detail (`application/get`) of a profile that replied but is no party now says the same part
 * as its list: the page tells a stopped or cancelled executor what ended its deal, not «отклонён».
 */
describe('application/get for a former replier', () => {
  const detailOf = async (who: Person | null, id: number) => must(await d.api.get(who, 'application/get', { id }), 'get');

  /** The detail's part, checked to be the list's. */
  const detailPart = async (who: Person, id: number) => {
    const detail = await detailOf(who, id);
    // No party: the public card with its own reply, not the deal's fields.
    expect(detail.replies.every((reply: { executor: { id: number } }) => reply.executor.id === who.profileId)).toBe(true);
    expect(detail).not.toHaveProperty('history');
    expect(detail.participation).toBe(await partIn(who, id));
    return detail.participation;
  };

  it('says «stopped» for an executor the customer stopped, also once the customer named another', async () => {
    const stoppedOne = await makePerson(d.db, 'executor', 'Остановленный В Карточке');
    const stopped = await applicationIn(d, 'stopped_by_customer', { customer, executor: stoppedOne, replier });
    expect(await detailPart(stoppedOne, stopped.id)).toBe('stopped');
    // Back to the replies: the customer names the one who waited; the stopped one's part is still his stop.
    must(await d.api.post(customer, 'application/named/executor', { id: stopped.id, replyId: stopped.replies.replier }), 'named another');
    expect(await detailPart(stoppedOne, stopped.id)).toBe('stopped');
  });

  it('says «cancelled» for an executor who cancelled his own work', async () => {
    const cancelling = await makePerson(d.db, 'executor', 'Отказавшийся В Карточке');
    const cancelled = await applicationIn(d, 'cancelled_by_executor', { customer, executor: cancelling, replier });
    expect(await detailPart(cancelling, cancelled.id)).toBe('cancelled');
  });

  it('says «rejected» for a refused reply and «withdrawn» for a withdrawn one; no one else gets it', async () => {
    const withdrawing = await makePerson(d.db, 'executor', 'Отозвавший В Карточке');
    const deal = await applicationIn(d, 'published', { customer, executor: withdrawing, replier });
    await refuseReplier(deal);
    expect(await detailPart(replier, deal.id)).toBe('rejected');
    // Its own reply says why (the page shows «Причина: …»).
    expect((await detailOf(replier, deal.id)).replies.map((reply: { reason: string | null }) => reply.reason)).toEqual(['Дорого']);
    await replyAndWithdraw(withdrawing, deal.id);
    expect(await detailPart(withdrawing, deal.id)).toBe('withdrawn');

    // A guest, the customer and a live replier: no `participation` on their answers.
    expect(await detailOf(null, deal.id)).not.toHaveProperty('participation');
    expect(await detailOf(customer, deal.id)).not.toHaveProperty('participation');
    must(await d.api.post(withdrawing, 'application/reply/send', { id: deal.id, comment: 'Всё-таки могу' }), 'reply again');
    expect(await detailOf(withdrawing, deal.id)).not.toHaveProperty('participation');
  });
});

/**
 * A page left open after the deal went on without him: the executor the customer stopped (or who
 * cancelled) presses what his page still offers. The refusal stays a 403, and says why.
 */
describe('a former executor’s actions', () => {
  const NO_LONGER = 'Вы больше не исполнитель этой заявки';
  const refusal = async (who: Person, call: string, id: number) => {
    const res = await d.api.post(who, call, { id });
    return { status: res.status, message: res.body.message };
  };

  it('are refused with 403 saying he is no longer its executor, also once another is named', async () => {
    const stoppedOne = await makePerson(d.db, 'executor', 'Остановленный С Кнопкой');
    const stopped = await applicationIn(d, 'stopped_by_customer', { customer, executor: stoppedOne, replier });
    expect(await refusal(stoppedOne, 'application/confirm-execution', stopped.id)).toEqual({ status: 403, message: NO_LONGER });
    must(await d.api.post(customer, 'application/named/executor', { id: stopped.id, replyId: stopped.replies.replier }), 'named another');
    expect(await refusal(stoppedOne, 'application/start-working/executor', stopped.id)).toEqual({ status: 403, message: NO_LONGER });
    expect(await refusal(stoppedOne, 'application/contract/send/sms', stopped.id)).toEqual({ status: 403, message: NO_LONGER });

    const cancelling = await makePerson(d.db, 'executor', 'Отказавшийся С Кнопкой');
    const cancelled = await applicationIn(d, 'cancelled_by_executor', { customer, executor: cancelling, replier });
    expect(await refusal(cancelling, 'application/start-working/executor', cancelled.id)).toEqual({ status: 403, message: NO_LONGER });
  });

  it('leave the usual refusal to those who never were its executor, and to the customer’s calls', async () => {
    const stoppedOne = await makePerson(d.db, 'executor', 'Остановленный Без Прав');
    const stopped = await applicationIn(d, 'stopped_by_customer', { customer, executor: stoppedOne, replier });
    const stranger = await makePerson(d.db, 'executor', 'Посторонний Исполнитель');
    const usual = { status: 403, message: 'Это действие с заявкой вам недоступно' };
    // Never named: the replier, a stranger.
    expect(await refusal(replier, 'application/confirm-execution', stopped.id)).toEqual(usual);
    expect(await refusal(stranger, 'application/confirm-execution', stopped.id)).toEqual(usual);
    // A customer's call was never his.
    expect(await refusal(stoppedOne, 'application/stop-working/executor', stopped.id)).toEqual(usual);
  });
});

/**
 * The customer's replies list: a reply closed by the end of its deal is not a refused or withdrawn
 * reply. Its status stays one of §8's three (a stop closes it `rejected`, a cancel `withdrawn`);
 * `ended` says the deal ended — «stopped» by the customer, «cancelled» by the executor — so the page
 * does not read «Отклонён» for a stopped executor (spec §4: the customer stops the executor's work,
 * he does not reject a reply).
 */
describe('replies whose deal ended', () => {
  type ReplyOut = { id: number; status: string; ended?: string | null };
  const repliesOf = async (who: Person, id: number): Promise<ReplyOut[]> => must(await d.api.get(who, 'application/get', { id }), 'get').replies;
  const byId = (replies: ReplyOut[], id: number | undefined) => replies.find((reply) => reply.id === id)!;

  it('say «stopped» for the executor the customer stopped, «cancelled» for one who cancelled; others none', async () => {
    const stoppedOne = await makePerson(d.db, 'executor', 'Остановленный В Откликах');
    const stopped = await applicationIn(d, 'stopped_by_customer', { customer, executor: stoppedOne, replier });
    await refuseReplier(stopped);
    const afterStop = await repliesOf(customer, stopped.id);
    expect(byId(afterStop, stopped.replies.executor)).toMatchObject({ status: 'rejected', ended: 'stopped' });
    // Refused by «Отклонить» after the stop: a refusal, not the end of a deal.
    expect(byId(afterStop, stopped.replies.replier)).toMatchObject({ status: 'rejected', ended: null });
    // The stopped executor's own reply, as his page gets it, says the same.
    expect(byId(await repliesOf(stoppedOne, stopped.id), stopped.replies.executor).ended).toBe('stopped');

    const cancelling = await makePerson(d.db, 'executor', 'Отказавшийся В Откликах');
    const cancelled = await applicationIn(d, 'cancelled_by_executor', { customer, executor: cancelling, replier });
    const afterCancel = await repliesOf(customer, cancelled.id);
    expect(byId(afterCancel, cancelled.replies.executor)).toMatchObject({ status: 'withdrawn', ended: 'cancelled' });
    expect(byId(afterCancel, cancelled.replies.replier)).toMatchObject({ status: 'active', ended: null });

    const withdrawing = await makePerson(d.db, 'executor', 'Отозвавший В Откликах');
    const open = await applicationIn(d, 'published', { customer, executor: withdrawing, replier });
    await replyAndWithdraw(withdrawing, open.id);
    expect((await repliesOf(customer, open.id)).find((reply) => reply.status === 'withdrawn')).toMatchObject({ ended: null });
  });
});

/**
 * A logged-in user with no active profile (an employee just removed from his organisation, a new
 * account) is asked to choose a profile, not to log in.
 */
it('a user without an active profile is asked to choose one, not to log in', async () => {
  const deal = await applicationIn(d, 'in_work', { customer, executor: await makePerson(d.db, 'executor', 'Исполнитель Без Спора'), replier });
  const nobody = await makeUserWithoutProfile(d.db);
  for (const call of ['application/confirm-execution', 'application/reply/send', 'application/contract/send/sms']) {
    const res = await d.api.post(nobody, call, { id: deal.id, comment: 'Могу' });
    expect({ call, status: res.status, message: res.body.message }).toEqual({ call, status: 403, message: 'Выберите профиль, чтобы работать с заявками' });
  }
});

it('the executor’s status filter lists exactly the cards its label names: his stopped deal under «Остановлена заказчиком», not under the next executor’s status', async () => {
  const stoppedOne = await makePerson(d.db, 'executor', 'Остановленный В Фильтре');
  const waiting = await makePerson(d.db, 'executor', 'Ждущий В Фильтре');
  const deal = await applicationIn(d, 'stopped_by_customer', { customer, executor: stoppedOne, replier: waiting });
  must(await d.api.post(customer, 'application/named/executor', { id: deal.id, replyId: deal.replies.replier }), 'named another');
  const listed = async (who: Person, status: string) =>
    must(await d.api.get(who, 'user/application/get-collection', { role: 'executor', status, limit: 50 }), status).items.map((a: { id: number }) => a.id);

  expect(await listed(stoppedOne, 'stopped_by_customer')).toContain(deal.id);
  expect(await listed(stoppedOne, 'executor_named')).not.toContain(deal.id);
  // The one named now: the application's own status.
  expect(await listed(waiting, 'executor_named')).toContain(deal.id);
  // The customer's list keeps the application's status.
  expect(must(await d.api.get(customer, 'user/application/get-collection', { role: 'customer', status: 'executor_named', limit: 50 }), 'customer').items.map((a: { id: number }) => a.id)).toContain(deal.id);
});

it('a member of an organisation cannot reply from his own executor profile to the organisation’s application (he would name and pay himself)', async () => {
  const org = await makeStaffed(d, 'ООО «Сама Себе»');
  const theirs = await applicationIn(d, 'published', { customer: org.director, executor: await makePerson(d.db, 'executor', 'Честный Исполнитель'), replier });
  // The employee's own executor profile, beside his membership.
  must(await d.api.call(org.employee, 'PUT', 'user/profile/update', { type: 'executor' }), 'personal profile');
  const refused = await d.api.post(org.employee, 'application/reply/send', { id: theirs.id, comment: 'Сделаю за 1000', price: 1000 });
  expect({ status: refused.status, message: refused.body.message }).toEqual({ status: 403, message: 'Нельзя откликнуться на свою заявку или на заявку своей организации' });
  // A stranger's executor profile replies as before.
  const stranger = await makePerson(d.db, 'executor', 'Посторонний Откликнувшийся');
  expect((await d.api.post(stranger, 'application/reply/send', { id: theirs.id, comment: 'Могу' })).status).toBe(200);
});

it('a replier left waiting sees the deal’s course but not what its parties wrote each other (QA P-2)', async () => {
  const executor = await makePerson(d.db, 'executor', 'Выбранный Исполнитель');
  const deal = await applicationIn(d, 'revision', { customer, executor, replier });
  type Entry = { status: string; comment: string | null };
  const historyOf = async (who: Person) => must(await d.api.get(who, 'application/get', { id: deal.id }), 'view').history as Entry[];

  const executors = await historyOf(executor);
  expect(executors.find((entry) => entry.status === 'revision')?.comment).toEqual(expect.any(String));
  const repliers = await historyOf(replier);
  expect(repliers.map((entry) => entry.status)).toEqual(executors.map((entry) => entry.status));
  expect(repliers.every((entry) => entry.comment === null)).toBe(true);
});

it('an executor named after another was stopped reads no word the customer wrote to the one before him (QA T-1)', async () => {
  const first = await makePerson(d.db, 'executor', 'Первый Исполнитель');
  const second = await makePerson(d.db, 'executor', 'Второй Исполнитель');
  const deal = await applicationIn(d, 'in_work', { customer, executor: first, replier: second });
  type Entry = { status: string; comment: string | null };
  const historyOf = async (who: Person) => must(await d.api.get(who, 'application/get', { id: deal.id }), 'view').history as Entry[];
  // The stop's reason, as the customer wrote it to the first executor.
  const stopReason = 'Не выходит на связь, телефон +7 999 123-45-67';
  must(await d.api.post(customer, 'application/stop-working/executor', { id: deal.id, comment: stopReason }), 'stop the first');

  must(await d.api.post(customer, 'application/named/executor', { id: deal.id, replyId: deal.replies.replier }), 'name the second');
  const seen = await historyOf(second);
  expect(seen.find((entry) => entry.status === 'stopped_by_customer')).toMatchObject({ comment: null });
  // The customer still reads all of it.
  expect((await historyOf(customer)).find((entry) => entry.status === 'stopped_by_customer')?.comment).toBe(stopReason);
});
