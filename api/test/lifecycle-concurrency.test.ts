/**
 * Conflicting transitions at the same moment (ARCHITECTURE §5: "two conflicting actions: one
 * wins, the other gets 409"), and the bank's notifications arriving together. PGlite runs one
 * transaction at a time, so there the requests only queue; CI runs this file on PostgreSQL too
 * (DATABASE_URL), where they really overlap. The assertions hold for every interleaving.
 */
import { transitionFor, type ApplicationFacts } from 'shared/contract';
import { AppError } from '../src/http/errors';
import { applicationIn, completeFields, inDays, lastSmsCode, makePerson, must, setupDealApp, todayInMoscow, type DealContext, type Person } from './deal-helpers';

let d: DealContext;
beforeAll(async () => {
  d = await setupDealApp();
});
afterAll(() => d.close());

const PRICE_KOPECKS = 1_500_000;

async function sumOf(account: string): Promise<number> {
  const [row] = await d.db.query<{ n: string }>('select coalesce(sum(amount_kopecks), 0)::text as n from ledger_entries where account = $1', [account]);
  return Number(row!.n);
}
const escrowOf = (id: number) => sumOf(`escrow:application:${id}`);
const balanceOf = (p: Person) => sumOf(`profile:${p.profileId}`);

async function booksBalance() {
  const [total] = await d.db.query<{ n: string }>('select coalesce(sum(amount_kopecks), 0)::text as n from ledger_entries');
  expect(Number(total!.n)).toBe(0);
  expect(await d.db.query('select transaction_id from ledger_entries group by transaction_id having sum(amount_kopecks) <> 0')).toEqual([]);
}

async function historyOf(id: number): Promise<string[]> {
  const rows = await d.db.query<{ status: string }>('select to_status as status from application_history where application_id = $1 order by created_at, id', [id]);
  return rows.map((r) => r.status);
}

/** The service's answer as a status: 200 with `replayed` (and `credited` when it went to the balance), or the AppError's status and code. */
async function payAnswer(id: number, kopecks: number, operationId: string): Promise<{ status: number; replayed?: boolean; credited?: string; code?: string }> {
  try {
    return { status: 200, ...(await d.pay(id, kopecks, operationId)) };
  } catch (error) {
    if (error instanceof AppError) return { status: error.statusCode, code: error.code };
    throw error;
  }
}

const count = <T>(xs: T[], p: (x: T) => boolean) => xs.filter(p).length;

const onPostgres = process.env.DATABASE_URL ? it : it.skip;

/** A transaction of the test's own that holds an application's row until released (PostgreSQL). */
async function holdRow(id: number): Promise<{ release: () => void; pid: number; done: Promise<void> }> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let locked!: (pid: number) => void;
  const holding = new Promise<number>((resolve) => (locked = resolve));
  const done = d.db.transaction(async (tx) => {
    const [me] = await tx.query<{ pid: number }>('select pg_backend_pid() as pid');
    await tx.query('select id from applications where id = $1 for update', [id]);
    locked(me!.pid);
    await gate;
  });
  return { release, pid: await holding, done };
}

/** Waits until `n` sessions wait, directly or in the queue behind another waiter, on session `pid`. */
async function blockedBehind(pid: number, n: number): Promise<void> {
  for (let tries = 0; tries < 200; tries++) {
    const [row] = await d.db.query<{ n: number }>(
      `with recursive blocked(pid) as (
         select pid from pg_stat_activity where $1 = any(pg_blocking_pids(pid))
         union select a.pid from pg_stat_activity a join blocked b on b.pid = any(pg_blocking_pids(a.pid)))
       select count(*)::int as n from blocked`,
      [pid],
    );
    if (row!.n >= n) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`fewer than ${n} sessions queued behind ${pid}`);
}

async function cast() {
  return {
    customer: await makePerson(d.db, 'customer'),
    executor: await makePerson(d.db, 'executor'),
    replier: await makePerson(d.db, 'executor', 'Другой Исполнитель'),
  };
}

