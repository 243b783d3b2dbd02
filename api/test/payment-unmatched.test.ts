/**
 * A bank payment that matches no open invoice (ARCHITECTURE §8 "Payment and money"): a sum other
 * than the invoice's (the customer repriced the application after downloading it), a second
 * payment of a paid application (the QR code and the PDF invoice both paid), a payment of an
 * application awaiting none. The money has reached the platform's account, so the webhook accepts
 * it (200, the bank stops retrying) and credits it to the customer profile's balance on the
 * ledger, in the same transaction, telling the customer what happened and where the money is.
 * Also: the notice of a failed payout names the profile whose money it was.
 */
import { BALANCE_CHANGED_EVENT } from 'shared/contract';
import { lifecycle } from '../src/modules/application/lifecycle';
import { payoutFailedMessage, payoutWorker } from '../src/modules/money/payout-worker';
import { moneyService } from '../src/modules/money/service';
import type { NotificationEmitter } from '../src/modules/notification/service';
import { creditedNotice, paymentService } from '../src/modules/payment/service';
import { signWebhook } from '../src/modules/payment/webhook';
import { DEV_PAYOUT_REFUSAL, devPayoutProvider } from '../src/providers/payout';
import { caller, completeFields, makePerson, type Person } from './deal-helpers';
import { setupTestApp, type TestContext } from './helpers';
import { inProfileRoom, listenOnLoopback, socketClients } from './socket-helpers';

const SECRET = 'test-payment-webhook-secret';
const NBSP = '\u00a0';
const PAID_AT = '2026-11-23T10:00:00Z';

let ctx: TestContext;
let api: ReturnType<typeof caller>;
beforeAll(async () => {
  ctx = await setupTestApp();
  api = caller(ctx.app);
});
afterAll(() => ctx.close());

/** An application with a named executor: its invoice of `price` roubles awaits payment. */
async function awaitingPayment(price: number, type: 'customer' | 'organization' = 'customer') {
  const customer = await makePerson(ctx.db, type);
  const executor = await makePerson(ctx.db, 'executor');
  const { body } = await api.post(customer, 'application/create', await completeFields(ctx.db, { price }));
  const reply = await api.post(executor, 'application/reply/send', { id: body.data.id, comment: 'Беру' });
  await api.post(customer, 'application/named/executor', { id: body.data.id, replyId: reply.body.data.id });
  const [row] = await ctx.db.query<{ number: number }>('select number from applications where id = $1', [body.data.id]);
  return { id: body.data.id as number, number: row!.number, customer, executor };
}

function webhook(payload: { operationId: string; applicationId: number; amount: number }) {
  const raw = JSON.stringify({ ...payload, paidAt: PAID_AT });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/payment/webhook',
    headers: { 'content-type': 'application/json', 'x-signature': signWebhook(raw, SECRET) },
    payload: raw,
  });
}

async function sumOf(account: string): Promise<number> {
  const [row] = await ctx.db.query<{ n: string }>('select coalesce(sum(amount_kopecks), 0)::text as n from ledger_entries where account = $1', [account]);
  return Number(row!.n);
}
const balanceOf = (p: Person) => sumOf(`profile:${p.profileId}`);
const escrowOf = (id: number) => sumOf(`escrow:application:${id}`);

/** Every transaction adds up to zero, and so does the whole ledger (the platform's entries against the rest). */
async function expectLedgerBalanced() {
  const [total] = await ctx.db.query<{ n: string }>('select coalesce(sum(amount_kopecks), 0)::text as n from ledger_entries');
  expect(Number(total!.n)).toBe(0);
  expect(await ctx.db.query('select transaction_id from ledger_entries group by transaction_id having sum(amount_kopecks) <> 0')).toEqual([]);
}

const noticesOf = (p: Person) =>
  ctx.db.query<{ message: string; profileId: number | null; applicationId: number | null }>(
    'select message, profile_id as "profileId", application_id as "applicationId" from notifications where user_id = $1 order by id',
    [p.userId],
  );

async function historyOf(p: Person) {
  const res = await api.get(p, 'balance/history/get-collection', {});
  expect(res.status).toBe(200);
  return res.body.data.items as Array<{ kind: string; title: string; amountKopecks: number; informational: boolean; applicationNumber: number | null }>;
}

