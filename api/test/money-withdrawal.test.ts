import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig, parsePayoutProvider, testConfig } from '../src/config';
import type { Db } from '../src/db';
import { lifecycle } from '../src/modules/application/lifecycle';
import { BALANCE_CHANGED_EVENT, formatMoney } from 'shared/contract';
import { BANK_REQUISITE_MESSAGES } from '../src/modules/bank-requisite/service';
import { CABINET_MONEY_MESSAGES } from '../src/modules/money/cabinet';
import { MONEY_MESSAGES } from '../src/modules/money/ledger';
import { payoutFailedMessage, payoutWorker, type PayoutWorker } from '../src/modules/money/payout-worker';
import type { NotificationEmitter } from '../src/modules/notification/service';
import { moneyService, type MoneyService } from '../src/modules/money/service';
import { paymentService } from '../src/modules/payment/service';
import { DEV_PAYOUT_REFUSAL, devPayoutProvider } from '../src/providers/payout';
import { applicationIn, caller, makePerson, meddling, type DealContext, type Person } from './deal-helpers';
import { openTestDb } from './helpers';
import { addRequisite, recordingIo, silentLog } from './money-helpers';
import { listenOnLoopback, socketClients } from './socket-helpers';

/**
 * The cabinet's money calls over HTTP (ARCHITECTURE §8): withdrawals with Idempotency-Key under
 * concurrency, who may withdraw to what, the statement after real deals, and the payout worker
 * with the development provider.
 */

const FEE_PERCENT = 10;
let d: DealContext;
let app: FastifyInstance;
let db: Db;
let money: MoneyService;
/** The app on loopback, for real sockets (`balance:changed`). */
let url = '';
const connect = socketClients();

beforeAll(async () => {
  const opened = await openTestDb();
  db = opened.db;
  const lax = { max: 1_000_000, windowSeconds: 1 };
  app = await buildApp({ config: testConfig({ platformFeePercent: FEE_PERCENT }), db, logger: false, auth: { limits: { smsPerIp: lax, smsPerPhone: lax, smsGlobal: lax } } });
  // Funding in the tests takes no fee, so balances are round; the app's deals take FEE_PERCENT.
  money = moneyService({ db, feePercent: 0 });
  const payments = paymentService({ db, money, lifecycle: lifecycle({ db, now: () => new Date() }) });
  let op = 0;
  d = {
    app,
    db,
    api: caller(app),
    pay: (applicationId, amountKopecks, operationId = `mw-${++op}`) => payments.receive({ applicationId, amountKopecks, operationId }),
    async close() {
      await app.close();
      await opened.close();
    },
  };
  url = await listenOnLoopback(app);
});
afterAll(() => d.close());

const worker = (claimTimeoutMs = 60_000, io: NotificationEmitter = recordingIo().io): PayoutWorker =>
  payoutWorker({ db, money, provider: devPayoutProvider(db), log: silentLog, io, pollMs: 60_000, claimTimeoutMs });

let keys = 0;
const newKey = () => `test-key-${++keys}-${Date.now()}`;

/** A seeded application per funding, paid by its own customer and released to `profileId`. */
let seededApps: number[] | undefined;
async function fund(profileId: number, kopecks: number): Promise<void> {
  seededApps ??= (await db.query<{ id: number }>("select id from applications where payment_status = 'none' order by id desc")).map((r) => r.id);
  const applicationId = seededApps.shift()!;
  const [app] = await db.query<{ customer: number }>('select customer_profile_id as customer from applications where id = $1', [applicationId]);
  await money.recordPayment({ applicationId, customerProfileId: app!.customer, amountKopecks: kopecks, operationId: `fund-${applicationId}` });
  await money.release({ applicationId, executorProfileId: profileId });
}

const requisite = (profileId: number, currency?: string, account?: string) => addRequisite(db, profileId, currency, account);

async function withdraw(who: Person, body: Record<string, unknown>, key: string | null = newKey()) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/balance/refund_virtual_account',
    headers: { ...who.headers, ...(key === null ? {} : { 'idempotency-key': key }) },
    payload: body,
  });
  return { status: res.statusCode, body: res.json() };
}

async function balanceKopecks(profileId: number): Promise<number> {
  return money.balanceOf(profileId);
}

async function expectBooksBalance(): Promise<void> {
  const [sum] = await db.query<{ n: string }>('select coalesce(sum(amount_kopecks), 0)::text as n from ledger_entries');
  expect(Number(sum!.n)).toBe(0);
  const negative = await db.query(`select account from ledger_entries where account like 'profile:%' or account like 'escrow:%' group by account having sum(amount_kopecks) < 0`);
  expect(negative).toEqual([]);
}

