import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { MAX_FILE_BYTES, SIGNING_TERMS_VERSION } from 'shared/contract';
import { buildApp } from '../src/app';
import { sql as pastDocumentsSql } from '../src/db/migrations/040-past-documents';
import { testConfig } from '../src/config';
import type { Db } from '../src/db';
import { documentsService } from '../src/modules/application/documents-service';
import { lifecycle } from '../src/modules/application/lifecycle';
import type { SmsCodes } from '../src/modules/auth/codes/service';
import { loadCaller } from '../src/policy/caller';
import { localFileStorage } from '../src/providers/storage';
import { moneyService } from '../src/modules/money/service';
import { paymentService } from '../src/modules/payment/service';
import { caller, completeFields, makePerson, type Person } from './deal-helpers';
import { samples } from './fixtures/file-samples';
import { openTestDb } from './helpers';

/** The clock of the app: SMS codes may be resent only after 60 s, so each send moves it on. */
let clock = Date.now();
let db: Db;
let app: FastifyInstance;
let closeDb: () => Promise<void>;
let filesDir: string;
let api: ReturnType<typeof caller>;
let pay: (applicationId: number, kopecks: number) => Promise<unknown>;

beforeAll(async () => {
  const opened = await openTestDb();
  db = opened.db;
  closeDb = opened.close;
  filesDir = await mkdtemp(path.join(tmpdir(), 'application-documents-'));
  const plenty = { max: 100_000, windowSeconds: 60 };
  app = await buildApp({
    config: testConfig({ filesDir }),
    db,
    logger: false,
    now: () => clock,
    auth: { limits: { smsPerIp: plenty, smsPerPhone: plenty, smsGlobal: plenty } },
  });
  api = caller(app);
  const money = moneyService({ db, feePercent: 0 });
  const payments = paymentService({ db, money, lifecycle: lifecycle({ db, now: () => new Date(clock) }) });
  pay = (applicationId, kopecks) => payments.receive({ applicationId, amountKopecks: kopecks, operationId: `op-doc-${applicationId}` });
});
afterAll(async () => {
  await app.close();
  await closeDb();
  await rm(filesDir, { recursive: true, force: true });
});