describe('a payment of another sum than the invoice’s', () => {
  it('is accepted onto the customer’s balance, told to the customer, and shown in the balance history', async () => {
    // The customer downloaded the 1 000 ₽ invoice, raised the price to 1 200 ₽, then paid the old invoice.
    const { id, number, customer, executor } = await awaitingPayment(1000);
    expect((await api.post(customer, 'application/update/price', { id, price: 1200 })).status).toBe(200);
    const before = await noticesOf(customer);

    const res = await webhook({ operationId: `old-invoice-${id}`, applicationId: id, amount: 1000 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { accepted: true }, message: 'Сумма платежа не совпадает со счётом: деньги зачислены на баланс заказчика' });

    expect(await balanceOf(customer)).toBe(100_000);
    expect(await escrowOf(id)).toBe(0);
    await expectLedgerBalanced();
    const view = (await api.get(customer, 'application/get', { id })).body.data;
    expect(view.payment.status).toBe('awaiting');

    const message = `Платёж 1${NBSP}000${NBSP}₽ по заявке № ${number} не совпал с суммой счёта: деньги зачислены на ваш баланс`;
    expect(creditedNotice(number, 100_000, 'wrong_amount')).toBe(message);
    expect((await noticesOf(customer)).slice(before.length)).toEqual([{ message, profileId: customer.profileId, applicationId: id }]);
    expect((await noticesOf(executor)).map((n) => n.message)).not.toContainEqual(expect.stringContaining('баланс'));

    const [line] = await historyOf(customer);
    expect(line).toMatchObject({
      kind: 'refund',
      title: `Платёж по заявке № ${number} зачислен на баланс: сумма не совпала со счётом`,
      amountKopecks: 100_000,
      informational: false,
      applicationNumber: number,
    });

    // The invoice still awaits its 1 200 ₽, paid the usual way.
    const paid = await webhook({ operationId: `new-invoice-${id}`, applicationId: id, amount: 1200 });
    expect(paid.json()).toEqual({ data: { accepted: true } });
    expect(await escrowOf(id)).toBe(120_000);
    expect(await balanceOf(customer)).toBe(100_000);
    await expectLedgerBalanced();
  });

  it('says the kopecks of a sum that has some', async () => {
    const { id, number, customer } = await awaitingPayment(1000);
    expect((await webhook({ operationId: `kopecks-${id}`, applicationId: id, amount: 999.5 })).statusCode).toBe(200);
    expect(await balanceOf(customer)).toBe(99_950);
    const [notice] = (await noticesOf(customer)).slice(-1);
    expect(notice!.message).toBe(`Платёж 999,50${NBSP}₽ по заявке № ${number} не совпал с суммой счёта: деньги зачислены на ваш баланс`);
  });
});