describe('naming the executor', () => {
  it('ten namings at once, each of another reply: exactly one wins, one executor bound, one history row', async () => {
    const customer = await makePerson(d.db, 'customer');
    const executors = await Promise.all(Array.from({ length: 10 }, (_, i) => makePerson(d.db, 'executor', `Исполнитель ${i}`)));
    const id = must(await d.api.post(customer, 'application/create', await completeFields(d.db)), 'create').id as number;
    const replies = await Promise.all(executors.map(async (e) => must(await d.api.post(e, 'application/reply/send', { id, comment: 'Возьмусь' }), 'reply').id as number));
    expect(new Set(replies).size).toBe(10);

    const answers = await Promise.all(replies.map((replyId) => d.api.post(customer, 'application/named/executor', { id, replyId })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    const winner = executors[answers.findIndex((a) => a.status === 200)]!;

    const view = must(await d.api.get(customer, 'application/get', { id }), 'view');
    expect(view).toMatchObject({ status: 'executor_named', executor: { id: winner.profileId }, payment: { status: 'awaiting' } });
    expect(await historyOf(id)).toEqual(['published', 'executor_named']);
    const [bound] = await d.db.query<{ n: number }>('select count(*)::int as n from applications where id = $1 and executor_profile_id is not null', [id]);
    expect(bound!.n).toBe(1);
    // Only the winner heard that it was chosen.
    const told = await d.db.query<{ userId: number }>(
      `select user_id as "userId" from notifications where application_id = $1 and message like 'Вас выбрали исполнителем%'`,
      [id],
    );
    expect(told.map((t) => t.userId)).toEqual([winner.userId]);
  });

  it('ten replies at once from ten executors all land: replies do not conflict with each other', async () => {
    const customer = await makePerson(d.db, 'customer');
    const executors = await Promise.all(Array.from({ length: 10 }, (_, i) => makePerson(d.db, 'organization', `ООО ${i}`)));
    const { id } = await applicationIn(d, 'published', { customer, executor: executors[0]!, replier: await makePerson(d.db, 'executor') });
    const answers = await Promise.all(executors.map((e) => d.api.post(e, 'application/reply/send', { id, comment: 'Готовы' })));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const view = must(await d.api.get(customer, 'application/get', { id }), 'view');
    expect(view.replies.filter((r: { status: string }) => r.status === 'active')).toHaveLength(11);
  });

  it('one executor replying twice at once gets one reply and one 409', async () => {
    const c = await cast();
    const { id } = await applicationIn(d, 'published', c);
    const answers = await Promise.all([1, 2].map(() => d.api.post(c.executor, 'application/reply/send', { id, comment: 'Дважды' })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const [mine] = await d.db.query<{ n: number }>(
      `select count(*)::int as n from application_replies where application_id = $1 and executor_profile_id = $2 and status = 'active'`,
      [id, c.executor.profileId],
    );
    expect(mine!.n).toBe(1);
  });
});

/**
 * Two transitions at once must end as if they ran one after the other, in either order: the
 * contract gives each order's answers (the second call judged on the state the first left). A
 * call that read the state before the other committed may instead lose the claim with a 409.
 */
describe('stopping and starting the work at once', () => {
  const paidNamed: ApplicationFacts = {
    status: 'executor_named', complete: true, price: 15000, feedbackDeadline: inDays(7), today: todayInMoscow(), paymentStatus: 'held',
    contract: null, report: null, reviewGiven: false, hasActiveReplies: true, hasActiveReplyOfCaller: false,
  };
  // After a stop the executor is unbound and its reply rejected: to the table it is anyone else.
  const stopped: ApplicationFacts = { ...paidNamed, status: 'stopped_by_customer', paymentStatus: 'refunded' };
  const started: ApplicationFacts = { ...paidNamed, status: 'in_work' };
  const answer = (action: string, facts: ApplicationFacts, actor: 'customer' | 'executor' | 'other') => {
    const r = transitionFor(action, facts, actor);
    return r.ok ? 200 : r.status;
  };
  const STOP = 'application/stop-working/executor';
  const START = 'application/start-working/executor';
  /** [stop, start] answers and the final status, for each order and each lost claim. */
  const outcomes = [
    { stop: answer(STOP, paidNamed, 'customer'), start: answer(START, stopped, 'other'), final: 'stopped_by_customer' },
    { start: answer(START, paidNamed, 'executor'), stop: answer(STOP, started, 'customer'), final: 'stopped_by_customer' },
    { stop: 200, start: 409, final: 'stopped_by_customer' },
    { start: 200, stop: 409, final: 'in_work' },
  ];

  it('derives the serial outcomes from the contract', () => {
    expect(outcomes.slice(0, 2)).toEqual([
      { stop: 200, start: 403, final: 'stopped_by_customer' },
      { start: 200, stop: 200, final: 'stopped_by_customer' },
    ]);
  });

  it('ends as one of the orders, with the status, history and money of that order (four deals at once)', async () => {
    const deals = await Promise.all(
      [0, 1, 2, 3].map(async () => {
        const c = await cast();
        const { id } = await applicationIn(d, 'executor_named', c);
        await d.pay(id, PRICE_KOPECKS);
        return { ...c, id };
      }),
    );
    // Alternate who asks first, so both orders are tried even where the requests only queue.
    const answers = await Promise.all(
      deals.map(async ({ id, customer, executor }, i) => {
        const stop = () => d.api.post(customer, STOP, { id });
        const start = () => d.api.post(executor, START, { id });
        const [s, t] = i % 2 === 0 ? await Promise.all([stop(), start()]) : (await Promise.all([start(), stop()])).reverse();
        return { stop: s!.status, start: t!.status };
      }),
    );
    for (const [i, { id, customer }] of deals.entries()) {
      const view = must(await d.api.get(customer, 'application/get', { id }), 'view');
      const got = { ...answers[i]!, final: view.status };
      expect(outcomes).toContainEqual(got);
      const history = await historyOf(id);
      expect(history).toEqual([
        'published', 'executor_named',
        ...(got.start === 200 ? ['in_work'] : []),
        ...(got.stop === 200 ? ['stopped_by_customer'] : []),
      ]);
      const refunded = got.final === 'stopped_by_customer';
      expect({ payment: view.payment.status, escrow: await escrowOf(id), customer: await balanceOf(customer) }).toEqual(
        refunded ? { payment: 'refunded', escrow: 0, customer: PRICE_KOPECKS } : { payment: 'held', escrow: PRICE_KOPECKS, customer: 0 },
      );
    }
    await booksBalance();
  });

  it('stop and cancel at once: one parting, one refund, the other refused', async () => {
    const c = await cast();
    const { id } = await applicationIn(d, 'in_work', c);
    must(await d.api.post(c.executor, 'application/cancel/executor/send/sms', { id }), 'sms');
    const code = await lastSmsCode(d.db, c.executor.phone);
    const [stop, cancel] = await Promise.all([
      d.api.post(c.customer, STOP, { id }),
      d.api.post(c.executor, 'application/cancel/executor', { id, code }),
    ]);
    // Cancel after a stop: the executor is no longer one (403, or 409 had it read the state first);
    // a stop after a cancel: the status no longer allows it (409).
    const history = await historyOf(id);
    if (stop.status === 200) {
      expect([403, 409]).toContain(cancel.status);
      expect(history.at(-1)).toBe('stopped_by_customer');
    } else {
      expect({ stop: stop.status, cancel: cancel.status }).toEqual({ stop: 409, cancel: 200 });
      expect(history.at(-1)).toBe('cancelled_by_executor');
    }
    expect(history).toHaveLength(4);
    expect({ escrow: await escrowOf(id), customer: await balanceOf(c.customer) }).toEqual({ escrow: 0, customer: PRICE_KOPECKS });
    await booksBalance();
  });
});

describe('the bank’s notifications at once', () => {
  it('one operation delivered ten times at once: one payment, nine replays, the money held once', async () => {
    const c = await cast();
    const { id } = await applicationIn(d, 'executor_named', c);
    const answers = await Promise.all(Array.from({ length: 10 }, () => payAnswer(id, PRICE_KOPECKS, `same-${id}`)));
    expect(count(answers, (a) => a.status === 200 && a.replayed === false)).toBe(1);
    expect(count(answers, (a) => a.status === 200 && a.replayed === true)).toBe(9);
    expect(await escrowOf(id)).toBe(PRICE_KOPECKS);
    const [ops] = await d.db.query<{ n: number }>(`select count(*)::int as n from ledger_transactions where operation_key = $1`, [`payment:same-${id}`]);
    expect(ops!.n).toBe(1);
    expect(must(await d.api.get(c.customer, 'application/get', { id }), 'view').payment).toEqual({ status: 'held', amount: PRICE_KOPECKS / 100, fee: 0 });
    await booksBalance();
  });

  // The nine paid an invoice already paid: their money is kept on the customer's balance (it was 409 not_awaiting, and lost).
  it('ten different operations for one invoice at once: one held, nine credited to the customer’s balance as already paid', async () => {
    const c = await cast();
    const { id } = await applicationIn(d, 'executor_named', c);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => payAnswer(id, PRICE_KOPECKS, `other-${id}-${i}`)));
    expect(answers.filter((a) => a.credited === undefined)).toEqual([{ status: 200, replayed: false }]);
    expect(answers.filter((a) => a.credited !== undefined)).toEqual(Array(9).fill({ status: 200, replayed: false, credited: 'already_paid' }));
    expect(await escrowOf(id)).toBe(PRICE_KOPECKS);
    expect(await balanceOf(c.customer)).toBe(9 * PRICE_KOPECKS);
    const [ops] = await d.db.query<{ n: number }>(`select count(*)::int as n from ledger_transactions where application_id = $1 and kind = 'payment'`, [id]);
    expect(ops!.n).toBe(1);
    await booksBalance();
  });

  it('a payment racing a price change: the invoice is either repriced before the money or fixed after it (six deals at once)', async () => {
    const deals = await Promise.all(
      [0, 1, 2, 3, 4, 5].map(async () => {
        const c = await cast();
        return { ...c, id: (await applicationIn(d, 'executor_named', c)).id };
      }),
    );
    const outcomes = await Promise.all(
      deals.map(async ({ id, customer }, i) => {
        const pay = () => payAnswer(id, PRICE_KOPECKS, `race-${id}`);
        const reprice = () => d.api.post(customer, 'application/update/price', { id, price: 20000 });
        const [paid, repriced] = i % 2 === 0 ? await Promise.all([pay(), reprice()]) : ((([r, p]) => [p, r])(await Promise.all([reprice(), pay()])) as [Awaited<ReturnType<typeof pay>>, Awaited<ReturnType<typeof reprice>>]);
        return { paid: paid.status, credited: paid.credited, repriced: repriced.status };
      }),
    );
    for (const [i, { id, customer }] of deals.entries()) {
      const { paid, credited, repriced } = outcomes[i]!;
      const view = must(await d.api.get(customer, 'application/get', { id }), 'view');
      const escrow = await escrowOf(id);
      if (credited === undefined) {
        // The money came first: the price it paid stands, and nothing asks for it again.
        expect({ paid, repriced, price: view.price, payment: view.payment.status, escrow }).toEqual({ paid: 200, repriced: 409, price: 15000, payment: 'held', escrow: PRICE_KOPECKS });
      } else {
        // The price changed first: the old sum no longer matches the invoice, and is kept on the customer's balance.
        expect({ paid, credited, repriced, price: view.price, payment: view.payment.status, escrow, balance: await balanceOf(customer) }).toEqual({
          paid: 200, credited: 'wrong_amount', repriced: 200, price: 20000, payment: 'awaiting', escrow: 0, balance: PRICE_KOPECKS,
        });
      }
    }
    await booksBalance();
  });

  /**
   * The interleaving the requests above rarely hit, forced on PostgreSQL: a third transaction holds
   * the application's row while the payment queues for it and the price change reads the state
   * ('awaiting') and queues too; the payment then commits first. The price change must not go
   * through on what it read: the invoice was paid meanwhile.
   */
  onPostgres('a price change that read the state before a payment committed does not reprice a paid invoice (PostgreSQL)', async () => {
    const c = await cast();
    const { id } = await applicationIn(d, 'executor_named', c);
    const { release, pid, done } = await holdRow(id);
    const paying = payAnswer(id, PRICE_KOPECKS, `held-race-${id}`);
    await blockedBehind(pid, 1);
    const repricing = d.api.post(c.customer, 'application/update/price', { id, price: 20000 });
    await blockedBehind(pid, 2);
    release();
    await done;
    const [paid, repriced] = await Promise.all([paying, repricing]);
    const view = must(await d.api.get(c.customer, 'application/get', { id }), 'view');
    expect({ paid: paid.status, repriced: repriced.status, price: view.price, payment: view.payment.status, escrow: await escrowOf(id) }).toEqual({
      paid: 200,
      repriced: 409,
      price: 15000,
      payment: 'held',
      escrow: PRICE_KOPECKS,
    });
    await booksBalance();
  });

  onPostgres('a stop queued behind a payment refunds the money that payment brought (PostgreSQL)', async () => {
    const c = await cast();
    const { id } = await applicationIn(d, 'executor_named', c);
    const { release, pid, done } = await holdRow(id);
    const paying = payAnswer(id, PRICE_KOPECKS, `stop-race-${id}`);
    await blockedBehind(pid, 1);
    const stopping = d.api.post(c.customer, 'application/stop-working/executor', { id });
    await blockedBehind(pid, 2);
    release();
    await done;
    const [paid, stopped] = await Promise.all([paying, stopping]);
    const view = must(await d.api.get(c.customer, 'application/get', { id }), 'view');
    expect({ paid: paid.status, stopped: stopped.status, status: view.status, payment: view.payment.status }).toEqual({
      paid: 200,
      stopped: 200,
      status: 'stopped_by_customer',
      payment: 'refunded',
    });
    expect({ escrow: await escrowOf(id), customer: await balanceOf(c.customer) }).toEqual({ escrow: 0, customer: PRICE_KOPECKS });
    await booksBalance();
  });
});
