/**
 * A draft published with fields sent along (`application/create {id, …fields}`) saves them and
 * publishes in one transaction (ARCHITECTURE §5: every transition atomic). Done as two, a save of
 * the same draft from another tab or a colleague could commit between them and be published in
 * place of what the publisher sent (QA W-1: 14 of 15 tries on PostgreSQL), or, with a `clientKey`,
 * empty the fields and fail the publication as incomplete. Here that save is staged right after
 * each transaction the publication commits.
 */
import type { Db } from '../src/db';
import { lifecycle } from '../src/modules/application/lifecycle';
import { lkService } from '../src/modules/application/lk-service';
import { moneyService } from '../src/modules/money/service';
import { loadCaller } from '../src/policy/caller';
import { completeFields, makePerson, must, setupDealApp, type DealContext } from './deal-helpers';

let d: DealContext;
beforeAll(async () => {
  d = await setupDealApp();
});
afterAll(() => d.close());

/** `db` after whose every committed transaction `meanwhile` runs (another tab's call, through the app). */
function withCallsBetween(db: Db, meanwhile: () => Promise<unknown>): Db {
  return {
    ...db,
    transaction: async (fn) => {
      const result = await db.transaction(fn);
      await meanwhile();
      return result;
    },
  };
}

it('a save of the draft from another tab while it is published: the publication publishes what it sent, the save is refused', async () => {
  const customer = await makePerson(d.db, 'customer', 'Заказчик Двух Вкладок');
  const fields = await completeFields(d.db);
  const draft = must(await d.api.post(customer, 'application/draft/upsert', { name: fields.name }), 'draft').id as number;
  const saves: number[] = [];
  const otherTab = async () =>
    saves.push((await d.api.post(customer, 'application/draft/upsert', { id: draft, name: fields.name, price: 999, description: 'Старая версия из другой вкладки' })).status);
  const db = withCallsBetween(d.db, otherTab);
  const now = () => new Date();
  const lk = lkService({ db, lifecycle: lifecycle({ db, now }), money: moneyService({ db, feePercent: 0 }), codes: {} as never, storage: {} as never, flood: {} as never, now });
  const caller = (await loadCaller(d.db, { userId: customer.userId, sessionId: 'test' }))!;

  const answer = await lk.create(caller, { ...fields, id: draft, price: 1500, description: 'Публикуемая версия' });
  expect(answer.data).toMatchObject({ status: 'published', price: 1500, description: 'Публикуемая версия' });
  // The other tab's save came after the one transaction: no draft left to save.
  expect(saves).toEqual([409]);
  const [row] = await d.db.query<{ status: string; price: string; description: string }>('select status, price::text, description from applications where id = $1', [draft]);
  expect({ ...row, price: Number(row!.price) }).toEqual({ status: 'published', price: 1500, description: 'Публикуемая версия' });
});
