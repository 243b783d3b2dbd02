import { parseFeePercent } from '../src/config';
import { feeBasisPoints, feeOf } from '../src/modules/money/fees';
import { MONEY_MESSAGES } from '../src/modules/money/ledger';
import { moneyService } from '../src/modules/money/service';
import { expectBooksBalance, openMoney, sumOf, type MoneyFixture } from './money-helpers';

let f: MoneyFixture;
beforeAll(async () => {
  f = await openMoney();
});
afterAll(() => f.close());

describe('payment', () => {
  it('moves money from the bank into the application escrow, held, balancing to zero', async () => {
    const [customer] = f.take('profiles', 1);
    const [applicationId] = f.take('applications', 1);
    const bankBefore = await sumOf("where account = 'platform:bank'");
    const paid = await f.money.recordPayment({ applicationId: applicationId!, customerProfileId: customer!, amountKopecks: 150_000, operationId: 'op-1' });
    expect(paid).toMatchObject({ applicationId, amountKopecks: 150_000, replayed: false });
    expect(await f.money.escrowOf(applicationId!)).toBe(150_000);
    expect(await sumOf("where account = 'platform:bank'")).toBe(bankBefore - 150_000);
    expect(await sumOf('where transaction_id = $1', [paid.transactionId])).toBe(0);
    await expectBooksBalance();
  });

  it('answers a replay of one operationId with the first result and changes nothing', async () => {
    const [customer] = f.take('profiles', 1);
    const [applicationId] = f.take('applications', 1);
    const input = { applicationId: applicationId!, customerProfileId: customer!, amountKopecks: 99_99, operationId: 'op-replay' };
    const first = await f.money.recordPayment(input);
    const entries = await f.db.query('select id from ledger_entries');
    const replays = await Promise.all([f.money.recordPayment(input), f.money.recordPayment(input)]);
    for (const replay of replays) expect(replay).toEqual({ ...first, replayed: true });
    expect(await f.db.query('select id from ledger_entries')).toEqual(entries);
    expect(await f.money.escrowOf(applicationId!)).toBe(99_99);
    await expect(f.money.recordPayment({ ...input, amountKopecks: 1 })).rejects.toMatchObject({ statusCode: 409, message: MONEY_MESSAGES.keyReused });
    // The same operation and sum for another application is no replay either: its payment is not silently lost (QA OO-12).
    const [otherApplicationId] = f.take('applications', 1);
    await expect(f.money.recordPayment({ ...input, applicationId: otherApplicationId! })).rejects.toMatchObject({ statusCode: 409, message: MONEY_MESSAGES.keyReused });
    expect(await f.money.escrowOf(otherApplicationId!)).toBe(0);
    expect(await f.db.query('select id from ledger_entries')).toEqual(entries);
    await expectBooksBalance();
  });

  it('refuses amounts that are not a positive whole number of kopecks', async () => {
    const [applicationId] = f.take('applications', 1);
    for (const amountKopecks of [0, -5, 10.5, Number.NaN]) {
      await expect(f.money.recordPayment({ applicationId: applicationId!, customerProfileId: f.take('profiles', 1)[0]!, amountKopecks, operationId: `bad-${amountKopecks}` }))
        .rejects.toMatchObject({ statusCode: 422, message: MONEY_MESSAGES.invalidAmount });
    }
    expect(await f.money.escrowOf(applicationId!)).toBe(0);
  });
});

describe('release and refund', () => {
  it('releases to the executor less a fee rounded down: 7.5 % of 1 001 kopecks is 75 (75.075)', async () => {
    const withFee = moneyService({ db: f.db, feePercent: 7.5 });
    const [customer, executor] = f.take('profiles', 2);
    const [applicationId] = f.take('applications', 1);
    const feesBefore = await sumOf("where account = 'platform:fees'");
    await withFee.recordPayment({ applicationId: applicationId!, customerProfileId: customer!, amountKopecks: 1001, operationId: 'op-fee' });
    const released = await withFee.release({ applicationId: applicationId!, executorProfileId: executor! });
    expect(released).toMatchObject({ amountKopecks: 1001, feeKopecks: 75, paidOutKopecks: 926 });
    expect(await withFee.balanceOf(executor!)).toBe(926);
    expect(await sumOf("where account = 'platform:fees'")).toBe(feesBefore + 75);
    expect(await withFee.escrowOf(applicationId!)).toBe(0);
    // Released once: nothing is held any more.
    await expect(withFee.release({ applicationId: applicationId!, executorProfileId: executor! })).rejects.toMatchObject({ statusCode: 409, message: MONEY_MESSAGES.nothingHeld });
    await expectBooksBalance();
  });

  it('rounds every fee down and never takes more than the percent', () => {
    expect(feeOf(1001, feeBasisPoints(7.5))).toBe(75);
    expect(feeOf(1, feeBasisPoints(99.99))).toBe(0);
    expect(feeOf(10_000, feeBasisPoints(100))).toBe(10_000);
    expect(feeOf(12_345, feeBasisPoints(0))).toBe(0);
    expect(() => feeBasisPoints(7.555)).toThrow();
    expect(parseFeePercent(undefined)).toBe(0);
    expect(parseFeePercent('7.5')).toBe(7.5);
    for (const bad of ['-1', '100.01', '7.555', 'abc', '1e1']) expect(() => parseFeePercent(bad)).toThrow(/PLATFORM_FEE_PERCENT/);
  });

  it('refunds the whole escrow to the customer, without a fee, exactly once', async () => {
    const withFee = moneyService({ db: f.db, feePercent: 10 });
    const [customer] = f.take('profiles', 1);
    const [applicationId] = f.take('applications', 1);
    await withFee.recordPayment({ applicationId: applicationId!, customerProfileId: customer!, amountKopecks: 5000, operationId: 'op-refund' });
    const results = await Promise.allSettled([1, 2, 3].map(() => withFee.refund({ applicationId: applicationId!, customerProfileId: customer! })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await withFee.balanceOf(customer!)).toBe(5000);
    expect(await withFee.escrowOf(applicationId!)).toBe(0);
    await expectBooksBalance();
  });

  it('runs inside a caller transaction and rolls back with it', async () => {
    const [customer] = f.take('profiles', 1);
    const [applicationId] = f.take('applications', 1);
    await f.money.recordPayment({ applicationId: applicationId!, customerProfileId: customer!, amountKopecks: 700, operationId: 'op-tx' });
    await expect(f.db.transaction(async (tx) => {
      await f.money.refund({ applicationId: applicationId!, customerProfileId: customer! }, tx);
      expect(await f.money.balanceOf(customer!, tx)).toBe(700);
      throw new Error('the transition failed');
    })).rejects.toThrow('the transition failed');
    expect(await f.money.escrowOf(applicationId!)).toBe(700);
    expect(await f.money.balanceOf(customer!)).toBe(0);
  });
});

describe('the ledger itself', () => {
  it('refuses an unbalanced transaction at commit and any edit of an entry', async () => {
    await expect(f.db.transaction(async (tx) => {
      const [t] = await tx.query<{ id: number }>("insert into ledger_transactions (kind) values ('payment') returning id");
      await tx.query("insert into ledger_entries (transaction_id, account, amount_kopecks) values ($1, 'platform:fees', 1)", [t!.id]);
    })).rejects.toThrow(/does not balance/);
    await expect(f.db.query('update ledger_entries set amount_kopecks = amount_kopecks + 1')).rejects.toThrow(/append-only/);
    await expect(f.db.query('delete from ledger_entries')).rejects.toThrow(/append-only/);
    await expectBooksBalance();
  });
});