describe('the customer told of a payment credited to the balance', () => {
  const connect = socketClients();

  it('leads to /lk/money, and every open tab of the profile (an organisation’s members too) re-reads the balance live, once', async () => {
    // An organisation's application: its director and an employee see its balance; a stranger not.
    const { id, number, customer: director } = await awaitingPayment(1000, 'organization');
    const employee = await makePerson(ctx.db, 'customer', 'Сотрудник Заказчика');
    await ctx.db.query('insert into organization_members (organization_id, user_id, director) values ($1, $2, false)', [director.profileId, employee.userId]);
    const stranger = await makePerson(ctx.db, 'customer', 'Посторонний');
    const url = await listenOnLoopback(ctx.app);
    const tab = async (who: Person) => {
      const socket = await connect(url, who.headers.authorization!.replace('Bearer ', ''));
      const heard: Array<{ event: string; payload: any }> = [];
      socket.on('notification', (payload: unknown) => heard.push({ event: 'notification', payload }));
      socket.on(BALANCE_CHANGED_EVENT, (payload: unknown) => heard.push({ event: BALANCE_CHANGED_EVENT, payload }));
      return heard;
    };
    const [directorTab, employeeTab, strangerTab] = [await tab(director), await tab(employee), await tab(stranger)];
    await inProfileRoom(ctx.app, director.profileId, 2);

    const res = await webhook({ operationId: `live-${id}`, applicationId: id, amount: 900 });
    expect(res.statusCode).toBe(200);
    expect(await balanceOf(director)).toBe(90_000);
    const heardBoth = (t: Array<{ event: string }>) => t.some((e) => e.event === 'notification') && t.some((e) => e.event === BALANCE_CHANGED_EVENT);
    for (let i = 0; i < 60 && !(heardBoth(directorTab) && heardBoth(employeeTab)); i++) await new Promise((r) => setTimeout(r, 50));

    const message = creditedNotice(number, 90_000, 'wrong_amount');
    const notice = { message, link: '/lk/money', profileId: director.profileId, applicationId: id };
    for (const heard of [directorTab, employeeTab]) {
      // The director's tab is in the profile's room once: one balance event, one notice each.
      expect(heard).toEqual([
        { event: 'notification', payload: expect.objectContaining(notice) },
        { event: BALANCE_CHANGED_EVENT, payload: { profileId: director.profileId } },
      ]);
    }
    const listed = (await api.get(employee, 'notification/get-collection', {})).body.data.items;
    expect(listed.find((n: { message: string }) => n.message === message)).toMatchObject(notice);

    // A replay of the operation moves nothing and tells nobody again.
    expect((await webhook({ operationId: `live-${id}`, applicationId: id, amount: 900 })).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    expect([directorTab.length, employeeTab.length, strangerTab.length]).toEqual([2, 2, 0]);
  });
});

describe('a second payment of a paid application', () => {
  it('keeps the first held and credits the second to the customer’s balance; replays change nothing', async () => {
    const { id, number, customer } = await awaitingPayment(1200);
    const qr = { operationId: `qr-${id}`, applicationId: id, amount: 1200 };
    const pdf = { operationId: `pdf-${id}`, applicationId: id, amount: 1200 };
    expect((await webhook(qr)).json()).toEqual({ data: { accepted: true } });
    expect(await escrowOf(id)).toBe(120_000);

    const second = await webhook(pdf);
    expect(second.statusCode).toBe(200);
    const answer = { data: { accepted: true }, message: 'Заявка уже оплачена: платёж зачислен на баланс заказчика' };
    expect(second.json()).toEqual(answer);
    expect(await escrowOf(id)).toBe(120_000);
    expect(await balanceOf(customer)).toBe(120_000);
    await expectLedgerBalanced();

    const message = `Заявка № ${number} уже оплачена: повторный платёж 1${NBSP}200${NBSP}₽ зачислен на ваш баланс`;
    const told = () => noticesOf(customer).then((rows) => rows.filter((n) => n.message === message));
    expect(await told()).toEqual([{ message, profileId: customer.profileId, applicationId: id }]);
    const [line] = await historyOf(customer);
    expect(line).toMatchObject({ kind: 'refund', title: `Повторный платёж по заявке № ${number} зачислен на баланс: заявка уже оплачена`, amountKopecks: 120_000 });

    // The bank delivers the second operation again, three times at once: answered as the first time, credited once, told once.
    const replays = await Promise.all([webhook(pdf), webhook(pdf), webhook(pdf)]);
    expect(replays.map((r) => [r.statusCode, r.json()])).toEqual(Array(3).fill([200, answer]));
    expect(await balanceOf(customer)).toBe(120_000);
    expect(await escrowOf(id)).toBe(120_000);
    expect(await told()).toHaveLength(1);
    const [ops] = await ctx.db.query<{ n: number }>('select count(*)::int as n from ledger_transactions where operation_key = $1', [`payment:pdf-${id}`]);
    expect(ops!.n).toBe(1);
    // The first operation's replay is still the held payment's.
    expect((await webhook(qr)).json()).toEqual({ data: { accepted: true } });
    // One operation id with another sum is not the same operation.
    const reused = await webhook({ ...pdf, amount: 1300 });
    expect({ status: reused.statusCode, code: reused.json().code }).toEqual({ status: 409, code: 'operation_reused' });
    expect(await balanceOf(customer)).toBe(120_000);
    await expectLedgerBalanced();
  });
});

describe('a payment of an application awaiting none', () => {
  it('is credited to the customer’s balance, and the application, named by the ledger now, is not deleted', async () => {
    const customer = await makePerson(ctx.db, 'customer');
    const { body } = await api.post(customer, 'application/create', await completeFields(ctx.db, { price: 500 }));
    const id = body.data.id as number;
    const [row] = await ctx.db.query<{ number: number }>('select number from applications where id = $1', [id]);

    const res = await webhook({ operationId: `early-${id}`, applicationId: id, amount: 500 });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Заявка не ожидает оплаты: платёж зачислен на баланс заказчика');
    expect(await balanceOf(customer)).toBe(50_000);
    const [notice] = (await noticesOf(customer)).slice(-1);
    expect(notice).toEqual({ message: `Заявка № ${row!.number} не ожидает оплаты: платёж 500${NBSP}₽ зачислен на ваш баланс`, profileId: customer.profileId, applicationId: id });
    expect((await historyOf(customer))[0]!.title).toBe(`Платёж по заявке № ${row!.number} зачислен на баланс: заявка не ожидала оплаты`);

    const deleted = await api.call(customer, 'DELETE', 'application/delete', { id });
    expect({ status: deleted.status, message: deleted.body.message }).toEqual({ status: 409, message: 'Заявку с оплатой нельзя удалить: снимите её с публикации' });
    await expectLedgerBalanced();
  });
});

describe('the exact payment', () => {
  it('is held in escrow as before, nothing on the balance', async () => {
    const { id, number, customer, executor } = await awaitingPayment(2500.5);
    const res = await webhook({ operationId: `exact-${id}`, applicationId: id, amount: 2500.5 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { accepted: true } });
    expect(await escrowOf(id)).toBe(250_050);
    expect(await balanceOf(customer)).toBe(0);
    expect((await api.get(customer, 'application/get', { id })).body.data.payment).toEqual({ status: 'held', amount: 2500.5, fee: 0 });
    expect((await noticesOf(customer)).slice(-1)).toEqual([{ message: `Заявка № ${number}: оплата получена`, profileId: customer.profileId, applicationId: id }]);
    expect((await noticesOf(executor)).slice(-1)[0]!.message).toBe(`Заявка № ${number} оплачена, можно начинать работу`);
    expect((await historyOf(customer)).map((l) => [l.kind, l.informational])).toEqual([['hold', true]]);
    await expectLedgerBalanced();
  });

  it('through the service answers as before: `{ replayed }` alone', async () => {
    const { id } = await awaitingPayment(300);
    const money = moneyService({ db: ctx.db, feePercent: 0 });
    const payments = paymentService({ db: ctx.db, money, lifecycle: lifecycle({ db: ctx.db, now: () => new Date() }) });
    expect(await payments.receive({ applicationId: id, amountKopecks: 30_000, operationId: `svc-${id}` })).toEqual({ replayed: false });
    expect(await payments.receive({ applicationId: id, amountKopecks: 30_000, operationId: `svc-${id}` })).toEqual({ replayed: true });
    expect(await payments.receive({ applicationId: id, amountKopecks: 30_000, operationId: `svc-${id}-2` })).toEqual({ replayed: false, credited: 'already_paid' });
    expect(await payments.receive({ applicationId: id, amountKopecks: 30_000, operationId: `svc-${id}-2` })).toEqual({ replayed: true, credited: 'already_paid' });
  });
});

describe('a failed payout’s notification', () => {
  it('names the profile whose money came back, so the bell opens /lk/money as that profile', async () => {
    // An organisation's director: the payout is the organisation's, not his own profile's.
    const director = await makePerson(ctx.db, 'organization');
    const money = moneyService({ db: ctx.db, feePercent: 0 });
    const [seeded] = await ctx.db.query<{ id: number; customer: number }>(
      "select id, customer_profile_id as customer from applications where payment_status = 'none' and customer_profile_id <> $1 order by id desc limit 1",
      [director.profileId],
    );
    await money.recordPayment({ applicationId: seeded!.id, customerProfileId: seeded!.customer, amountKopecks: 5_000, operationId: `fund-unmatched-${seeded!.id}` });
    await money.release({ applicationId: seeded!.id, executorProfileId: director.profileId });
    const [requisite] = await ctx.db.query<{ id: number }>(
      `insert into bank_requisites (profile_id, recipient_name, inn, bic, correspondent_account, account, currency_id, bank_name)
       select $1, 'ООО Тест', '7707083893', '044525225', '30101810400000000225', '40702810099910004312', id, 'ПАО Сбербанк'
       from currencies where code = 'RUB' returning id`,
      [director.profileId],
    );
    const withdrawal = await ctx.app.inject({
      method: 'POST',
      url: '/api/balance/refund_virtual_account',
      headers: { ...director.headers, 'idempotency-key': `unmatched-payout-${director.profileId}` },
      // 13 kopecks: the development provider refuses it.
      payload: { amount: 10.13, bankRequisiteId: requisite!.id },
    });
    expect(withdrawal.statusCode).toBe(200);

    const emitted: Array<{ room: string; event: string; payload: any }> = [];
    const io = { to: (room: string) => ({ emit: (event: string, payload: unknown) => emitted.push({ room, event, payload }) }) } as unknown as NotificationEmitter;
    const silent = { info() {}, warn() {}, error() {} };
    const worker = payoutWorker({ db: ctx.db, money, provider: devPayoutProvider(ctx.db), log: silent, io, pollMs: 60_000, claimTimeoutMs: 60_000 });
    expect((await worker.runOnce()).failed).toBeGreaterThanOrEqual(1);
    expect(await balanceOf(director)).toBe(5_000);

    const message = payoutFailedMessage(1_013, DEV_PAYOUT_REFUSAL);
    const rows = await ctx.db.query<{ profileId: number | null; link: string | null }>(
      'select profile_id as "profileId", link from notifications where user_id = $1 and message = $2',
      [director.userId, message],
    );
    expect(rows).toEqual([{ profileId: director.profileId, link: '/lk/money' }]);
    const listed = (await api.get(director, 'notification/get-collection', {})).body.data.items;
    expect(listed.find((n: { message: string }) => n.message === message)).toMatchObject({ profileId: director.profileId, link: '/lk/money' });
    expect(emitted).toContainEqual({ room: `user:${director.userId}`, event: 'notification', payload: expect.objectContaining({ message, profileId: director.profileId }) });
    expect(emitted).toContainEqual({ room: `profile:${director.profileId}`, event: BALANCE_CHANGED_EVENT, payload: { profileId: director.profileId } });
  });
});
