import { payoutFailedMessage, payoutWorker, type PayoutWorker } from '../src/modules/money/payout-worker';
import { devPayoutProvider, type PayoutAnswer, type PayoutOrder, type PayoutProvider } from '../src/providers/payout';
import { makePerson, type Person } from './deal-helpers';
import { addRequisite, expectBooksBalance, openMoney, recordingIo, silentLog, sumOf, type MoneyFixture } from './money-helpers';

/**
 * The payout worker against a bank that is not the dev one (ARCHITECTURE §8): a `pending` answer and
 * a thrown error ("unknown outcome") keep the money held until the bank says how it ended, and a
 * failure the bank reports twice is refunded and told once. Then the dev provider's own guard.
 */

const CLAIM_MS = 60_000;

let f: MoneyFixture;
beforeAll(async () => {
  f = await openMoney();
});
afterAll(() => f.close());

let keys = 0;
const key = () => `worker-key-${++keys}`;

/** A bank whose answer for our payout the test decides; any other payout it keeps pending. */
function stubBank(payoutId: number, answer: (call: number) => Promise<PayoutAnswer> | PayoutAnswer) {
  const calls: PayoutOrder[] = [];
  const provider: PayoutProvider = {
    name: 'stub',
    async send(order) {
      if (order.payoutId !== payoutId) return { status: 'pending', reference: null };
      calls.push(order);
      return answer(calls.length);
    },
  };
  return { provider, calls };
}

/** The worker's clock, moved by hand past (or not past) the claim time-out. */
function testClock() {
  let at = Date.now();
  return { now: () => new Date(at), advance: (ms: number) => void (at += ms) };
}

function worker(provider: PayoutProvider, now: () => Date, io = recordingIo().io): PayoutWorker {
  return payoutWorker({ db: f.db, money: f.money, provider, log: silentLog, io, pollMs: 60_000, claimTimeoutMs: CLAIM_MS, now });
}

/** A fresh executor with `funded` kopecks, a requisite and one pending withdrawal of `amount`. */
async function pendingPayout(funded: number, amount: number): Promise<{ owner: Person; id: number }> {
  const owner = await makePerson(f.db, 'executor');
  await f.fund(owner.profileId, funded);
  const bankRequisiteId = await addRequisite(f.db, owner.profileId);
  const payout = await f.money.withdraw({ profileId: owner.profileId, amountKopecks: amount, idempotencyKey: key(), bankRequisiteId });
  return { owner, id: payout.id };
}

async function payoutRow(id: number) {
  const [row] = await f.db.query<{ status: string; attempts: number; reference: string | null; reason: string | null }>(
    'select status, attempts, provider_reference as reference, failure_reason as reason from payouts where id = $1',
    [id],
  );
  return row;
}

/** What settling posted for the profile: `payout` (sent out) or `payout_failed` (refunded). */
async function settlements(profileId: number): Promise<string[]> {
  const rows = await f.db.query<{ kind: string }>(
    `select kind from ledger_transactions where profile_id = $1 and kind in ('payout', 'payout_failed') order by id`,
    [profileId],
  );
  return rows.map((r) => r.kind);
}

const notices = (who: Person) => f.db.query<{ message: string }>('select message from notifications where user_id = $1', [who.userId]);

type Clock = ReturnType<typeof testClock>;

/** Asked, not settled: still pending after one claim, the money held, nothing posted or told. */
async function expectHeld(owner: Person, id: number, reference: string | null, balance: number): Promise<void> {
  expect(await payoutRow(id)).toEqual({ status: 'pending', attempts: 1, reference, reason: null });
  expect(await f.money.balanceOf(owner.profileId)).toBe(balance);
  expect(await settlements(owner.profileId)).toEqual([]);
  expect(await notices(owner)).toEqual([]);
}

/** Nobody asks again within the claim time-out; after it, the payout is asked again with the same order. */
async function askAgainAfterClaim(provider: PayoutProvider, calls: PayoutOrder[], clock: Clock) {
  clock.advance(CLAIM_MS - 1_000);
  await worker(provider, clock.now).runOnce();
  expect(calls).toHaveLength(1);
  clock.advance(2_000);
  const run = await worker(provider, clock.now).runOnce();
  expect(calls).toHaveLength(2);
  expect(calls[1]).toEqual(calls[0]);
  return run;
}

/** Paid out by the second claim, posted once; settled, it is never asked or posted again. */
async function expectCompletedOnce(owner: Person, id: number, reference: string, balance: number, provider: PayoutProvider, calls: PayoutOrder[], clock: Clock) {
  expect(await payoutRow(id)).toEqual({ status: 'completed', attempts: 2, reference, reason: null });
  expect(await settlements(owner.profileId)).toEqual(['payout']);
  expect(await f.money.balanceOf(owner.profileId)).toBe(balance);
  clock.advance(2 * CLAIM_MS);
  await worker(provider, clock.now).runOnce();
  expect(calls).toHaveLength(2);
  expect(await settlements(owner.profileId)).toEqual(['payout']);
  expect(await notices(owner)).toEqual([]);
  await expectBooksBalance();
}