async function payoutsOf(profileId: number) {
  return db.query<{ id: number; status: string; amount: string }>('select id, status, amount_kopecks::text as amount from payouts where profile_id = $1 order by id', [profileId]);
}

describe('POST balance/refund_virtual_account: input', () => {
  it('asks for the Idempotency-Key header and refuses fractions of kopecks', async () => {
    const owner = await makePerson(db, 'executor');
    await fund(owner.profileId, 10_000);
    const to = await requisite(owner.profileId);
    const missing = await withdraw(owner, { amount: 10, bankRequisiteId: to }, null);
    expect(missing).toMatchObject({ status: 422, body: { code: 'idempotency_key_required', message: CABINET_MONEY_MESSAGES.keyMissing } });
    expect((await withdraw(owner, { amount: 10, bankRequisiteId: to }, '   ')).status).toBe(422);
    expect((await withdraw(owner, { amount: 10, bankRequisiteId: to }, 'x'.repeat(201))).status).toBe(422);
    const fraction = await withdraw(owner, { amount: 10.005, bankRequisiteId: to });
    expect(fraction.status).toBe(422);
    expect(fraction.body.errors).toHaveProperty('amount');
    for (const amount of [0, -5, '10', null]) expect((await withdraw(owner, { amount, bankRequisiteId: to })).status).toBe(422);
    expect(await payoutsOf(owner.profileId)).toEqual([]);
    // Kopecks are fine: 10.01 ₽ is 1001 kopecks, exactly.
    const ok = await withdraw(owner, { amount: 10.01, bankRequisiteId: to });
    expect(ok).toMatchObject({ status: 200, body: { message: CABINET_MONEY_MESSAGES.accepted, data: { amount: 10.01, amountKopecks: 1001, status: 'pending', balance: 89.99, balanceKopecks: 8999 } } });
    const balance = await d.api.get(owner, 'balance/get/token', {});
    expect(balance.body.data.amount).toBe(89.99);
  });

  // ARCHITECTURE §8: a call by anyone else is 403 (another profile's requisite was a 404 before: a contract correction).
  it('answers 403 for another profile’s requisite, 404 for a deleted or an unknown one, 422 for a foreign currency', async () => {
    const owner = await makePerson(db, 'executor');
    const other = await makePerson(db, 'executor');
    await fund(owner.profileId, 5_000);
    const foreign = await requisite(other.profileId);
    expect(await withdraw(owner, { amount: 1, bankRequisiteId: foreign })).toMatchObject({
      status: 403,
      body: { message: BANK_REQUISITE_MESSAGES.forbidden, code: 'forbidden' },
    });
    const deleted = await requisite(owner.profileId);
    const foreignDeleted = await requisite(other.profileId, 'RUB', '40817810099910009999');
    await db.query('update bank_requisites set deleted_at = now() where id = any($1)', [[deleted, foreignDeleted]]);
    for (const bankRequisiteId of [deleted, foreignDeleted, 2_000_000_000]) {
      expect(await withdraw(owner, { amount: 1, bankRequisiteId })).toMatchObject({ status: 404, body: { message: CABINET_MONEY_MESSAGES.requisiteNotFound } });
    }
    const usd = await requisite(owner.profileId, 'USD');
    expect(await withdraw(owner, { amount: 1, bankRequisiteId: usd })).toMatchObject({ status: 422, body: { message: CABINET_MONEY_MESSAGES.rublesOnly } });
    expect(await payoutsOf(owner.profileId)).toEqual([]);
    expect(await balanceKopecks(owner.profileId)).toBe(5_000);
  });

  it('lets the owner and the director withdraw, not an employee (who sees balance and history)', async () => {
    const director = await makePerson(db, 'organization', 'ООО Ромашка');
    // makePerson may have made the director a member already.
    await db.query('insert into organization_members (organization_id, user_id, director) values ($1, $2, true) on conflict do nothing', [director.profileId, director.userId]);
    const employee = await makePerson(db, 'customer', 'Сотрудник Ромашки');
    await db.query('insert into organization_members (organization_id, user_id, director) values ($1, $2, false)', [director.profileId, employee.userId]);
    await db.query('update users set active_profile_id = $2 where id = $1', [employee.userId, director.profileId]);
    await fund(director.profileId, 3_000);
    const to = await requisite(director.profileId);
    const refused = await withdraw(employee, { amount: 10, bankRequisiteId: to });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/руководитель/);
    expect((await d.api.get(employee, 'balance/get/token', {})).body.data).toMatchObject({ profileId: director.profileId, amount: 30 });
    expect((await d.api.get(employee, 'balance/history/get-collection', {})).status).toBe(200);
    expect((await d.api.get(employee, 'balance/payout/get-collection', {})).status).toBe(200);
    expect(await withdraw(director, { amount: 10, bankRequisiteId: to })).toMatchObject({ status: 200, body: { data: { balanceKopecks: 2_000 } } });
    // A guest is a 401 before anything is read.
    expect((await app.inject({ method: 'POST', url: '/api/balance/refund_virtual_account', payload: { amount: 1, bankRequisiteId: to } })).statusCode).toBe(401);
  });
});

