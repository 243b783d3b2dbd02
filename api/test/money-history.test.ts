import type { BalanceHistoryItem } from 'shared/contract';
import { moneyCabinet } from '../src/modules/money/cabinet';
import { moneyService } from '../src/modules/money/service';
import type { Caller } from '../src/policy/caller';
import { openMoney, type MoneyFixture } from './money-helpers';

/**
 * The customer's statement (/lk/money, `balance/history/get-collection`): his payment held in
 * escrow is a line dated by the payment, whose text follows what became of it; its release to the
 * executor is a line of its own, dated by the release (QA AAX-2: a payment line moved to the
 * release lost the day he paid). A refund has his refund line.
 */
let f: MoneyFixture;
beforeAll(async () => {
  f = await openMoney();
});
afterAll(() => f.close());

const at = (minute: number) => new Date(Date.UTC(2026, 2, 2, 9, minute));

it('keeps a held payment at its date, says how it ended, and dates its release by the release', async () => {
  let clock = at(0);
  const money = moneyService({ db: f.db, feePercent: 0, now: () => clock });
  const [customer, executor] = f.take('profiles', 2);
  const [paidFirst, paidSecond, refunded] = f.take('applications', 3);
  // The statement finds a hold by the application's customer: these are his.
  await f.db.query('update applications set customer_profile_id = $1 where id = any($2::int[])', [customer, [paidFirst, paidSecond, refunded]]);
  const numberOf = async (id: number) => (await f.db.query<{ n: number }>('select number as n from applications where id = $1', [id]))[0]!.n;

  clock = at(1);
  await money.recordPayment({ applicationId: paidFirst!, customerProfileId: customer!, amountKopecks: 1_500_000, operationId: 'mh-first' });
  clock = at(2);
  await money.recordPayment({ applicationId: paidSecond!, customerProfileId: customer!, amountKopecks: 700_000, operationId: 'mh-second' });
  clock = at(3);
  await money.release({ applicationId: paidFirst!, executorProfileId: executor! });
  clock = at(4);
  await money.recordPayment({ applicationId: refunded!, customerProfileId: customer!, amountKopecks: 300_000, operationId: 'mh-refunded' });
  clock = at(5);
  await money.refund({ applicationId: refunded!, customerProfileId: customer! });

  const caller: Caller = { userId: 0, phone: '', userName: '', profile: { id: customer!, type: 'customer', name: 'Заказчик', role: 'owner' } };
  const { items } = await moneyCabinet({ db: f.db, money }).history(caller, 1, 100);
  const line = (l: BalanceHistoryItem) => [l.kind, l.applicationId, l.title, l.createdAt];
  // The seed may have paid for other applications of his: these three are the test's.
  const ours = items.filter((l) => [paidFirst, paidSecond, refunded].includes(l.applicationId!));
  expect(ours.map(line)).toEqual([
    ['refund', refunded, `Возврат оплаты по заявке № ${await numberOf(refunded!)}`, at(5).toISOString()],
    ['hold', refunded, `Оплата по заявке № ${await numberOf(refunded!)} удерживалась, затем возвращена`, at(4).toISOString()],
    ['hold', paidFirst, `Оплата по заявке № ${await numberOf(paidFirst!)} передана исполнителю после приёмки работ`, at(3).toISOString()],
    ['hold', paidSecond, `Оплата по заявке № ${await numberOf(paidSecond!)} удерживается до приёмки работ`, at(2).toISOString()],
    ['hold', paidFirst, `Оплата по заявке № ${await numberOf(paidFirst!)} удерживалась до приёмки работ`, at(1).toISOString()],
  ]);
  // Both of the released payment's lines are the sum held, neither counts in the balance.
  expect(ours.filter((l) => l.applicationId === paidFirst).map((l) => [l.amountKopecks, l.informational])).toEqual([
    [1_500_000, true],
    [1_500_000, true],
  ]);
  expect(new Set(items.map((l) => l.id)).size).toBe(items.length);
});
