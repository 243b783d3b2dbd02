/**
 * A contract or report upload whose answer was lost (the server stored the version, the connection
 * dropped on the way back) is sent again — by the browser itself, or by the user on the upload
 * field's advice «Загрузите его ещё раз — второй копии не появится» — or the same file is chosen
 * twice: the current version sent again by the profile that uploaded it answers that version. No
 * new version, no «заменил … новой редакцией» to the other party, the signatures given meanwhile
 * stay, the copy just stored goes, and the bytes are not counted twice (QA EEE-1; the rule of the
 * other documents, QA CCC-2). Another file, or the same file after the current version changed,
 * is a new version as before.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { lifecycle } from '../src/modules/application/lifecycle';
import { moneyService } from '../src/modules/money/service';
import { paymentService } from '../src/modules/payment/service';
import { ageSmsCodes, applicationIn, caller, lastSmsCode, makePerson, must, SAMPLE_PDF, type DealContext, type FilePart, type Person } from './deal-helpers';
import { openTestDb } from './helpers';

let d: DealContext;
let filesDir: string;

beforeAll(async () => {
  const { db, close } = await openTestDb();
  filesDir = await mkdtemp(path.join(tmpdir(), 'contract-upload-once-'));
  const lax = { max: 1_000_000, windowSeconds: 1 };
  const app = await buildApp({ config: testConfig({ filesDir }), db, logger: false, auth: { limits: { smsPerIp: lax, smsPerPhone: lax, smsGlobal: lax } } });
  const payments = paymentService({ db, money: moneyService({ db, feePercent: 0 }), lifecycle: lifecycle({ db, now: () => new Date() }) });
  let op = 0;
  d = {
    app,
    db,
    api: caller(app),
    pay: (applicationId, amountKopecks) => payments.receive({ applicationId, amountKopecks, operationId: `op-once-${++op}` }),
    async close() {
      await app.close();
      await close();
    },
  };
});
afterAll(async () => {
  await d.close();
  await rm(filesDir, { recursive: true, force: true });
});

const CONTRACT: FilePart = { name: 'Договор.pdf', bytes: SAMPLE_PDF.bytes };
/** The same name, other bytes (still a PDF). */
const CONTRACT_V2: FilePart = { name: 'Договор.pdf', bytes: Buffer.concat([SAMPLE_PDF.bytes, Buffer.from('% v2\n')]) };

const parties = async () => ({ customer: await makePerson(d.db, 'customer'), executor: await makePerson(d.db, 'executor'), replier: await makePerson(d.db, 'executor') });

const upload = (who: Person, segment: 'contract' | 'document-report', id: number, file: FilePart) => d.api.upload(who, `application/${segment}/upload`, { id: String(id) }, file);

async function sign(who: Person, segment: 'contract' | 'document-report', id: number) {
  await ageSmsCodes(d.db, who.phone);
  must(await d.api.post(who, `application/${segment}/send/sms`, { id }), 'send sms');
  return must(await d.api.post(who, `application/${segment}/sign`, { id, code: await lastSmsCode(d.db, who.phone) }), 'sign');
}

/** The versions of one kind, oldest first: `id:version:deleted?`. */
const versionsOf = async (id: number, kind: 'contract' | 'report') =>
  (await d.db.query<{ id: number; version: number; gone: boolean }>(
    'select id, version, deleted_at is not null as gone from signed_documents where application_id = $1 and kind = $2 order by id',
    [id, kind],
  )).map((v) => `${v.id}:${v.version}${v.gone ? ':retired' : ''}`);

const noticesOf = async (person: Person) =>
  (await d.db.query<{ message: string }>('select message from notifications where user_id = $1 order by id', [person.userId])).map((n) => n.message.replace(/№ \d+/, '№ N'));

