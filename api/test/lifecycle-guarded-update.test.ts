import { lifecycle } from '../src/modules/application/lifecycle';
import { loadCaller } from '../src/policy/caller';
import { applicationIn, makePerson, meddling, setupDealApp, type DealContext } from './deal-helpers';

/**
 * The guarded update that claims the row («where status = … and version = …») stands behind the
 * row lock taken first, so no race a test can stage reaches it (QA S-8: dropping either condition,
 * or the 409 when it matched nothing, went unnoticed). Here the row is changed inside the same
 * transaction just before that update, as a writer that skipped the lock would change it: the
 * update must match nothing, the call answer 409, and nothing of it be kept.
 */
let d: DealContext;
beforeAll(async () => {
  d = await setupDealApp();
});
afterAll(() => d.close());

const stateOf = async (id: number) =>
  (await d.db.query<{ status: string; version: number; n: number }>(
    `select status, version, (select count(*)::int from application_history h where h.application_id = a.id) as n from applications a where id = $1`,
    [id],
  ))[0]!;

it.each([
  ['its version moved on (another status change committed first)', 'update applications set version = version + 1 where id = $1'],
  ['its status moved on', "update applications set status = 'unpublished' where id = $1"],
])('a claim that finds the row changed since it was read (%s) is a 409, and nothing is kept', async (_what, change) => {
  const customer = await makePerson(d.db, 'customer', 'Заказчик Гонки');
  const executor = await makePerson(d.db, 'executor', 'Исполнитель Гонки');
  const replier = await makePerson(d.db, 'executor', 'Откликнувшийся Гонки');
  const deal = await applicationIn(d, 'published', { customer, executor, replier });
  const before = await stateOf(deal.id);
  const caller = (await loadCaller(d.db, { userId: customer.userId, sessionId: 'test' }))!;
  const run = lifecycle({ db: meddling(d.db, /^\s*update applications set status = \$2/, (tx, params) => tx.query(change, [params?.[0]])), now: () => new Date() });

  await expect(run.perform({ id: deal.id, action: 'application/set-status/no-publish', caller })).rejects.toMatchObject({ statusCode: 409, code: 'conflict' });
  expect(await stateOf(deal.id)).toEqual(before);
});
