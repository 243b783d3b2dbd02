import { MONEY_MESSAGES } from '../src/modules/money/ledger';
import { seededRandom } from '../src/seed/random';
import { expectBooksBalance, openMoney, sumOf, type MoneyFixture } from './money-helpers';

let f: MoneyFixture;
beforeAll(async () => {
  f = await openMoney();
});
afterAll(() => f.close());

const key = (() => {
  let n = 0;
  return () => `key-${++n}`;
})();

describe('withdraw', () => {
  it('never takes a balance below zero', async () => {
    const [profile] = f.take('profiles', 1);
    await f.fund(profile!, 500);
    await expect(f.money.withdraw({ profileId: profile!, amountKopecks: 501, idempotencyKey: key() }))
      .rejects.toMatchObject({ statusCode: 409, code: 'insufficient_funds', message: MONEY_MESSAGES.insufficientFunds });
    const payout = await f.money.withdraw({ profileId: profile!, amountKopecks: 500, idempotencyKey: key() });
    expect(payout).toMatchObject({ amountKopecks: 500, status: 'pending', balanceKopecks: 0, replayed: false });
    await expect(f.money.withdraw({ profileId: profile!, amountKopecks: 1, idempotencyKey: key() })).rejects.toMatchObject({ statusCode: 409 });
    expect(await f.money.balanceOf(profile!)).toBe(0);
    expect(await sumOf("where account = 'payouts:pending' and transaction_id in (select transaction_id from payouts where profile_id = $1)", [profile])).toBe(500);
    await expectBooksBalance();
  });

  it('lets exactly k of 50 parallel withdrawals through when only k fit', async () => {
    const [profile] = f.take('profiles', 1);
    await f.fund(profile!, 10_000);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => f.money.withdraw({ profileId: profile!, amountKopecks: 3000, idempotencyKey: key() })),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(3);
    expect(refused.map((r) => (r.reason as { code?: string }).code)).toEqual(Array(47).fill('insufficient_funds'));
    expect(await f.money.balanceOf(profile!)).toBe(1000);
    const [count] = await f.db.query<{ n: number }>('select count(*)::int as n from payouts where profile_id = $1', [profile]);
    expect(count!.n).toBe(3);
    await expectBooksBalance();
  });

  it('makes one payout for one Idempotency-Key, however often and concurrently it comes', async () => {
    const [profile] = f.take('profiles', 1);
    await f.fund(profile!, 2000);
    const input = { profileId: profile!, amountKopecks: 1500, idempotencyKey: 'same-key' };
    const answers = await Promise.all([f.money.withdraw(input), f.money.withdraw(input), f.money.withdraw(input)]);
    const again = await f.money.withdraw(input);
    expect(new Set([...answers, again].map((a) => a.id)).size).toBe(1);
    expect([...answers, again].filter((a) => !a.replayed)).toHaveLength(1);
    expect(again).toMatchObject({ amountKopecks: 1500, status: 'pending', balanceKopecks: 500, replayed: true });
    expect(await f.money.balanceOf(profile!)).toBe(500);
    await expect(f.money.withdraw({ ...input, amountKopecks: 100 })).rejects.toMatchObject({ statusCode: 409, message: MONEY_MESSAGES.keyReused });
    // The key is the profile's own: another profile may use the same one.
    const [other] = f.take('profiles', 1);
    await f.fund(other!, 1500);
    expect(await f.money.withdraw({ ...input, profileId: other! })).toMatchObject({ replayed: false, balanceKopecks: 0 });
  });
});

describe('payouts', () => {
  it('returns the money of a failed payout to the balance, once', async () => {
    const [profile] = f.take('profiles', 1);
    await f.fund(profile!, 800);
    const payout = await f.money.withdraw({ profileId: profile!, amountKopecks: 800, idempotencyKey: key() });
    expect(await f.money.balanceOf(profile!)).toBe(0);
    const failed = await f.money.failPayout(payout.id);
    expect(failed).toMatchObject({ id: payout.id, status: 'failed', balanceKopecks: 800, replayed: false });
    expect(await f.money.failPayout(payout.id)).toMatchObject({ status: 'failed', balanceKopecks: 800, replayed: true });
    await expect(f.money.completePayout(payout.id)).rejects.toMatchObject({ statusCode: 409, message: MONEY_MESSAGES.payoutSettled });
    expect(await f.money.balanceOf(profile!)).toBe(800);
    await expectBooksBalance();
  });

  it('sends a completed payout out through the bank account', async () => {
    const [profile] = f.take('profiles', 1);
    await f.fund(profile!, 300);
    const bankBefore = await sumOf("where account = 'platform:bank'");
    const payout = await f.money.withdraw({ profileId: profile!, amountKopecks: 300, idempotencyKey: key() });
    const settled = await Promise.all([f.money.completePayout(payout.id), f.money.completePayout(payout.id)]);
    expect(settled.map((s) => s.status)).toEqual(['completed', 'completed']);
    expect(await sumOf("where account = 'platform:bank'")).toBe(bankBefore + 300);
    await expect(f.money.failPayout(payout.id)).rejects.toMatchObject({ statusCode: 409 });
    await expect(f.money.completePayout(2_000_000_000)).rejects.toMatchObject({ statusCode: 404, message: MONEY_MESSAGES.payoutNotFound });
    expect(await f.money.balanceOf(profile!)).toBe(0);
    await expectBooksBalance();
  });
});