async function storedFiles(): Promise<number> {
  return (await readdir(filesDir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).length;
}

/** The files and bytes this user's uploads have counted against the flood limits. */
const counted = async (who: Person) => {
  const [row] = await d.db.query<{ files: number; bytes: number }>(
    `select coalesce(sum(cost) filter (where key = 'flood:upload-files:' || $1::text), 0)::int as files,
            coalesce(sum(cost) filter (where key = 'flood:upload-bytes:' || $1::text), 0)::int as bytes
     from rate_limit_events`,
    [who.userId],
  );
  return row!;
};

describe('contract', () => {
  it('the current version sent again answers it: one version, one notice, the signature given meanwhile stays, the copy goes, counted once', async () => {
    const p = await parties();
    const { id } = await applicationIn(d, 'executor_named', p);
    const files = await storedFiles();

    const first = await upload(p.customer, 'contract', id, CONTRACT);
    expect(first.status).toBe(200);
    const afterFirst = await counted(p.customer);
    expect(afterFirst).toEqual({ files: 1, bytes: CONTRACT.bytes.length });
    // The executor signs before the customer's re-sent upload arrives.
    expect((await sign(p.executor, 'contract', id)).signatures.map((s: { party: string }) => s.party)).toEqual(['executor']);

    const again = await upload(p.customer, 'contract', id, CONTRACT);
    expect(again.status).toBe(200);
    expect(again.body.message).toBe('Договор загружен');
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(again.body.data.signatures.map((s: { party: string }) => s.party)).toEqual(['executor']);
    expect(await versionsOf(id, 'contract')).toEqual([`${first.body.data.id}:1`]);
    expect((await noticesOf(p.executor)).filter((m) => m.includes('договор'))).toEqual(['Заказчик загрузил договор по заявке № N']);
    expect(await storedFiles()).toBe(files + 1);
    expect(await counted(p.customer)).toEqual(afterFirst);
    const view = must(await d.api.get(p.executor, 'application/get', { id }), 'view');
    expect(view.contract.signatures.map((s: { party: string }) => s.party)).toEqual(['executor']);
  });

  it('another file is a new version as before: the old one retired, its signatures not carried, the other party told of the new edition', async () => {
    const p = await parties();
    const { id } = await applicationIn(d, 'executor_named', p);
    const first = must(await upload(p.customer, 'contract', id, CONTRACT), 'first');
    await sign(p.executor, 'contract', id);
    const second = must(await upload(p.customer, 'contract', id, CONTRACT_V2), 'second');
    expect(second.id).not.toBe(first.id);
    expect(second.signatures).toEqual([]);
    // The same name and bytes as the first, but the current version is another one now.
    const third = must(await upload(p.customer, 'contract', id, CONTRACT), 'third');
    expect(third.id).not.toBe(second.id);
    expect(await versionsOf(id, 'contract')).toEqual([`${first.id}:1:retired`, `${second.id}:2:retired`, `${third.id}:3`]);
    expect((await noticesOf(p.executor)).filter((m) => m.includes('договор'))).toEqual([
      'Заказчик загрузил договор по заявке № N',
      'Заказчик заменил договор новой редакцией по заявке № N',
      'Заказчик заменил договор новой редакцией по заявке № N',
    ]);
    // The same content under another name is another file too.
    const renamed = must(await upload(p.customer, 'contract', id, { name: 'Договор подряда.pdf', bytes: CONTRACT.bytes }), 'renamed');
    expect(renamed.id).not.toBe(third.id);
  });

  it('after the contract was deleted, the same file is uploaded anew', async () => {
    const p = await parties();
    const { id } = await applicationIn(d, 'executor_named', p);
    const first = must(await upload(p.customer, 'contract', id, CONTRACT), 'first');
    must(await d.api.post(p.customer, 'application/contract/delete', { id }), 'delete');
    const again = must(await upload(p.customer, 'contract', id, CONTRACT), 'again');
    expect(again.id).not.toBe(first.id);
    expect(await versionsOf(id, 'contract')).toEqual([`${first.id}:1:retired`, `${again.id}:2`]);
    expect((await noticesOf(p.executor)).filter((m) => m.includes('договор'))).toEqual([
      'Заказчик загрузил договор по заявке № N',
      'Заказчик удалил договор по заявке № N',
      'Заказчик загрузил договор по заявке № N',
    ]);
  });

  it('two identical uploads at once give one version and one notice', async () => {
    const p = await parties();
    const { id } = await applicationIn(d, 'executor_named', p);
    const [a, b] = await Promise.all([upload(p.customer, 'contract', id, CONTRACT), upload(p.customer, 'contract', id, CONTRACT)]);
    expect(must(a, 'a').id).toBe(must(b, 'b').id);
    expect(await versionsOf(id, 'contract')).toEqual([`${a.body.data.id}:1`]);
    expect((await noticesOf(p.executor)).filter((m) => m.includes('договор'))).toEqual(['Заказчик загрузил договор по заявке № N']);
  });
});

describe('report', () => {
  it('the current report sent again answers it; the same bytes as the other party’s contract are a report of their own', async () => {
    const p = await parties();
    const { id } = await applicationIn(d, 'executor_named', p);
    // The contract both sign, so the work can start: the executor then sends the very same file as his report.
    const contract = must(await upload(p.customer, 'contract', id, CONTRACT), 'contract');
    await sign(p.customer, 'contract', id);
    await sign(p.executor, 'contract', id);
    await d.pay(id, 1_500_000);
    must(await d.api.post(p.executor, 'application/start-working/executor', { id }), 'start');

    const first = must(await upload(p.executor, 'document-report', id, CONTRACT), 'report');
    expect(first.id).not.toBe(contract.id);
    await sign(p.customer, 'document-report', id);
    const again = must(await upload(p.executor, 'document-report', id, CONTRACT), 'again');
    expect(again.id).toBe(first.id);
    expect(again.signatures.map((s: { party: string }) => s.party)).toEqual(['customer']);
    expect(await versionsOf(id, 'report')).toEqual([`${first.id}:1`]);
    expect(await versionsOf(id, 'contract')).toEqual([`${contract.id}:1`]);
    expect((await noticesOf(p.customer)).filter((m) => m.includes('отчёт'))).toEqual(['Исполнитель загрузил отчёт по заявке № N']);

    const changed = must(await upload(p.executor, 'document-report', id, CONTRACT_V2), 'changed');
    expect(changed.id).not.toBe(first.id);
    expect((await noticesOf(p.customer)).filter((m) => m.includes('отчёт'))).toEqual([
      'Исполнитель загрузил отчёт по заявке № N',
      'Исполнитель заменил отчёт новой редакцией по заявке № N',
    ]);
  });
});