describe('withdrawals under concurrency', () => {
  it('lets exactly floor(balance / amount) of 50 parallel withdrawals through; the rest are 409', async () => {
    const owner = await makePerson(db, 'executor');
    await fund(owner.profileId, 10_000); // 100 ₽
    const to = await requisite(owner.profileId);
    const answers = await Promise.all(Array.from({ length: 50 }, () => withdraw(owner, { amount: 30, bankRequisiteId: to })));
    const ok = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(ok).toHaveLength(3);
    expect(refused.map((a) => [a.status, a.body.code, a.body.message])).toEqual(Array(47).fill([409, 'insufficient_funds', MONEY_MESSAGES.insufficientFunds]));
    expect(new Set(ok.map((a) => a.body.data.id)).size).toBe(3);
    // Each answer's balance is what that withdrawal left: 70, 40 and 10 roubles in some order.
    expect(ok.map((a) => a.body.data.balance).sort((x: number, y: number) => x - y)).toEqual([10, 40, 70]);
    expect(await balanceKopecks(owner.profileId)).toBe(1_000);
    expect(await payoutsOf(owner.profileId)).toHaveLength(3);
    await expectBooksBalance();
  });

  it('answers a replayed Idempotency-Key with the same payout and moves money once', async () => {
    const owner = await makePerson(db, 'executor');
    await fund(owner.profileId, 2_000);
    const to = await requisite(owner.profileId);
    const key = newKey();
    const first = await withdraw(owner, { amount: 15, bankRequisiteId: to }, key);
    const again = await withdraw(owner, { amount: 15, bankRequisiteId: to }, key);
    expect(first.status).toBe(200);
    expect(again).toEqual(first);
    expect(await payoutsOf(owner.profileId)).toHaveLength(1);
    const [tx] = await db.query<{ n: number }>(`select count(*)::int as n from ledger_transactions where kind = 'withdrawal' and profile_id = $1`, [owner.profileId]);
    expect(tx!.n).toBe(1);
    expect(await balanceKopecks(owner.profileId)).toBe(500);
    // The key names that withdrawal: another amount or requisite under it is refused.
    expect(await withdraw(owner, { amount: 1, bankRequisiteId: to }, key)).toMatchObject({ status: 409, body: { message: MONEY_MESSAGES.keyReused } });
    const other = await requisite(owner.profileId, 'RUB', '40817810199910004313');
    expect(await withdraw(owner, { amount: 15, bankRequisiteId: other }, key)).toMatchObject({ status: 409, body: { message: MONEY_MESSAGES.keyReused } });
    // The same answer even after the requisite was deleted since.
    await db.query('update bank_requisites set deleted_at = now() where id = $1', [to]);
    expect(await withdraw(owner, { amount: 15, bankRequisiteId: to }, key)).toEqual(first);
    // And after the bank paid it out and the balance moved on: a retry of a lost answer is answered
    // as the first time, not as news («completed», another balance).
    await money.completePayout((await payoutsOf(owner.profileId))[0]!.id);
    await fund(owner.profileId, 300);
    expect(await withdraw(owner, { amount: 15, bankRequisiteId: to }, key)).toEqual(first);
    expect(await balanceKopecks(owner.profileId)).toBe(800);
  });

  it('makes one payout of 50 parallel requests with one key, all answering it', async () => {
    const owner = await makePerson(db, 'executor');
    await fund(owner.profileId, 10_000);
    const to = await requisite(owner.profileId);
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 50 }, () => withdraw(owner, { amount: 25, bankRequisiteId: to }, key)));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
    expect(answers.map((a) => a.body.data.balanceKopecks)).toEqual(Array(50).fill(7_500));
    expect(await payoutsOf(owner.profileId)).toHaveLength(1);
    expect(await balanceKopecks(owner.profileId)).toBe(7_500);
    await expectBooksBalance();
  });
});