describe('history', () => {
  it('lists a profile’s entries newest first with kind, amount, application and date', async () => {
    const [profile] = f.take('profiles', 1);
    const [applicationId] = f.take('applications', 1);
    await f.money.recordPayment({ applicationId: applicationId!, customerProfileId: profile!, amountKopecks: 1200, operationId: 'history-op' });
    await f.money.refund({ applicationId: applicationId!, customerProfileId: profile! });
    const payout = await f.money.withdraw({ profileId: profile!, amountKopecks: 200, idempotencyKey: key() });
    await f.money.failPayout(payout.id);
    const page = await f.money.history(profile!, 1, 2);
    expect(page).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(page.items.map(({ kind, amountKopecks, applicationId: a }) => ({ kind, amountKopecks, a }))).toEqual([
      { kind: 'payout_failed', amountKopecks: 200, a: null },
      { kind: 'withdrawal', amountKopecks: -200, a: null },
    ]);
    expect(page.items[0]!.createdAt).toBe('2026-03-01T10:00:00.000Z');
    const rest = await f.money.history(profile!, 2, 2);
    expect(rest.items).toEqual([expect.objectContaining({ kind: 'refund', amountKopecks: 1200, applicationId })]);
  });
});

describe('a randomised run', () => {
  it('keeps the books balanced and reconciles money in and out', async () => {
    const random = seededRandom(20260301);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    const people = f.take('profiles', 5);
    const apps = f.take('applications', 20);
    const bankBefore = await sumOf("where account = 'platform:bank'");
    // The model: what each profile and escrow should hold, and what crossed the bank.
    const balance = new Map(people.map((p) => [p, 0]));
    const held = new Map(apps.map((a) => [a, 0]));
    const payer = new Map<number, number>();
    const pending: { id: number; profile: number; amount: number }[] = [];
    let moneyIn = 0;
    let moneyOut = 0;
    for (let step = 0; step < 250; step++) {
      const roll = random();
      if (roll < 0.3) {
        const app = pick(apps);
        const customer = payer.get(app) ?? pick(people);
        const amount = 1 + Math.floor(random() * 50_000);
        // Every fifth payment is a replay of an earlier operation.
        const op = step % 5 === 0 && step > 0 ? `rnd-${step - 5}` : `rnd-${step}`;
        const result = await f.money.recordPayment({ applicationId: app, customerProfileId: customer, amountKopecks: amount, operationId: op }).catch(() => undefined);
        if (result && !result.replayed) {
          payer.set(app, customer);
          held.set(app, held.get(app)! + amount);
          moneyIn += amount;
        }
      } else if (roll < 0.55) {
        const app = pick(apps);
        const to = roll < 0.45 ? pick(people) : (payer.get(app) ?? pick(people));
        const settle = roll < 0.45 ? f.money.release({ applicationId: app, executorProfileId: to }) : f.money.refund({ applicationId: app, customerProfileId: to });
        const done = await settle.catch(() => undefined);
        expect(done === undefined).toBe(held.get(app) === 0);
        if (done) {
          balance.set(to, balance.get(to)! + held.get(app)!);
          held.set(app, 0);
        }
      } else if (roll < 0.85) {
        const profile = pick(people);
        const amount = 1 + Math.floor(random() * 30_000);
        const payout = await f.money.withdraw({ profileId: profile, amountKopecks: amount, idempotencyKey: key() }).catch(() => undefined);
        expect(payout !== undefined).toBe(balance.get(profile)! >= amount);
        if (payout) {
          balance.set(profile, balance.get(profile)! - amount);
          pending.push({ id: payout.id, profile, amount });
        }
      } else if (pending.length) {
        const payout = pending.splice(Math.floor(random() * pending.length), 1)[0]!;
        if (random() < 0.5) {
          await f.money.completePayout(payout.id);
          moneyOut += payout.amount;
        } else {
          await f.money.failPayout(payout.id);
          balance.set(payout.profile, balance.get(payout.profile)! + payout.amount);
        }
      }
    }
    for (const p of people) expect(await f.money.balanceOf(p)).toBe(balance.get(p));
    for (const a of apps) expect(await f.money.escrowOf(a)).toBe(held.get(a));
    const inPending = pending.reduce((s, p) => s + p.amount, 0);
    const total = (m: Map<number, number>) => [...m.values()].reduce((s, v) => s + v, 0);
    // What the bank saw come in and go out is exactly what the platform still owes (no fee in this run).
    expect(bankBefore - (await sumOf("where account = 'platform:bank'"))).toBe(moneyIn - moneyOut);
    expect(moneyIn - moneyOut).toBe(total(balance) + total(held) + inPending);
    expect(moneyIn).toBeGreaterThan(0);
    expect(moneyOut).toBeGreaterThan(0);
    await expectBooksBalance();
  });
});