describe('payout worker with a bank that answers later', () => {
  it('keeps a payout the bank answers pending (money held, reference kept) and completes it once when the bank says so', async () => {
    const { owner, id } = await pendingPayout(5_000, 2_000);
    const { provider, calls } = stubBank(id, (call) => ({ status: call === 1 ? 'pending' : 'completed', reference: 'bank-77' }));
    const clock = testClock();
    const bankBefore = await sumOf("where account = 'platform:bank'");

    expect((await worker(provider, clock.now).runOnce()).pending).toBeGreaterThanOrEqual(1);
    expect(calls.map((c) => [c.payoutId, c.amountKopecks])).toEqual([[id, 2_000]]);
    await expectHeld(owner, id, 'bank-77', 3_000);

    expect((await askAgainAfterClaim(provider, calls, clock)).completed).toBe(1);
    expect(await sumOf("where account = 'platform:bank'")).toBe(bankBefore + 2_000);
    await expectCompletedOnce(owner, id, 'bank-77', 3_000, provider, calls, clock);
  });

  it('keeps the money held when the provider throws (unknown outcome) and completes the payout once after the claim time-out', async () => {
    const { owner, id } = await pendingPayout(5_000, 1_500);
    const { provider, calls } = stubBank(id, (call) => {
      if (call === 1) throw new Error('socket hang up');
      return { status: 'completed', reference: `bank-${id}` };
    });
    const clock = testClock();

    const first = await worker(provider, clock.now).runOnce();
    expect(first).toMatchObject({ completed: 0, failed: 0 });
    expect(first.pending).toBeGreaterThanOrEqual(1);
    // Nothing refunded: the bank may have taken the order.
    await expectHeld(owner, id, null, 3_500);

    expect((await askAgainAfterClaim(provider, calls, clock)).completed).toBe(1);
    await expectCompletedOnce(owner, id, `bank-${id}`, 3_500, provider, calls, clock);
  });

  it('refunds and tells once when the bank reports one failure twice', async () => {
    const { owner, id } = await pendingPayout(5_000, 1_200);
    const reason = 'Счёт получателя закрыт';
    let late!: (answer: PayoutAnswer) => void;
    let asked!: () => void;
    const firstAsked = new Promise<void>((resolve) => (asked = resolve));
    const { provider } = stubBank(id, (call) => {
      if (call === 2) return { status: 'failed', reference: 'bank-9', reason };
      asked();
      return new Promise<PayoutAnswer>((resolve) => (late = resolve));
    });
    const { io, emitted } = recordingIo();
    const clock = testClock();

    // Node A asks and hears nothing within the claim time-out; node B takes the claim over and hears the refusal.
    const slow = worker(provider, clock.now, io).runOnce();
    await firstAsked;
    clock.advance(CLAIM_MS + 1_000);
    expect((await worker(provider, clock.now, io).runOnce()).failed).toBe(1);
    // Then A's answer arrives: the same refusal, again.
    late({ status: 'failed', reference: 'bank-9', reason });
    await slow;

    expect(await payoutRow(id)).toEqual({ status: 'failed', attempts: 2, reference: 'bank-9', reason });
    expect(await f.money.balanceOf(owner.profileId)).toBe(5_000);
    expect(await settlements(owner.profileId)).toEqual(['payout_failed']);
    const message = payoutFailedMessage(1_200, reason);
    expect(await notices(owner)).toEqual([{ message }]);
    expect(emitted.filter((e) => e.room === `user:${owner.userId}`)).toMatchObject([{ event: 'notification', payload: { message } }]);
    await expectBooksBalance();
  });

  it('a failure the bank gives no reason for is refunded, kept and told as «Перевод не выполнен» (QA OO-13)', async () => {
    const { owner, id } = await pendingPayout(5_000, 1_300);
    const { provider } = stubBank(id, () => ({ status: 'failed', reference: 'bank-no-reason' }));
    const clock = testClock();

    expect((await worker(provider, clock.now).runOnce()).failed).toBe(1);
    const reason = 'Перевод не выполнен';
    expect(await payoutRow(id)).toEqual({ status: 'failed', attempts: 1, reference: 'bank-no-reason', reason });
    expect(await f.money.balanceOf(owner.profileId)).toBe(5_000);
    expect(await notices(owner)).toEqual([{ message: payoutFailedMessage(1_300, reason) }]);
    await expectBooksBalance();
  });
});

describe('dev payout provider', () => {
  it('refuses a second transfer of one payout with another amount and keeps the first', async () => {
    const { id } = await pendingPayout(5_000, 2_000);
    const bank = devPayoutProvider(f.db);
    const order = { payoutId: id, amountKopecks: 2_000, account: '40817810099910004312', bic: '044525225', recipientName: 'Иванов Иван Иванович', inn: '500100732259' };
    expect(await bank.send(order)).toEqual({ status: 'completed', reference: `dev-${id}` });
    await expect(bank.send({ ...order, amountKopecks: 2_500 })).rejects.toThrow(/transfer differs from the order/);
    const transfers = () => f.db.query<{ amount: string }>('select amount_kopecks::text as amount from dev_payout_transfers where payout_id = $1', [id]);
    expect(await transfers()).toEqual([{ amount: '2000' }]);
    // The same order again is the first transfer, answered again.
    expect(await bank.send(order)).toEqual({ status: 'completed', reference: `dev-${id}` });
    expect(await transfers()).toEqual([{ amount: '2000' }]);
  });
});
