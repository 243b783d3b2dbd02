import { allCalls, devPaymentPay, paymentWebhook, paymentWebhookBodySchema, plannedCalls } from 'shared/contract';
import { signWebhook, verifyWebhookSignature } from '../src/modules/payment/webhook';
import { caller, completeFields, makePerson } from './deal-helpers';
import { setupTestApp, type TestContext } from './helpers';

const secret = 'whsec-test';
const body = JSON.stringify({ operationId: 'op-1', applicationId: 7, amount: 1234.5, paidAt: '2026-11-23T10:00:00Z' });

describe('webhook signature', () => {
  it('is the hex HMAC-SHA256 of the raw body (RFC 4231, test case 2)', () => {
    expect(signWebhook('what do ya want for nothing?', 'Jefe')).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
  });

  it('accepts the right signature over the same bytes, as a string or a Buffer, in either case of hex', () => {
    const signature = signWebhook(body, secret);
    expect(verifyWebhookSignature(body, signature, secret)).toBe(true);
    expect(verifyWebhookSignature(Buffer.from(body), signature, secret)).toBe(true);
    expect(verifyWebhookSignature(body, signature.toUpperCase(), secret)).toBe(true);
    expect(signWebhook(Buffer.from(body), secret)).toBe(signature);
  });

  it('refuses a changed body, another secret, or the same JSON re-serialised', () => {
    const signature = signWebhook(body, secret);
    expect(verifyWebhookSignature(body.replace('1234.5', '12345'), signature, secret)).toBe(false);
    expect(verifyWebhookSignature(body, signature, 'other')).toBe(false);
    expect(verifyWebhookSignature(JSON.stringify(JSON.parse(body), null, 1), signature, secret)).toBe(false);
  });

  it.each([
    ['no header', undefined],
    ['an empty header', ''],
    ['a short signature', signWebhook(body, secret).slice(0, 62)],
    ['a long signature', `${signWebhook(body, secret)}00`],
    ['non-hex of the right length', 'z'.repeat(64)],
    ['a prefixed signature', `sha256=${signWebhook(body, secret)}`],
  ])('refuses %s', (_name, header) => {
    expect(verifyWebhookSignature(body, header, secret)).toBe(false);
  });

  it('refuses everything when no secret is configured', () => {
    expect(verifyWebhookSignature(body, signWebhook(body, ''), '')).toBe(false);
  });
});

describe('webhook body (contract)', () => {
  const valid = { operationId: 'a1b2-c3d4:5/6_7.8', applicationId: 7, amount: 1234.5, paidAt: '2026-11-23T10:00:00+03:00' };

  it('accepts the bank’s notification', () => {
    expect(paymentWebhookBodySchema.parse(valid)).toEqual(valid);
    expect(paymentWebhookBodySchema.safeParse({ ...valid, amount: 0.01, paidAt: '2026-11-23T07:00:00.123Z' }).success).toBe(true);
  });

  it.each([
    ['an empty operation id', { operationId: '' }],
    ['an operation id with spaces', { operationId: 'op 1' }],
    ['an operation id with control characters', { operationId: 'op\u0000' }],
    ['an operation id over 100 characters', { operationId: 'x'.repeat(101) }],
    ['a zero amount', { amount: 0 }],
    ['a negative amount', { amount: -1 }],
    ['a fraction of a kopeck', { amount: 10.001 }],
    ['an amount as a string', { amount: '10' }],
    ['a non-integer application id', { applicationId: 1.5 }],
    ['an application id beyond int4', { applicationId: 2 ** 31 }],
    ['a date without time', { paidAt: '2026-11-23' }],
    ['a timestamp that is not ISO', { paidAt: '23.11.2026 10:00' }],
  ])('refuses %s with a Russian message', (_name, change) => {
    const result = paymentWebhookBodySchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/[а-яё]/i);
  });

  it('describes the two calls in the contract the API routes', () => {
    expect(paymentWebhook).toMatchObject({ method: 'POST', path: 'payment/webhook', auth: 'none' });
    expect(devPaymentPay).toMatchObject({ method: 'POST', path: 'dev/payment/pay', auth: 'required' });
    expect(allCalls).toEqual(expect.arrayContaining([paymentWebhook, devPaymentPay]));
    expect(plannedCalls).not.toContain(paymentWebhook);
    expect(paymentWebhook.data.parse({ accepted: true })).toEqual({ accepted: true });
    expect(devPaymentPay.body?.safeParse({ id: 0 }).success).toBe(false);
  });
});