describe('withdrawals with one key and two requisites at once (QA OO-14)', () => {
  it('the one that finds the key’s payout made meanwhile, to the other requisite, is a 409, not that payout', async () => {
    const owner = await makePerson(db, 'executor');
    await fund(owner.profileId, 10_000);
    const first = await requisite(owner.profileId);
    const second = await requisite(owner.profileId, 'RUB', '40817810199910004313');
    const key = newKey();
    // The other tab's withdrawal to the first requisite, committed while this one (to the second)
    // was past its first look at the key: staged in this one's transaction, right before its
    // requisite is read.
    let raceOn = true;
    const raced = await buildApp({
      config: testConfig({ platformFeePercent: FEE_PERCENT }),
      db: meddling(db, /from bank_requisites r join currencies c/, async (tx) => {
        if (!raceOn) return;
        raceOn = false;
        await money.on(tx).withdraw({ profileId: owner.profileId, amountKopecks: 2_500, idempotencyKey: key, bankRequisiteId: first });
      }),
      logger: false,
    });
    try {
      const res = await raced.inject({
        method: 'POST',
        url: '/api/balance/refund_virtual_account',
        headers: { ...owner.headers, 'idempotency-key': key },
        payload: { amount: 25, bankRequisiteId: second },
      });
      expect(raceOn).toBe(false);
      expect([res.statusCode, res.json().code]).toEqual([409, 'idempotency_key_reused']);
      // (The staged withdrawal rolled back with this one: it stands in for another request's commit.)
    } finally {
      await raced.close();
    }
  });
});