const BOUNDARY = '----application-documents-test';
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A multipart body as a browser's FormData sends it: the text fields, then the file, streamed. */
function multipart(fields: Record<string, string>, file?: { name: string; chunks: Iterable<Buffer> }): Readable {
  return Readable.from(
    (function* () {
      for (const [name, value] of Object.entries(fields)) {
        yield Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
      }
      if (file) {
        yield Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/pdf\r\n\r\n`);
        yield* file.chunks;
        yield Buffer.from('\r\n');
      }
      yield Buffer.from(`--${BOUNDARY}--\r\n`);
    })(),
  );
}

async function upload(who: Person | null, call: string, fields: Record<string, string>, name = 'Договор.pdf', bytes: Buffer | Iterable<Buffer> = samples.pdf) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/application/${call}/upload`,
    headers: { ...(who?.headers ?? {}), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: multipart(fields, { name, chunks: Buffer.isBuffer(bytes) ? [bytes] : bytes }),
  });
  return { status: res.statusCode, body: res.json() };
}

const download = (who: Person | null, call: string, id: number) =>
  app.inject({ method: 'GET', url: `/api/application/${call}/download?id=${id}`, headers: who?.headers ?? {} });

/** Every file the storage holds, as relative paths. */
async function storedFiles(): Promise<string[]> {
  const entries = await readdir(filesDir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(filesDir, path.join(e.parentPath, e.name))).sort();
}

async function lastCode(phone: string): Promise<string> {
  const [sms] = await db.query<{ code: string }>('select code from dev_sms_messages where phone = $1 order by id desc limit 1', [phone]);
  return sms!.code;
}

/** Asks for a code (the clock moves past the resend interval first) and answers it from the dev inbox. */
async function codeFor(who: Person, segment: string, id: number): Promise<string> {
  clock += 61_000;
  const sent = await api.post(who, `application/${segment}/send/sms`, { id });
  expect(sent.status).toBe(200);
  expect(sent.body).toMatchObject({ data: { codeReceived: Math.floor(clock / 1000) }, message: 'Код отправлен' });
  return lastCode(who.phone);
}

async function sign(who: Person, segment: string, id: number, headers: Record<string, string> = {}) {
  const code = await codeFor(who, segment, id);
  const res = await app.inject({ method: 'POST', url: `/api/application/${segment}/sign`, headers: { ...who.headers, ...headers }, payload: { id, code } });
  return { status: res.statusCode, body: res.json() };
}

const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

async function published(customer: Person) {
  const res = await api.post(customer, 'application/create', await completeFields(db, { price: 10000 }));
  expect(res.status).toBe(200);
  return { id: res.body.data.id as number, number: res.body.data.number as number };
}

async function named(customer: Person, executor: Person) {
  const app = await published(customer);
  const reply = await api.post(executor, 'application/reply/send', { id: app.id, comment: 'Возьмусь' });
  expect(reply.status).toBe(200);
  expect((await api.post(customer, 'application/named/executor', { id: app.id, replyId: reply.body.data.id })).status).toBe(200);
  return app;
}

async function deal() {
  const customer = await makePerson(db, 'customer');
  const executor = await makePerson(db, 'executor');
  const application = await named(customer, executor);
  return { customer, executor, ...application };
}

const notificationsOf = async (person: Person) =>
  (await db.query<{ message: string }>('select message from notifications where user_id = $1 order by id', [person.userId])).map((n) => n.message);

const view = async (who: Person, id: number) => (await api.get(who, 'application/get', { id })).body.data;

describe('contract upload', () => {
  it('is the customer’s once an executor is named: 409 before, 403 for the executor, 401 for a guest', async () => {
    const customer = await makePerson(db, 'customer');
    const executor = await makePerson(db, 'executor');
    const early = await published(customer);
    const before = await storedFiles();
    const tooEarly = await upload(customer, 'contract', { id: String(early.id) });
    expect(tooEarly.status).toBe(409);
    expect(tooEarly.body).toMatchObject({ code: 'conflict', message: expect.stringMatching(/[а-я]/) });
    expect(await storedFiles()).toEqual(before);

    const reply = await api.post(executor, 'application/reply/send', { id: early.id, comment: 'Возьмусь' });
    await api.post(customer, 'application/named/executor', { id: early.id, replyId: reply.body.data.id });
    expect((await upload(executor, 'contract', { id: String(early.id) })).status).toBe(403);
    expect((await upload(null, 'contract', { id: String(early.id) })).status).toBe(401);
    expect(await storedFiles()).toEqual(before);

    const ok = await upload(customer, 'contract', { id: String(early.id) });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({
      data: { id: expect.any(Number), name: 'Договор.pdf', sizeBytes: samples.pdf.length, sha256: sha256(samples.pdf), uploadedAt: expect.any(String), signatures: [] },
      message: 'Договор загружен',
    });
    expect((await view(customer, early.id)).contract).toEqual(ok.body.data);
    expect(await notificationsOf(executor)).toContain(`Заказчик загрузил договор по заявке № ${early.number}`);
    const [row] = await db.query<{ storage_key: string }>('select storage_key from signed_documents where id = $1', [ok.body.data.id]);
    expect(row!.storage_key).toMatch(/^applications\/[0-9a-f-]{36}$/);
    expect(await storedFiles()).toEqual([...before, row!.storage_key].sort());
  });

  it('answers 422 naming the field when the application id is missing, and stores nothing', async () => {
    const { customer } = await deal();
    const before = await storedFiles();
    const res = await upload(customer, 'contract', {});
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ id: 'Укажите заявку' });
    expect(await storedFiles()).toEqual(before);
  });

  it('delete marks the current version and starting then needs the payment only', async () => {
    const { customer, executor, id } = await deal();
    const uploaded = await upload(customer, 'contract', { id: String(id) });
    expect((await api.post(executor, 'application/contract/delete', { id })).status).toBe(403);
    const removed = await api.post(customer, 'application/contract/delete', { id });
    expect(removed.body).toEqual({ data: { id: uploaded.body.data.id }, message: 'Договор удалён' });
    expect((await view(customer, id)).contract).toBeNull();
    expect((await api.post(customer, 'application/contract/delete', { id })).status).toBe(409);
    await pay(id, 1_000_000);
    expect((await api.post(executor, 'application/start-working/executor', { id })).body.data.status).toBe('in_work');
  });
});

describe('signing the contract', () => {
  it('the price a contract agreed is fixed once either side signs it; a new contract frees it, and the executor hears of a change', async () => {
    const { customer, executor, id, number } = await deal();
    // Named at 10 000 ₽, the customer may raise it alone (not lower it: below).
    expect((await api.post(customer, 'application/update/price', { id, price: 12000.1 })).status).toBe(200);
    // Written as the pages write money (shared's formatMoney): kopecks only when there are some.
    expect(await notificationsOf(executor)).toContain(`Заказчик изменил цену заявки № ${number}: 12\u00a0000,10\u00a0₽`);
    await upload(customer, 'contract', { id: String(id) });
    expect((await sign(customer, 'contract', id)).status).toBe(200);

    const refused = await api.post(customer, 'application/update/price', { id, price: 100 });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Договор уже подписан: цену можно изменить, загрузив новый договор');
    expect((await view(customer, id)).allowedActions).not.toContain('application/update/price');
    expect((await view(customer, id)).price).toBe(12000.1);

    // A new version carries no signatures: the parties agree the price anew. (The same file sent
    // again is the version already there, signatures and all: QA EEE-1.)
    await upload(customer, 'contract', { id: String(id) }, 'Договор, ред. 2.pdf', Buffer.concat([samples.pdf, Buffer.from('% v2\n')]));
    expect((await api.post(customer, 'application/update/price', { id, price: 15000 })).status).toBe(200);
    expect(await notificationsOf(executor)).toContain(`Заказчик изменил цену заявки № ${number}: 15\u00a0000\u00a0₽`);
  });

  it('the executor named at a price is not put below it by the customer alone, nor to «договорная» (QA AAF-1); the price stays', async () => {
    const { customer, executor, id } = await deal();
    const before = await notificationsOf(executor);
    for (const price of [9999.99, 1, 0]) {
      const refused = await api.post(customer, 'application/update/price', { id, price });
      expect([refused.status, refused.body.code, refused.body.message]).toEqual([409, 'price_below_agreed', 'Исполнитель выбран по цене 10\u00a0000\u00a0₽: без его согласия цену можно только повысить']);
    }
    const after = await view(customer, id);
    expect([after.price, after.payment.amount]).toEqual([10000, 10000]);
    expect(await notificationsOf(executor)).toEqual(before);
    // A raise (mistyped, say) may be taken back down to the agreed price, not under it (QA AAG-1).
    expect((await api.post(customer, 'application/update/price', { id, price: 100000 })).status).toBe(200);
    expect((await api.post(customer, 'application/update/price', { id, price: 10000 })).status).toBe(200);
    expect((await api.post(customer, 'application/update/price', { id, price: 9000 })).body.code).toBe('price_below_agreed');
  });

  it('the floor is the reply’s own price when the executor replied with one, not the application’s', async () => {
    const customer = await makePerson(db, 'customer');
    const executor = await makePerson(db, 'executor');
    const { id } = await published(customer);
    const reply = await api.post(executor, 'application/reply/send', { id, comment: 'За 3 800', price: 3800 });
    expect((await api.post(customer, 'application/named/executor', { id, replyId: reply.body.data.id })).status).toBe(200);
    expect((await api.post(customer, 'application/update/price', { id, price: 38000 })).status).toBe(200);
    expect((await api.post(customer, 'application/update/price', { id, price: 3800 })).status).toBe(200);
    const under = await api.post(customer, 'application/update/price', { id, price: 500 });
    expect([under.status, under.body.message]).toEqual([409, 'Исполнитель выбран по цене 3\u00a0800\u00a0₽: без его согласия цену можно только повысить']);
  });

  it('both parties sign with codes from SMS; only then may the paid work start', async () => {
    const { customer, executor, id, number } = await deal();
    await upload(customer, 'contract', { id: String(id) });
    await pay(id, 1_000_000);
    const unsigned = await api.post(executor, 'application/start-working/executor', { id });
    expect(unsigned.status).toBe(409);
    expect(unsigned.body.message).toBe('Договор должен быть подписан обеими сторонами');
    expect((await view(executor, id)).allowedActions).toEqual(expect.arrayContaining(['application/contract/send/sms', 'application/contract/sign']));

    const byCustomer = await sign(customer, 'contract', id);
    expect(byCustomer.status).toBe(200);
    expect(byCustomer.body.message).toBe('Договор подписан');
    expect(byCustomer.body.data.signatures).toEqual([{ party: 'customer', signerName: 'Заказчик Тестов', signedAt: new Date(clock).toISOString() }]);
    expect(await notificationsOf(executor)).toContain(`Заказчик подписал договор по заявке № ${number}`);
    const again = await api.post(customer, 'application/contract/send/sms', { id });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Вы уже подписали договор');
    expect((await view(executor, id)).allowedActions).not.toContain('application/start-working/executor');

    const byExecutor = await sign(executor, 'contract', id);
    expect(byExecutor.status).toBe(200);
    expect(byExecutor.body.data.signatures.map((s: { party: string }) => s.party)).toEqual(['customer', 'executor']);
    expect(await notificationsOf(customer)).toContain(`Исполнитель подписал договор по заявке № ${number}`);
    expect((await view(executor, id)).allowedActions).toContain('application/start-working/executor');
    expect((await api.post(executor, 'application/start-working/executor', { id })).body.data.status).toBe('in_work');
    expect((await upload(customer, 'contract', { id: String(id) })).status).toBe(409);
  });

  it('records what was signed and how: the bytes’ SHA-256, version, signer, phone, IP, User-Agent, code and terms', async () => {
    const { customer, executor, id } = await deal();
    const bytes = samples.docx;
    const uploaded = await upload(customer, 'contract', { id: String(id) }, 'Договор подряда.docx', bytes);
    // The code is answered 90 s after it was sent: the record tells the two moments apart (QA DD-4).
    const sentCode = await codeFor(customer, 'contract', id);
    const sentAt = new Date(clock).toISOString();
    clock += 90_000;
    const signed = await app.inject({
      method: 'POST',
      url: '/api/application/contract/sign',
      headers: { ...customer.headers, 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Test/1.0' },
      payload: { id, code: sentCode },
    });
    expect(signed.statusCode).toBe(200);
    const [record] = await db.query<Record<string, unknown>>('select * from document_signatures where document_id = $1', [uploaded.body.data.id]);
    const [code] = await db.query<{ code_hash: string; created_at: Date; consumed_at: Date | null }>(
      `select code_hash, created_at, consumed_at from sms_codes where phone = $1 and purpose = 'sign' order by id desc limit 1`,
      [customer.phone],
    );
    expect(record).toMatchObject({
      document_version: 1,
      document_sha256: sha256(bytes),
      party: 'customer',
      signer_user_id: customer.userId,
      signer_profile_id: customer.profileId,
      signer_name: 'Заказчик Тестов',
      signer_phone: customer.phone,
      code_hash: code!.code_hash,
      ip: '127.0.0.1',
      user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Test/1.0',
      terms_version: SIGNING_TERMS_VERSION,
    });
    expect(new Date(record!.code_sent_at as string).toISOString()).toBe(sentAt);
    expect(new Date(code!.created_at).toISOString()).toBe(sentAt);
    expect(new Date(record!.signed_at as string).toISOString()).toBe(new Date(clock).toISOString());
    expect(code!.consumed_at).not.toBeNull();

    // The executor's row names him, his profile and his side, not the customer's (QA DD-5).
    expect((await sign(executor, 'contract', id)).status).toBe(200);
    const rows = await db.query<Record<string, unknown>>('select party, signer_user_id, signer_profile_id, signer_name, signer_phone from document_signatures where document_id = $1 order by id', [
      uploaded.body.data.id,
    ]);
    expect(rows).toEqual([
      { party: 'customer', signer_user_id: customer.userId, signer_profile_id: customer.profileId, signer_name: 'Заказчик Тестов', signer_phone: customer.phone },
      { party: 'executor', signer_user_id: executor.userId, signer_profile_id: executor.profileId, signer_name: 'Исполнитель Тестов', signer_phone: executor.phone },
    ]);
  });

  it('keeps signatures append-only: the database refuses to update or delete one', async () => {
    const { customer, id } = await deal();
    const uploaded = await upload(customer, 'contract', { id: String(id) });
    await sign(customer, 'contract', id);
    await expect(db.query(`update document_signatures set signer_name = 'Подделка' where document_id = $1`, [uploaded.body.data.id])).rejects.toThrow(/append-only/);
    await expect(db.query('delete from document_signatures where document_id = $1', [uploaded.body.data.id])).rejects.toThrow(/append-only/);
    const [row] = await db.query<{ n: number }>('select count(*)::int as n from document_signatures where document_id = $1', [uploaded.body.data.id]);
    expect(row!.n).toBe(1);
  });

  it('a replaced contract needs new signatures, and a code sent for version 1 does not sign version 2', async () => {
    const { customer, executor, id } = await deal();
    const v1 = await upload(customer, 'contract', { id: String(id) }, 'Договор v1.pdf');
    expect((await sign(customer, 'contract', id)).status).toBe(200);
    const codeForV1 = await codeFor(executor, 'contract', id);

    const v2 = await upload(customer, 'contract', { id: String(id) }, 'Договор v2.pdf', Buffer.concat([samples.pdf, Buffer.from('% v2\n')]));
    expect(v2.status).toBe(200);
    expect(v2.body.data).toMatchObject({ name: 'Договор v2.pdf', signatures: [] });
    expect(v2.body.data.id).not.toBe(v1.body.data.id);
    // The executor hears of a new edition, not of a first upload again.
    const { number } = (await view(customer, id)) as { number: number };
    expect((await notificationsOf(executor)).filter((m) => m.includes('договор'))).toEqual([
      `Заказчик загрузил договор по заявке № ${number}`,
      `Заказчик подписал договор по заявке № ${number}`,
      `Заказчик заменил договор новой редакцией по заявке № ${number}`,
    ]);
    expect((await view(customer, id)).contract).toMatchObject({ id: v2.body.data.id, signatures: [] });
    expect((await view(customer, id)).allowedActions).toContain('application/contract/sign');
    // The old version stays, deleted, with its signature as evidence of what was signed then.
    const versions = await db.query<{ version: number; deleted: boolean; signatures: number }>(
      `select version, deleted_at is not null as deleted, (select count(*)::int from document_signatures s where s.document_id = d.id) as signatures
       from signed_documents d where application_id = $1 and kind = 'contract' order by version`,
      [id],
    );
    expect(versions).toEqual([{ version: 1, deleted: true, signatures: 1 }, { version: 2, deleted: false, signatures: 0 }]);

    // The code asked for version 1 is refused, and the answer says why: the document changed.
    const stale = await api.post(executor, 'application/contract/sign', { id, code: codeForV1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'document_changed', message: 'Документ изменился. Запросите новый код' });
    expect((await view(customer, id)).contract.signatures).toEqual([]);
    const fresh = await sign(executor, 'contract', id);
    expect(fresh.status).toBe(200);
    expect(fresh.body.data.signatures.map((s: { party: string }) => s.party)).toEqual(['executor']);
  });

  it('a code asked for version 1 after version 2 was asked for is a wrong code, not a changed document', async () => {
    const { customer, executor, id } = await deal();
    await upload(customer, 'contract', { id: String(id) }, 'Договор v1.pdf');
    const codeForV1 = await codeFor(executor, 'contract', id);
    await upload(customer, 'contract', { id: String(id) }, 'Договор v2.pdf');
    const codeForV2 = await codeFor(executor, 'contract', id);
    const mixed = await api.post(executor, 'application/contract/sign', { id, code: codeForV1 === codeForV2 ? wrongCode(codeForV2) : codeForV1 });
    expect(mixed.status).toBe(422);
    expect(mixed.body.errors?.code).toBe('Неверный код, осталось попыток: 4');
    const fresh = await api.post(executor, 'application/contract/sign', { id, code: codeForV2 });
    expect(fresh.status).toBe(200);
  });

  it('a code for a version that is no more is still «истёк» once its 10 minutes are over', async () => {
    const { customer, executor, id } = await deal();
    await upload(customer, 'contract', { id: String(id) }, 'Договор v1.pdf');
    const codeForV1 = await codeFor(executor, 'contract', id);
    await upload(customer, 'contract', { id: String(id) }, 'Договор v2.pdf');
    clock += 10 * 60_000 + 1_000;
    const late = await api.post(executor, 'application/contract/sign', { id, code: codeForV1 });
    expect(late.status).toBe(422);
    expect(late.body).toMatchObject({ code: 'code_expired', errors: { code: 'Код недействителен или истёк. Запросите новый' } });
  });

  it('refuses a wrong code with 422 and kills the code after 5 wrong tries', async () => {
    const { customer, id } = await deal();
    await upload(customer, 'contract', { id: String(id) });
    const code = await codeFor(customer, 'contract', id);
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await api.post(customer, 'application/contract/sign', { id, code: wrongCode(code) });
      expect(res.status).toBe(422);
      messages.push(res.body.errors?.code ?? '');
    }
    expect(messages[0]).toBe('Неверный код, осталось попыток: 4');
    expect(messages[4]).toBe('Неверный код. Попытки исчерпаны. Запросите новый код');
    const dead = await api.post(customer, 'application/contract/sign', { id, code });
    expect(dead.status).toBe(422);
    expect(dead.body.code).toBe('code_attempts_exceeded');
    expect((await view(customer, id)).contract.signatures).toEqual([]);
  });

  it('refuses a code past its 10 minutes with 422 «истёк», and signs with a new one', async () => {
    const { customer, id } = await deal();
    await upload(customer, 'contract', { id: String(id) });
    const code = await codeFor(customer, 'contract', id);
    clock += 10 * 60_000 + 1_000;
    const expired = await api.post(customer, 'application/contract/sign', { id, code });
    expect(expired.status).toBe(422);
    expect(expired.body).toMatchObject({ code: 'code_expired', errors: { code: 'Код недействителен или истёк. Запросите новый' } });
    expect((await view(customer, id)).contract.signatures).toEqual([]);
    expect((await sign(customer, 'contract', id)).status).toBe(200);
  });
});

describe('downloads', () => {
  it('answer the bytes as an attachment to the parties only, without changing the application', async () => {
    const { customer, executor, id } = await deal();
    const stranger = await makePerson(db, 'executor', 'Посторонний');
    await upload(customer, 'contract', { id: String(id) }, 'Договор № 5.pdf');
    const [before] = await db.query<{ version: number }>('select version from applications where id = $1', [id]);
    for (const party of [customer, executor]) {
      const res = await download(party, 'contract', id);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(samples.pdf)).toBe(true);
      expect(res.headers).toMatchObject({
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent('Договор № 5.pdf')}`,
        'x-content-type-options': 'nosniff',
      });
    }
    const [after] = await db.query<{ version: number }>('select version from applications where id = $1', [id]);
    expect(after!.version).toBe(before!.version);
    expect((await download(stranger, 'contract', id)).statusCode).toBe(403);
    expect((await download(null, 'contract', id)).statusCode).toBe(401);
    const noReport = await download(customer, 'document-report', id);
    expect(noReport.statusCode).toBe(409);
    expect(noReport.json().message).toBe('Отчёт не загружен');
  });
});

describe('the documents of a deal that ended', () => {
  /** Executor 1 named over executor 2's reply; a contract in two editions signed by both, a report signed by the executor; then stopped. */
  async function stoppedDeal() {
    const customer = await makePerson(db, 'customer');
    const executor = await makePerson(db, 'executor', 'Первый Исполнитель');
    const next = await makePerson(db, 'executor', 'Второй Исполнитель');
    const { id } = await published(customer);
    const reply = await api.post(executor, 'application/reply/send', { id, comment: 'Возьмусь' });
    const nextReply = await api.post(next, 'application/reply/send', { id, comment: 'Тоже возьмусь' });
    expect((await api.post(customer, 'application/named/executor', { id, replyId: reply.body.data.id })).status).toBe(200);
    const first = await upload(customer, 'contract', { id: String(id) }, 'Договор, первая редакция.pdf');
    const contract = await upload(customer, 'contract', { id: String(id) }, 'Договор.pdf', samples.docx);
    expect((await sign(customer, 'contract', id)).status).toBe(200);
    expect((await sign(executor, 'contract', id)).status).toBe(200);
    await pay(id, 1_000_000);
    expect((await api.post(executor, 'application/start-working/executor', { id })).status).toBe(200);
    const report = await upload(executor, 'document-report', { id: String(id) }, 'Отчёт.pdf');
    expect((await sign(executor, 'document-report', id)).status).toBe(200);
    clock += 1000;
    const stoppedAt = new Date(clock).toISOString();
    expect((await api.post(customer, 'application/stop-working/executor', { id, comment: 'Сроки сорваны' })).body.data.status).toBe('stopped_by_customer');
    return { customer, executor, next, id, stoppedAt, nextReplyId: nextReply.body.data.id as number, ids: { first: first.body.data.id as number, contract: contract.body.data.id as number, report: report.body.data.id as number } };
  }

  it('lists the set-aside contract and report with their signatures to the customer and that executor, and only to them', async () => {
    const { customer, executor, next, id, stoppedAt, ids } = await stoppedDeal();
    const expected = [
      {
        id: ids.contract,
        kind: 'contract',
        name: 'Договор.pdf.docx',
        sha256: sha256(samples.docx),
        executor: { id: executor.profileId, name: 'Первый Исполнитель' },
        endedAt: stoppedAt,
        ended: 'stopped',
        signatures: [expect.objectContaining({ party: 'customer' }), expect.objectContaining({ party: 'executor' })],
      },
      { id: ids.report, kind: 'report', name: 'Отчёт.pdf', endedAt: stoppedAt, signatures: [expect.objectContaining({ party: 'executor', signerName: 'Первый Исполнитель' })] },
    ];
    const asCustomer = await view(customer, id);
    expect(asCustomer).toMatchObject({ contract: null, report: null });
    expect(asCustomer.pastDocuments).toEqual(expected.map((e) => expect.objectContaining(e)));
    // The stopped executor sees his own deal's beside his reply; the first edition, replaced before, is not among them.
    const asStopped = await view(executor, id);
    expect(asStopped.participation).toBe('stopped');
    expect(asStopped.pastDocuments.map((d: { id: number }) => d.id)).toEqual([ids.contract, ids.report]);
    // The other replier was in no part of that deal.
    expect((await view(next, id)).pastDocuments).toEqual([]);
  });

  it('downloads them by id to the customer and that executor: 403 for the next executor and others, 401 for a guest, 404 for a version that was not set aside', async () => {
    const { customer, executor, next, id, nextReplyId, ids } = await stoppedDeal();
    const stranger = await makePerson(db, 'customer', 'Посторонний');
    const past = (who: Person | null, documentId: number) => download(who, 'past-document', documentId);
    for (const party of [customer, executor]) {
      const res = await past(party, ids.contract);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(samples.docx)).toBe(true);
      expect(res.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''${encodeURIComponent('Договор.pdf.docx')}`);
      expect((await past(party, ids.report)).rawPayload.equals(samples.pdf)).toBe(true);
    }
    // The executor named next signs a contract of his own; the one before is not his.
    expect((await api.post(customer, 'application/named/executor', { id, replyId: nextReplyId })).status).toBe(200);
    const own = await upload(customer, 'contract', { id: String(id) }, 'Новый договор.pdf');
    expect((await view(next, id)).pastDocuments).toEqual([]);
    const refused = await past(next, ids.contract);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Документ доступен только участникам сделки');
    expect((await past(stranger, ids.report)).statusCode).toBe(403);
    expect((await past(null, ids.report)).statusCode).toBe(401);
    // A replaced edition, and the current contract, have their own ways (none, and contract/download).
    for (const documentId of [ids.first, own.body.data.id as number, 2_000_000_000]) {
      const missing = await past(customer, documentId);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('Документ не найден');
    }
    expect((await view(customer, id)).pastDocuments.map((d: { id: number }) => d.id)).toEqual([ids.contract, ids.report]);
  });

  it('keeps a cancelled deal’s for the customer, with no executor named, once that executor’s profile is deleted', async () => {
    const { customer, executor, id } = await deal();
    const contract = await upload(customer, 'contract', { id: String(id) }, 'Договор.pdf');
    // This deal the executor cancels himself, by a code.
    const code = await codeFor(executor, 'cancel/executor', id);
    expect((await api.post(executor, 'application/cancel/executor', { id, code, reason: 'Заболел' })).body.data.status).toBe('cancelled_by_executor');
    expect((await view(executor, id)).pastDocuments).toEqual([expect.objectContaining({ id: contract.body.data.id, ended: 'cancelled' })]);
    // As organization/delete takes an organisation's profile with its replies (one that signed is kept: signatures refer to it).
    await db.query('delete from profiles where id = $1', [executor.profileId]);
    expect((await view(customer, id)).pastDocuments).toEqual([expect.objectContaining({ id: contract.body.data.id, kind: 'contract', executor: null, ended: 'cancelled' })]);
    expect((await download(customer, 'past-document', contract.body.data.id)).statusCode).toBe(200);
  });

  it('keep the application they belong to: republished, it may be unpublished but not deleted (QA AAN-1: a 500 before)', async () => {
    for (const withContract of [true, false]) {
      const { customer, id } = await deal();
      if (withContract) await upload(customer, 'contract', { id: String(id) }, 'Договор.pdf');
      expect((await api.post(customer, 'application/stop-working/executor', { id })).status).toBe(200);
      expect((await api.post(customer, 'application/update', { id, description: 'Ищем другого исполнителя' })).body.data.status).toBe('published');
      const actions: string[] = (await view(customer, id)).allowedActions;
      expect(actions).toContain('application/set-status/no-publish');
      const removed = await api.call(customer, 'DELETE', 'application/delete', { id });
      if (withContract) {
        expect(actions).not.toContain('application/delete');
        expect(removed).toMatchObject({ status: 409, body: { message: 'Заявку с договором или отчётом прежней сделки нельзя удалить: снимите её с публикации' } });
        expect((await view(customer, id)).pastDocuments).toHaveLength(1);
        // Unpublished, it is told it stays so, not to do what is done (QA AAO-1).
        expect((await api.post(customer, 'application/set-status/no-publish', { id })).status).toBe(200);
        expect(await api.call(customer, 'DELETE', 'application/delete', { id })).toMatchObject({
          status: 409,
          body: { message: 'Заявку с договором или отчётом прежней сделки нельзя удалить: она остаётся снятой с публикации' },
        });
      } else {
        // Without one, nothing keeps it: the delete goes through as before.
        expect(actions).toContain('application/delete');
        expect(removed.status).toBe(200);
      }
    }
  });

  it('finds the documents a stop set aside before migration 040 named their executor', async () => {
    const { customer, executor, id, ids } = await stoppedDeal();
    await db.query('update signed_documents set set_aside_for = null where application_id = $1', [id]);
    expect((await view(customer, id)).pastDocuments).toEqual([]);
    await db.query(pastDocumentsSql.slice(pastDocumentsSql.indexOf('update')));
    const rows = await db.query<{ id: number; setAsideFor: number | null }>('select id, set_aside_for as "setAsideFor" from signed_documents where application_id = $1 order by id', [id]);
    expect(rows).toEqual([
      { id: ids.first, setAsideFor: null },
      { id: ids.contract, setAsideFor: executor.profileId },
      { id: ids.report, setAsideFor: executor.profileId },
    ]);
  });
});