describe('payment/webhook and dev/payment/pay over HTTP', () => {
  let ctx: TestContext;
  let api: ReturnType<typeof caller>;
  const secret = 'test-payment-webhook-secret';
  beforeAll(async () => {
    ctx = await setupTestApp();
    api = caller(ctx.app);
  });
  afterAll(() => ctx.close());

  async function awaitingPayment(price = 2500.5) {
    const customer = await makePerson(ctx.db, 'customer');
    const executor = await makePerson(ctx.db, 'executor');
    const { body } = await api.post(customer, 'application/create', await completeFields(ctx.db, { price }));
    const reply = await api.post(executor, 'application/reply/send', { id: body.data.id, comment: 'Беру' });
    await api.post(customer, 'application/named/executor', { id: body.data.id, replyId: reply.body.data.id });
    return { id: body.data.id as number, customer, executor };
  }
  const webhook = (payload: Record<string, unknown>, signature?: string) => {
    const raw = JSON.stringify(payload);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { 'content-type': 'application/json', 'x-signature': signature ?? signWebhook(raw, secret) },
      payload: raw,
    });
  };
  const sumOf = async (account: string) => {
    const [row] = await ctx.db.query<{ n: string }>(`select coalesce(sum(amount_kopecks), 0)::text as n from ledger_entries where account = $1`, [account]);
    return Number(row!.n);
  };
  const escrow = (id: number) => sumOf(`escrow:application:${id}`);

  it('holds the money once per operationId, signed by the bank only', async () => {
    const { id, customer } = await awaitingPayment();
    const body = { operationId: `bank-${id}`, applicationId: id, amount: 2500.5, paidAt: '2026-11-23T10:00:00Z' };
    const forged = await webhook(body, signWebhook(JSON.stringify(body), 'not-the-secret'));
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe('Неверная подпись уведомления');
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/payment/webhook', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
    expect(missing.statusCode).toBe(401);
    // The signature is checked before the body: an unsigned caller learns nothing of its fields (QA Y).
    const probing = await webhook({ amount: 'a' }, 'f'.repeat(64));
    expect({ status: probing.statusCode, body: probing.json() }).toEqual({ status: 401, body: { message: 'Неверная подпись уведомления', code: 'bad_signature' } });
    expect(await escrow(id)).toBe(0);
    // Signed rightly, but not sent as JSON: the type is named, not the signature (QA AAQ-8).
    for (const type of ['text/plain', 'text/plain; charset=utf-8']) {
      const raw = JSON.stringify(body);
      const plain = await ctx.app.inject({ method: 'POST', url: '/api/payment/webhook', headers: { 'content-type': type, 'x-signature': signWebhook(raw, secret) }, payload: raw });
      expect([type, plain.statusCode, plain.json()]).toEqual([type, 415, { message: 'Неподдерживаемый тип данных: отправьте JSON', code: 'unsupported_media_type' }]);
    }
    expect(await escrow(id)).toBe(0);

    const answers = await Promise.all([webhook(body), webhook(body), webhook(body)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(await escrow(id)).toBe(250_050);
    const view = await api.get(customer, 'application/get', { id });
    expect(view.body.data.payment).toEqual({ status: 'held', amount: 2500.5, fee: 0 });

    // The same operation and sum for another application is no replay: a 409 someone looks at,
    // not a 200 that loses that application's payment (QA OO-12).
    const other = await awaitingPayment();
    const misrouted = await webhook({ ...body, applicationId: other.id });
    expect([misrouted.statusCode, misrouted.json().code]).toEqual([409, 'operation_reused']);
    expect(await escrow(other.id)).toBe(0);

    // Another operation for the paid invoice is money that arrived all the same: accepted (it was
    // a 409, and lost) and kept on the customer's balance, the held sum untouched.
    const second = await webhook({ ...body, operationId: `bank-${id}-again` });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ data: { accepted: true }, message: 'Заявка уже оплачена: платёж зачислен на баланс заказчика' });
    expect(await escrow(id)).toBe(250_050);
    expect(await sumOf(`profile:${customer.profileId}`)).toBe(250_050);
  });

  it('accepts an amount other than the invoice’s onto the customer’s balance, holding nothing', async () => {
    const { id, customer } = await awaitingPayment(100);
    const res = await webhook({ operationId: `short-${id}`, applicationId: id, amount: 99.99, paidAt: '2026-11-23T10:00:00Z' });
    // It was a 422 and the money left no trace.
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { accepted: true }, message: 'Сумма платежа не совпадает со счётом: деньги зачислены на баланс заказчика' });
    expect(await escrow(id)).toBe(0);
    expect(await sumOf(`profile:${customer.profileId}`)).toBe(9_999);
    expect((await api.get(customer, 'application/get', { id })).body.data.payment.status).toBe('awaiting');
  });

  it('dev/payment/pay pays as the bank would, for the customer only', async () => {
    const { id, customer, executor } = await awaitingPayment(700);
    expect((await api.post(executor, 'dev/payment/pay', { id })).status).toBe(403);
    const paid = await api.post(customer, 'dev/payment/pay', { id });
    expect(paid.status).toBe(200);
    expect(paid.body.data).toEqual({ status: 'held', amount: 700 });
    expect((await api.post(customer, 'dev/payment/pay', { id })).status).toBe(409);
    expect(await escrow(id)).toBe(70_000);
    expect((await api.post(executor, 'application/start-working/executor', { id })).body.data.status).toBe('in_work');
  });

  it('serves the invoice PDF and the QR PNG to the customer as attachments, to nobody else', async () => {
    const { id, customer, executor } = await awaitingPayment(1234.5);
    const get = (who: { headers: Record<string, string> } | null, path: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/application/${path}?id=${id}`, headers: who?.headers ?? {} });
    const pdf = await get(customer, 'payment-invoices/download');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename\*=UTF-8''/);
    expect(pdf.headers['x-content-type-options']).toBe('nosniff');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const png = await get(customer, 'spb-qr/download');
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect((await get(executor, 'payment-invoices/download')).statusCode).toBe(403);
    expect((await get(null, 'spb-qr/download')).statusCode).toBe(401);

    // Paid: the invoice stays (the record of what was paid); the QR code would only pay twice.
    expect((await webhook({ operationId: `qr-${id}`, applicationId: id, amount: 1234.5, paidAt: '2026-11-23T10:00:00Z' })).statusCode).toBe(200);
    expect((await get(customer, 'payment-invoices/download')).statusCode).toBe(200);
    const paidQr = await get(customer, 'spb-qr/download');
    expect({ status: paidQr.statusCode, message: paidQr.json().message }).toEqual({ status: 409, message: 'Заявка уже оплачена' });
  });

  it('dates the invoice the day it was issued (the executor named), so every download is the same document', async () => {
    const { id, customer } = await awaitingPayment(990);
    const [issued] = await ctx.db.query<{ at: Date | string }>('select invoice_issued_at as at from applications where id = $1', [id]);
    const [named] = await ctx.db.query<{ at: Date | string }>(`select created_at as at from application_history where application_id = $1 and to_status = 'executor_named'`, [id]);
    expect(new Date(issued!.at).getTime()).toBe(new Date(named!.at).getTime());
    await ctx.db.query(`update applications set invoice_issued_at = '2026-11-20T09:30:00Z' where id = $1`, [id]);
    const get = () => ctx.app.inject({ method: 'GET', url: `/api/application/payment-invoices/download?id=${id}`, headers: customer.headers });
    const first = await get();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const second = await get();
    // PDFKit writes the date into the document's info (D:YYYYMMDDHHmmSS), in the clear.
    expect(first.rawPayload.toString('latin1')).toContain('D:20261120093000');
    expect(Buffer.compare(first.rawPayload, second.rawPayload)).toBe(0);
  });
});
