import { applicationIn, makePerson, must, setupDealApp, type DealContext, type Person } from './deal-helpers';

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
  must(await d.api.post(customer, 'application/reply/reject', { id: refused.id, replyId: refused.replies.replier, reason: 'Дорого' }), 'reject');
  expect(await partIn(replier, refused.id)).toBe('rejected');
  must(await d.api.post(cancelling, 'application/reply/send', { id: refused.id, comment: 'Могу' }), 'reply');
  must(await d.api.post(cancelling, 'application/reply/remove', { id: refused.id }), 'withdraw');
  expect(await partIn(cancelling, refused.id)).toBe('withdrawn');
});