describe('balance:changed over real sockets', () => {
  /** A tab of `who`, counting the `balance:changed` events it hears. */
  async function tab(who: Person) {
    const socket = await connect(url, who.headers.authorization!.replace('Bearer ', ''));
    const heard: unknown[] = [];
    socket.on(BALANCE_CHANGED_EVENT, (payload: unknown) => heard.push(payload));
    return heard;
  }
  const until = async (check: () => boolean) => {
    for (let i = 0; i < 60 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
  };
  const quiet = () => new Promise((r) => setTimeout(r, 200));

  it("tells every tab of the profile's users of a withdrawal taken, once; not a replay, a refusal or another user", async () => {
    const director = await makePerson(db, 'organization');
    const employee = await makePerson(db, 'customer');
    await db.query('insert into organization_members (organization_id, user_id, director) values ($1, $2, false)', [director.profileId, employee.userId]);
    const stranger = await makePerson(db, 'executor');
    await fund(director.profileId, 5_000);
    const to = await requisite(director.profileId);
    const [first, second, colleague, other] = [await tab(director), await tab(director), await tab(employee), await tab(stranger)];

    const key = newKey();
    expect((await withdraw(director, { amount: 10, bankRequisiteId: to }, key)).status).toBe(200);
    await until(() => first.length === 1 && second.length === 1 && colleague.length === 1);
    expect([first, second, colleague]).toEqual([[{ profileId: director.profileId }], [{ profileId: director.profileId }], [{ profileId: director.profileId }]]);

    // The same request again moves nothing, and more than the balance is refused: neither is told.
    expect((await withdraw(director, { amount: 10, bankRequisiteId: to }, key)).status).toBe(200);
    expect((await withdraw(director, { amount: 1_000, bankRequisiteId: to })).status).toBe(409);
    await quiet();
    expect([first.length, second.length, colleague.length, other.length]).toEqual([1, 1, 1, 0]);
  });
});

describe('GET balance/history/get-collection', () => {
  it('shows the release before the fee, the fee, and the customer’s held payment, paged newest first', async () => {
    const customer = await makePerson(db, 'customer');
    const executor = await makePerson(db, 'executor');
    const replier = await makePerson(db, 'executor', 'Другой Исполнитель');
    const deal = await applicationIn(d, 'closed', { customer, executor, replier });
    const [number] = await db.query<{ number: number }>('select number from applications where id = $1', [deal.id]);
    // completeFields: 15 000 ₽; the fee is 10 %.
    const page = await d.api.get(executor, 'balance/history/get-collection', { page: 1, limit: 10 });
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({ total: 2, page: 1, limit: 10 });
    const lines = page.body.data.items;
    expect(lines.map((l: any) => [l.kind, l.amountKopecks, l.amount, l.informational, l.applicationId, l.applicationNumber])).toEqual([
      ['fee', -150_000, -1500, false, deal.id, number!.number],
      ['release', 1_500_000, 15000, false, deal.id, number!.number],
    ]);
    expect(lines[1].title).toBe(`Оплата за выполненную заявку № ${number!.number}`);
    expect(lines[0].title).toBe(`Комиссия платформы по заявке № ${number!.number}`);
    const sum = lines.reduce((s: number, l: any) => s + l.amountKopecks, 0);
    expect(sum).toBe(await balanceKopecks(executor.profileId));
    // The customer paid from outside: the hold is shown but never counted in the balance.
    const theirs = await d.api.get(customer, 'balance/history/get-collection', {});
    expect(theirs.body.data.items.map((l: any) => [l.kind, l.amountKopecks, l.informational])).toEqual([
      ['hold', 1_500_000, true],
      ['hold', 1_500_000, true],
    ]);
    // Not «held» for ever: the deal closed, the money went to the executor; the payment stays.
    expect(theirs.body.data.items.map((l: any) => l.title)).toEqual([
      `Оплата по заявке № ${number!.number} передана исполнителю после приёмки работ`,
      `Оплата по заявке № ${number!.number} удерживалась до приёмки работ`,
    ]);
    expect(await balanceKopecks(customer.profileId)).toBe(0);
    // Paging: one line per page.
    const second = await d.api.get(executor, 'balance/history/get-collection', { page: 2, limit: 1 });
    expect(second.body.data).toMatchObject({ total: 2, page: 2, limit: 1, items: [expect.objectContaining({ kind: 'release' })] });
    expect((await d.api.get(executor, 'balance/history/get-collection', { page: 3, limit: 1 })).body.data).toMatchObject({ total: 2, items: [] });
    expect((await d.api.get(executor, 'balance/history/get-collection', { limit: 101 })).status).toBe(422);
  });

  it('shows a refund after the customer stops the work, and withdrawals with their payout', async () => {
    const customer = await makePerson(db, 'customer');
    const executor = await makePerson(db, 'executor');
    const replier = await makePerson(db, 'executor', 'Другой Исполнитель');
    const deal = await applicationIn(d, 'stopped_by_customer', { customer, executor, replier });
    const to = await requisite(customer.profileId);
    const w = await withdraw(customer, { amount: 100, bankRequisiteId: to });
    expect(w.status).toBe(200);
    const lines = (await d.api.get(customer, 'balance/history/get-collection', {})).body.data.items;
    expect(lines.map((l: any) => [l.kind, l.amountKopecks, l.informational, l.payoutId, l.payoutStatus])).toEqual([
      ['withdrawal', -10_000, false, w.body.data.id, 'pending'],
      ['refund', 1_500_000, false, null, null],
      ['hold', 1_500_000, true, null, null],
    ]);
    // A pending withdrawal already names the account it goes to, masked as the payouts' list masks it.
    expect(lines[0]).toMatchObject({ title: `Вывод средств на банковский счёт ••••4312 (выплата № ${w.body.data.id})`, payoutFailureReason: null });
    expect(lines[1].applicationId).toBe(deal.id);
    expect(lines[2].title).toMatch(/^Оплата по заявке № \d+ удерживалась, затем возвращена$/);
    const counted = lines.filter((l: any) => !l.informational).reduce((s: number, l: any) => s + l.amountKopecks, 0);
    expect(counted).toBe(await balanceKopecks(customer.profileId));
  });
});

describe('application/get: the payment with the platform fee', () => {
  it('gives the parties the fee a release will take, then the one it took; none after a refund or to others', async () => {
    const customer = await makePerson(db, 'customer');
    const executor = await makePerson(db, 'executor');
    const replier = await makePerson(db, 'executor', 'Другой Исполнитель');
    const payment = async (who: Person, id: number) => (await d.api.get(who, 'application/get', { id })).body.data.payment;
    // completeFields: 15 000 ₽; the fee is 10 %.
    const working = await applicationIn(d, 'in_work', { customer, executor, replier });
    expect(await payment(executor, working.id)).toEqual({ status: 'held', amount: 15000, fee: 1500 });
    expect(await payment(customer, working.id)).toEqual({ status: 'held', amount: 15000, fee: 1500 });
    expect(await payment(replier, working.id)).toEqual({ status: 'none', amount: 0, fee: 0 });

    const closed = await applicationIn(d, 'closed', { customer, executor, replier });
    expect(await payment(executor, closed.id)).toEqual({ status: 'released', amount: 15000, fee: 1500 });
    // What the release took is read from the ledger: an API restarted without a fee does not rewrite it.
    const feeless = await buildApp({ config: testConfig({ platformFeePercent: 0 }), db, logger: false });
    try {
      const read = async (id: number) => (await caller(feeless).get(executor, 'application/get', { id })).body.data.payment;
      expect(await read(closed.id)).toEqual({ status: 'released', amount: 15000, fee: 1500 });
      expect(await read(working.id)).toEqual({ status: 'held', amount: 15000, fee: 0 });
    } finally {
      await feeless.close();
    }

    const stopped = await applicationIn(d, 'stopped_by_customer', { customer, executor, replier });
    expect(await payment(customer, stopped.id)).toEqual({ status: 'refunded', amount: 15000, fee: 0 });
  });
});

describe('payout worker', () => {
  it('completes a pending payout through the dev provider, once, and lists it', async () => {
    const owner = await makePerson(db, 'executor');
    await fund(owner.profileId, 5_000);
    const to = await requisite(owner.profileId);
    const w = await withdraw(owner, { amount: 20, bankRequisiteId: to });
    const id = w.body.data.id as number;
    const { io, emitted } = recordingIo();
    // Two workers on one database, as on two API nodes: one claims, the other finds it taken or done.
    const [a, b] = await Promise.all([worker(60_000, io).runOnce(), worker(60_000, io).runOnce()]);
    expect(a.completed + b.completed).toBeGreaterThanOrEqual(1);
    const [payout] = await db.query<{ status: string; attempts: number; ref: string }>('select status, attempts, provider_reference as ref from payouts where id = $1', [id]);
    expect(payout).toEqual({ status: 'completed', attempts: 1, ref: `dev-${id}` });
    const transfers = await db.query<{ amount: string }>('select amount_kopecks::text as amount from dev_payout_transfers where payout_id = $1', [id]);
    expect(transfers).toEqual([{ amount: '2000' }]);
    await worker().runOnce();
    expect(await db.query('select 1 from dev_payout_transfers where payout_id = $1', [id])).toHaveLength(1);
    const list = await d.api.get(owner, 'balance/payout/get-collection', {});
    expect(list.body.data).toMatchObject({ total: 1, items: [{ id, amount: 20, status: 'completed', statusLabel: 'Выплачено', bankRequisite: { id: to, accountMasked: '••••4312' } }] });
    const lines = (await d.api.get(owner, 'balance/history/get-collection', {})).body.data.items;
    expect(lines[0]).toMatchObject({ kind: 'withdrawal', payoutId: id, payoutStatus: 'completed' });
    expect(await balanceKopecks(owner.profileId)).toBe(3_000);
    // A payout done is seen in the history; only a failed one is told. The profile's open pages
    // hear that its balance moved (the history's status), once (earlier tests' payouts go too).
    expect((await d.api.get(owner, 'notification/get-collection', {})).body.data.items).toEqual([]);
    expect(emitted.filter((e) => e.room === `profile:${owner.profileId}`)).toEqual([{ room: `profile:${owner.profileId}`, event: BALANCE_CHANGED_EVENT, payload: { profileId: owner.profileId } }]);
    await expectBooksBalance();
  });

  it('pays a withdrawal to the requisite as it was when accepted, and lists it so, though the requisite is edited after (QA TTT-1)', async () => {
    const owner = await makePerson(db, 'executor');
    await fund(owner.profileId, 5_000);
    const to = await requisite(owner.profileId);
    const pending = (await withdraw(owner, { amount: 20, bankRequisiteId: to })).body.data.id as number;
    const edited = await d.api.call(owner, 'PUT', 'bank-requisite/update', {
      id: to,
      recipientName: 'Посторонний Получатель',
      inn: '7707083893',
      kpp: '773601001',
      bic: '044525974',
      correspondentAccount: '30101810145250000974',
      account: '40817810300000001111',
      bankName: 'АО «ТБанк»',
    });
    expect(edited.status).toBe(200);
    const asAccepted = { id: to, recipientName: 'Иванов Иван Иванович', bankName: 'ПАО Сбербанк', accountMasked: '••••4312' };
    const payouts = async () => (await d.api.get(owner, 'balance/payout/get-collection', {})).body.data.items;
    expect(await payouts()).toMatchObject([{ id: pending, status: 'pending', bankRequisite: asAccepted }]);
    await worker().runOnce();
    const transfers = await db.query('select account, bic from dev_payout_transfers where payout_id = $1', [pending]);
    expect(transfers).toEqual([{ account: '40817810099910004312', bic: '044525225' }]);
    // The history and the payouts name the account the money went to; a withdrawal made now goes to the new one.
    const later = (await withdraw(owner, { amount: 10, bankRequisiteId: to })).body.data.id as number;
    expect(await payouts()).toMatchObject([
      { id: later, status: 'pending', bankRequisite: { id: to, recipientName: 'Посторонний Получатель', bankName: 'АО «ТБанк»', accountMasked: '••••1111' } },
      { id: pending, status: 'completed', bankRequisite: asAccepted },
    ]);
    const lines = (await d.api.get(owner, 'balance/history/get-collection', {})).body.data.items as Array<{ payoutId: number | null; title: string }>;
    expect(lines.find((line) => line.payoutId === pending)?.title).toBe(`Вывод средств на банковский счёт ••••4312 (выплата № ${pending})`);
    expect(lines.find((line) => line.payoutId === later)?.title).toBe(`Вывод средств на банковский счёт ••••1111 (выплата № ${later})`);
    await worker().runOnce();
    expect(await db.query('select account, bic from dev_payout_transfers where payout_id = $1', [later])).toEqual([{ account: '40817810300000001111', bic: '044525974' }]);
  });

  it('returns the money of a payout the bank refuses', async () => {
    const owner = await makePerson(db, 'executor');
    await fund(owner.profileId, 5_000);
    const to = await requisite(owner.profileId);
    const w = await withdraw(owner, { amount: 10.13, bankRequisiteId: to });
    expect(await balanceKopecks(owner.profileId)).toBe(5_000 - 1_013);
    const { io, emitted } = recordingIo();
    const run = await worker(60_000, io).runOnce();
    expect(run.failed).toBeGreaterThanOrEqual(1);
    expect(await balanceKopecks(owner.profileId)).toBe(5_000);
    // The owner is told, in the bell and live, what failed and where the money is.
    const message = 'Вывод 10,13\u00a0₽ не выполнен: Банк отклонил перевод (тестовый отказ: сумма с 13 копейками). Деньги вернулись на баланс.';
    expect(payoutFailedMessage(1_013, DEV_PAYOUT_REFUSAL)).toBe(message);
    const told = (await d.api.get(owner, 'notification/get-collection', {})).body.data;
    expect(told.items).toMatchObject([{ message, link: '/lk/money', read: false }]);
    expect(emitted).toMatchObject([
      { room: `user:${owner.userId}`, event: 'notification', payload: { message, link: '/lk/money', unread: 1 } },
      { room: `profile:${owner.profileId}`, event: BALANCE_CHANGED_EVENT, payload: { profileId: owner.profileId } },
    ]);
    await worker(60_000, io).runOnce();
    expect((await d.api.get(owner, 'notification/get-collection', {})).body.data.items).toHaveLength(1);
    expect(await db.query('select 1 from dev_payout_transfers where payout_id = $1', [w.body.data.id])).toEqual([]);
    const list = (await d.api.get(owner, 'balance/payout/get-collection', {})).body.data.items;
    expect(list[0]).toMatchObject({ status: 'failed', statusLabel: 'Не выполнено', failureReason: DEV_PAYOUT_REFUSAL });
    const lines = (await d.api.get(owner, 'balance/history/get-collection', {})).body.data.items;
    expect(lines.slice(0, 2).map((l: any) => [l.kind, l.amountKopecks, l.payoutStatus])).toEqual([
      ['payout_failed', 1_013, 'failed'],
      ['withdrawal', -1_013, 'failed'],
    ]);
    // The balance page says where the money was sent and why it came back, not only the bell.
    expect(lines[1]).toMatchObject({ title: `Вывод средств на банковский счёт ••••4312 (выплата № ${w.body.data.id})`, payoutFailureReason: DEV_PAYOUT_REFUSAL });
    expect(lines[0].payoutFailureReason).toBe(DEV_PAYOUT_REFUSAL);
    await expectBooksBalance();
  });

  it('says the sum of a failed payout as every other notice says money (shared formatMoney)', () => {
    // «1 000 ₽» with no-break spaces, kopecks only when there are some: as the price and payment notices.
    expect(payoutFailedMessage(100_000, 'Счёт закрыт')).toBe('Вывод 1\u00a0000\u00a0₽ не выполнен: Счёт закрыт. Деньги вернулись на баланс.');
    expect(payoutFailedMessage(123_450, 'Счёт закрыт')).toMatch(new RegExp(`^Вывод ${formatMoney(1234.5)} не выполнен`));
  });

  it("tells an organisation's director of its failed payout, not its employees", async () => {
    const director = await makePerson(db, 'organization');
    const employee = await makePerson(db, 'customer');
    await db.query('insert into organization_members (organization_id, user_id, director) values ($1, $2, false)', [director.profileId, employee.userId]);
    await fund(director.profileId, 5_000);
    const to = await requisite(director.profileId);
    await withdraw(director, { amount: 20.13, bankRequisiteId: to });
    await worker().runOnce();
    const told = (who: Person) => db.query<{ message: string }>('select message from notifications where user_id = $1', [who.userId]);
    expect(await told(director)).toEqual([{ message: payoutFailedMessage(2_013, DEV_PAYOUT_REFUSAL) }]);
    expect(await told(employee)).toEqual([]);
  });

  it('asks the provider again for a claim nobody answered, without paying twice', async () => {
    const owner = await makePerson(db, 'executor');
    await fund(owner.profileId, 5_000);
    const to = await requisite(owner.profileId);
    const w = await withdraw(owner, { amount: 30, bankRequisiteId: to });
    const id = w.body.data.id as number;
    // A node that sent the transfer and died before settling: the transfer exists, the payout is pending and claimed.
    await db.query(`update payouts set attempts = 1, updated_at = now() - interval '2 minutes' where id = $1`, [id]);
    await devPayoutProvider(db).send({ payoutId: id, amountKopecks: 3_000, account: '40817810099910004312', bic: '044525225', recipientName: 'x', inn: '500100732259' });
    // Within the claim timeout nobody touches it.
    await db.query(`update payouts set updated_at = now() where id = $1`, [id]);
    await worker(60_000).runOnce();
    expect((await payoutsOf(owner.profileId))[0]!.status).toBe('pending');
    await db.query(`update payouts set updated_at = now() - interval '2 minutes' where id = $1`, [id]);
    await worker(60_000).runOnce();
    const [payout] = await db.query<{ status: string; attempts: number }>('select status, attempts from payouts where id = $1', [id]);
    expect(payout).toEqual({ status: 'completed', attempts: 2 });
    expect(await db.query('select 1 from dev_payout_transfers where payout_id = $1', [id])).toHaveLength(1);
    await expectBooksBalance();
  });

  it('runs with the app once it listens, sending a withdrawal right after it is accepted; not before (QA III-6)', async () => {
    const live = await buildApp({ config: testConfig({ payoutPollSeconds: 3600 }), db, logger: false, payoutWorker: true });
    await live.ready();
    try {
      const owner = await makePerson(db, 'executor');
      await fund(owner.profileId, 5_000);
      const to = await requisite(owner.profileId);
      // Ready but not listening (a start whose port is taken stops here): nothing is sent.
      const early = await live.inject({ method: 'POST', url: '/api/balance/refund_virtual_account', headers: { ...owner.headers, 'idempotency-key': newKey() }, payload: { amount: 12, bankRequisiteId: to } });
      expect(early.statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 300));
      expect((await db.query<{ status: string }>('select status from payouts where id = $1', [early.json().data.id]))[0]!.status).toBe('pending');

      await live.listen({ port: 0, host: '127.0.0.1' });
      const res = await live.inject({ method: 'POST', url: '/api/balance/refund_virtual_account', headers: { ...owner.headers, 'idempotency-key': newKey() }, payload: { amount: 12, bankRequisiteId: to } });
      expect(res.statusCode).toBe(200);
      const id = res.json().data.id as number;
      const deadline = Date.now() + 5_000;
      let status = 'pending';
      while (status === 'pending' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
        status = (await db.query<{ status: string }>('select status from payouts where id = $1', [id]))[0]!.status;
      }
      expect(status).toBe('completed');
    } finally {
      await live.close();
    }
  });
});

describe('payout configuration', () => {
  it('defaults to the dev provider outside production and to none (payouts stay pending) in it', () => {
    expect(parsePayoutProvider(undefined, 'development')).toBe('dev');
    expect(parsePayoutProvider('', undefined)).toBe('dev');
    expect(parsePayoutProvider(undefined, 'production')).toBe('none');
    expect(() => parsePayoutProvider('dev', 'production')).toThrow(/PAYOUT_PROVIDER=dev/);
    expect(() => parsePayoutProvider('bank', 'development')).toThrow(/dev or none/);
    const config = loadConfig({ DATA_DIR: 'data-test', JWT_SECRET: 'x', PAYOUT_POLL_SECONDS: '0.5', PAYOUT_CLAIM_TIMEOUT_SECONDS: '30' });
    expect(config).toMatchObject({ payoutProvider: 'dev', payoutPollSeconds: 0.5, payoutClaimTimeoutSeconds: 30 });
    expect(() => loadConfig({ DATA_DIR: 'data-test', JWT_SECRET: 'x', PAYOUT_POLL_SECONDS: '0' })).toThrow(/PAYOUT_POLL_SECONDS/);
  });
});