describe('upload abuse', () => {
  it('refuses 20 MB + 1 byte with 413 and keeps nothing', async () => {
    const { customer, id } = await deal();
    const before = await storedFiles();
    const chunk = Buffer.alloc(64 * 1024);
    const oversized = function* () {
      yield samples.pdf;
      let left = MAX_FILE_BYTES + 1 - samples.pdf.length;
      while (left > 0) {
        const n = Math.min(left, chunk.length);
        yield chunk.subarray(0, n);
        left -= n;
      }
    };
    const res = await upload(customer, 'contract', { id: String(id) }, 'big.pdf', oversized());
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('file_too_large');
    expect(await storedFiles()).toEqual(before);
    expect((await view(customer, id)).contract).toBeNull();
  });

  it('refuses a renamed executable with 415 and keeps nothing', async () => {
    const { customer, id } = await deal();
    const before = await storedFiles();
    const res = await upload(customer, 'contract', { id: String(id) }, 'contract.pdf', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(4096)]));
    expect(res.status).toBe(415);
    expect(res.body.code).toBe('file_type_refused');
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses an empty file with 422 «Файл пустой» (not a wrong type) on every upload of a deal, keeping nothing', async () => {
    const { customer, executor, id } = await deal();
    const before = await storedFiles();
    const empty = async (who: Person, call: string) => {
      const res = await upload(who, call, { id: String(id) }, 'Пустой.pdf', []);
      expect([call, res.status, res.body]).toEqual([call, 422, { code: 'file_empty', message: 'Файл пустой', errors: { file: 'Файл пустой' } }]);
    };
    await empty(customer, 'contract');
    await empty(customer, 'document');
    // The report is the executor's once the work has started.
    await pay(id, 1_000_000);
    expect((await api.post(executor, 'application/start-working/executor', { id })).status).toBe(200);
    await empty(executor, 'document-report');
    expect(await storedFiles()).toEqual(before);
  });

  it.each([
    ['../../etc/passwd.pdf', 'passwd.pdf'],
    ['C:\\Windows\\..\\evil.pdf', 'evil.pdf'],
    ['dir/sub/a\u0000b.pdf', 'ab.pdf'],
    ['\u202Efdp.exe', 'fdp.exe.pdf'],
  ])('stores %j under a random key and answers the clean name %j', async (given, clean) => {
    const { customer, id } = await deal();
    const res = await upload(customer, 'contract', { id: String(id) }, given);
    expect(res.status).toBe(200);
    expect(res.body.data.name).toBe(clean);
    const [row] = await db.query<{ storage_key: string; name: string }>('select storage_key, name from signed_documents where id = $1', [res.body.data.id]);
    expect(row).toEqual({ storage_key: expect.stringMatching(/^applications\/[0-9a-f-]{36}$/), name: clean });
    expect((await storedFiles()).every((f) => f.startsWith('applications/') || f.startsWith('applications\\'))).toBe(true);
    const back = await download(customer, 'contract', id);
    expect(back.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''${encodeURIComponent(clean)}`);
  });
});

describe('the report', () => {
  it('is the executor’s while in work; verification waits for both signatures on it', async () => {
    const { customer, executor, id, number } = await deal();
    expect((await upload(executor, 'document-report', { id: String(id) }, 'Отчёт.pdf')).status).toBe(409);
    await pay(id, 1_000_000);
    expect((await api.post(executor, 'application/start-working/executor', { id })).status).toBe(200);
    expect((await upload(customer, 'document-report', { id: String(id) }, 'Отчёт.pdf')).status).toBe(403);
    const report = await upload(executor, 'document-report', { id: String(id) }, 'Отчёт.pdf', samples.xlsx);
    expect(report.status).toBe(200);
    expect(report.body).toMatchObject({ data: { name: 'Отчёт.pdf.xlsx', sha256: sha256(samples.xlsx), signatures: [] }, message: 'Отчёт загружен' });
    expect(await notificationsOf(customer)).toContain(`Исполнитель загрузил отчёт по заявке № ${number}`);

    expect((await api.post(executor, 'application/confirm-execution', { id })).body.data.status).toBe('on_review');
    const early = await api.post(customer, 'application/verification', { id });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Отчёт должен быть подписан обеими сторонами');
    expect((await sign(executor, 'document-report', id)).status).toBe(200);
    expect((await api.post(customer, 'application/verification', { id })).status).toBe(409);
    const byCustomer = await sign(customer, 'document-report', id);
    expect(byCustomer.body).toMatchObject({ message: 'Отчёт подписан', data: { id: report.body.data.id } });
    expect(byCustomer.body.data.signatures.map((s: { party: string }) => s.party)).toEqual(['executor', 'customer']);
    expect((await view(customer, id)).report.signatures).toHaveLength(2);
    expect((await api.post(customer, 'application/verification', { id })).body.data.status).toBe('executed');
    expect((await upload(executor, 'document-report', { id: String(id) }, 'Отчёт 2.pdf')).status).toBe(409);
    expect((await download(executor, 'document-report', id)).statusCode).toBe(200);
  });

  it('a code asked for a report the executor then replaced answers that the document changed', async () => {
    const { customer, executor, id } = await deal();
    await pay(id, 1_000_000);
    expect((await api.post(executor, 'application/start-working/executor', { id })).status).toBe(200);
    await upload(executor, 'document-report', { id: String(id) }, 'Отчёт.pdf');
    const codeForV1 = await codeFor(customer, 'document-report', id);
    await upload(executor, 'document-report', { id: String(id) }, 'Отчёт v2.pdf');
    const stale = await api.post(customer, 'application/document-report/sign', { id, code: codeForV1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'document_changed', message: 'Документ изменился. Запросите новый код' });
    expect((await view(customer, id)).report.signatures).toEqual([]);
    expect((await sign(customer, 'document-report', id)).status).toBe(200);
  });
});

describe('other documents of an application', () => {
  it('the customer attaches them; the parties download private ones, anyone public ones', async () => {
    const { customer, executor, id, number } = await deal();
    const stranger = await makePerson(db, 'customer', 'Посторонний');
    // allowedActions lists the calls each may make now (§8, QA OOO-1): nothing to delete or download yet.
    const documentCalls = async (who: Person) => ((await view(who, id)).allowedActions as string[]).filter((a) => a.startsWith('application/document/'));
    expect(await documentCalls(customer)).toEqual(['application/document/upload']);
    expect(await documentCalls(executor)).toEqual([]);
    expect((await upload(executor, 'document', { id: String(id) }, 'Смета.pdf')).status).toBe(403);
    const bad = await upload(customer, 'document', { id: String(id), public: 'yes' }, 'Смета.pdf');
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty('public');

    const hidden = await upload(customer, 'document', { id: String(id) }, 'Смета.pdf');
    expect(hidden.status).toBe(200);
    expect(hidden.body).toEqual({
      data: { id: expect.any(Number), name: 'Смета.pdf', mimeType: 'application/pdf', sizeBytes: samples.pdf.length, public: false, createdAt: expect.any(String) },
      message: 'Документ загружен',
    });
    expect(await notificationsOf(executor)).toContain(`Заказчик добавил документ к заявке № ${number}`);
    const docId = hidden.body.data.id as number;
    expect((await view(executor, id)).documents.map((d: { id: number }) => d.id)).toContain(docId);
    expect(await documentCalls(customer)).toEqual(['application/document/upload', 'application/document/delete', 'application/document/download']);
    expect(await documentCalls(executor)).toEqual(['application/document/download']);
    expect((await download(executor, 'document', docId)).rawPayload.equals(samples.pdf)).toBe(true);
    expect((await download(customer, 'document', docId)).statusCode).toBe(200);
    expect((await download(stranger, 'document', docId)).statusCode).toBe(403);
    expect((await download(null, 'document', docId)).statusCode).toBe(401);
    expect((await download(customer, 'document', 2_147_483_647)).statusCode).toBe(404);

    const open = await upload(customer, 'document', { id: String(id), public: 'true' }, 'План.png', samples.png);
    expect(open.body.data).toMatchObject({ public: true, name: 'План.png', mimeType: 'image/png' });
    expect((await download(stranger, 'document', open.body.data.id)).statusCode).toBe(403);

    expect((await api.post(executor, 'application/document/delete', { id: docId })).status).toBe(403);
    const [row] = await db.query<{ storage_key: string }>('select storage_key from application_documents where id = $1', [docId]);
    const removed = await api.post(customer, 'application/document/delete', { id: docId });
    expect(removed.body).toEqual({ data: { id: docId }, message: 'Документ удалён' });
    expect(await storedFiles()).not.toContain(row!.storage_key);
    expect((await download(customer, 'document', docId)).statusCode).toBe(404);
    expect((await api.post(customer, 'application/document/delete', { id: docId })).status).toBe(404);
  });

  it('are fixed once the application is closed', async () => {
    const { customer, id } = await deal();
    const doc = await upload(customer, 'document', { id: String(id) }, 'Смета.pdf');
    await db.query(`update applications set status = 'closed' where id = $1`, [id]);
    const late = await upload(customer, 'document', { id: String(id) }, 'Ещё.pdf');
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('Заявка закрыта: документы к ней изменить нельзя');
    expect((await api.post(customer, 'application/document/delete', { id: doc.body.data.id })).status).toBe(409);
    expect((await download(customer, 'document', doc.body.data.id)).statusCode).toBe(200);
    // Closed: only the download is listed.
    expect(((await view(customer, id)).allowedActions as string[]).filter((a) => a.startsWith('application/document/'))).toEqual(['application/document/download']);
  });
});

describe('races the HTTP flow cannot stage', () => {
  const service = (codes?: Partial<SmsCodes>) =>
    documentsService({ db, lifecycle: lifecycle({ db, now: () => new Date(clock) }), codes: codes as SmsCodes, storage: localFileStorage(filesDir), now: () => new Date(clock) });
  const callerOf = async (p: Person) => (await loadCaller(db, { userId: p.userId, sessionId: 'test' }))!;

  it('removes the stored file when the transaction recording it fails', async () => {
    const customer = await makePerson(db, 'customer');
    const { id } = await published(customer);
    const key = 'applications/00000000-0000-4000-8000-000000000001';
    await localFileStorage(filesDir).write(key, samples.pdf);
    const file = { key, name: 'Договор.pdf', ext: 'pdf', mime: 'application/pdf', sizeBytes: samples.pdf.length, sha256: sha256(samples.pdf) } as const;
    // Checked before the bytes were stored; the application moved on meanwhile, so the transaction refuses.
    await expect(service().upload(await callerOf(customer), 'contract', id, file)).rejects.toMatchObject({ statusCode: 409 });
    expect(await storedFiles()).not.toContain(key);
  });

  it('refuses a signature when the contract was replaced after its code was checked', async () => {
    const { customer, id } = await deal();
    await upload(customer, 'contract', { id: String(id) });
    const replace = async () => {
      await upload(customer, 'contract', { id: String(id) }, 'Договор v2.pdf');
      return { id: 0, codeHash: 'x'.repeat(64), sentAt: new Date(clock) };
    };
    const res = service({ verify: replace as SmsCodes['verify'] }).sign(await callerOf(customer), 'contract', { id, code: '123456' }, { ip: '127.0.0.1', userAgent: null });
    await expect(res).rejects.toMatchObject({ statusCode: 409, message: 'Документ изменился. Запросите новый код' });
    expect((await view(customer, id)).contract.signatures).toEqual([]);
  });
});
