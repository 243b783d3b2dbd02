import type { FastifyInstance } from 'fastify';
import { actorOf, type ApplicationActor, type ApplicationFacts, type ApplicationLkDetail, type ApplicationStatus } from 'shared/contract';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import type { Db, Queryable } from '../src/db';
import { lifecycle } from '../src/modules/application/lifecycle';
import { moneyService } from '../src/modules/money/service';
import { paymentService, type PaymentOutcome } from '../src/modules/payment/service';
import { authHeader, openTestDb, type TestContext } from './helpers';

/**
 * People and applications for the transaction tests: fresh users with one active profile each
 * (so no seeded data is shared between tests), and a call helper that answers status and body.
 */

let next = 0;
/** A phone no user of this test process has. */
export const uniquePhone = () => `7955${String(process.pid % 1000).padStart(3, '0')}${String(next++).padStart(4, '0')}`;

export interface Person {
  userId: number;
  profileId: number;
  phone: string;
  headers: Record<string, string>;
}

export async function makePerson(db: Db, type: 'customer' | 'executor' | 'organization', name = type === 'customer' ? 'Заказчик Тестов' : 'Исполнитель Тестов'): Promise<Person> {
  const phone = uniquePhone();
  const [user] = await db.query<{ id: number }>('insert into users (phone, name, phone_verified_at) values ($1, $2, now()) returning id', [phone, name]);
  const [profile] = await db.query<{ id: number }>('insert into profiles (user_id, type, name) values ($1, $2, $3) returning id', [user!.id, type, name]);
  await db.query('update users set active_profile_id = $2 where id = $1', [user!.id, profile!.id]);
  // An organisation is acted for by its members (policy/caller.ts): the person is its director.
  if (type === 'organization') await db.query('insert into organization_members (organization_id, user_id, director) values ($1, $2, true)', [profile!.id, user!.id]);
  return { userId: user!.id, profileId: profile!.id, phone, headers: await authHeader(db, user!.id) };
}

export interface CallAnswer<T = any> {
  status: number;
  body: { data: T; message?: string; code?: string; errors?: Record<string, string> };
}

/** A download answers bytes (`data` is then the raw payload); everything else the JSON envelope. */
function answerOf(res: { statusCode: number; headers: Record<string, unknown>; json(): any; rawPayload: Buffer }): CallAnswer {
  const json = String(res.headers['content-type'] ?? '').includes('json');
  return { status: res.statusCode, body: json ? res.json() : { data: res.rawPayload } };
}

/** A file part of a multipart form. */
export interface FilePart {
  name: string;
  bytes: Buffer;
}

/** The smallest PDF the upload's type check accepts. */
export const SAMPLE_PDF = { name: 'contract.pdf', bytes: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n') };

export function caller(app: FastifyInstance) {
  async function call<T = any>(who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: Record<string, unknown>): Promise<CallAnswer<T>> {
    const query = method === 'GET' || method === 'DELETE';
    const url = `/api/${path}${query && payload ? `?${new URLSearchParams(Object.entries(payload).map(([k, v]): [string, string] => [k, String(v)]))}` : ''}`;
    const res = await app.inject({ method, url, headers: who?.headers ?? {}, ...(!query && payload ? { payload } : {}) });
    return answerOf(res);
  }
  /**
   * A `multipart/form-data` call as a browser's FormData sends it (ARCHITECTURE §3): the fields in
   * order, then each file in field `file`. A new boundary for each, as each FormData sent gets;
   * the same one for the same bytes sent again (the browser's own re-send).
   */
  async function form<T = any>(who: Who, path: string, fields: Record<string, string>, files: readonly FilePart[] = [], boundary = `----deal-helpers-${process.pid}-${next++}`): Promise<CallAnswer<T>> {
    const chunks: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
    for (const f of files) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`));
      chunks.push(f.bytes, Buffer.from('\r\n'));
    }
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    const res = await app.inject({ method: 'POST', url: `/api/${path}`, headers: { ...(who?.headers ?? {}), 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: Buffer.concat(chunks) });
    return answerOf(res);
  }
  /** One file (a sample PDF by default) after the fields. */
  const upload = <T = any>(who: Who, path: string, fields: Record<string, string>, file: FilePart = SAMPLE_PDF) => form<T>(who, path, fields, [file]);
  return {
    call,
    form,
    upload,
    post: <T = any>(who: Who, path: string, body: Record<string, unknown>) => call<T>(who, 'POST', path, body),
    get: <T = any>(who: Who, path: string, query: Record<string, unknown>) => call<T>(who, 'GET', path, query),
  };
}

/** A date `days` from now as the API's calendar sees it. */
export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Every field `application/create` needs, with a seeded service. */
export async function completeFields(db: Db, overrides: Record<string, unknown> = {}) {
  const [service] = await db.query<{ id: number }>('select id from services where parent_id is not null order by id limit 1');
  return {
    name: 'Монтаж электропроводки',
    description: 'Заменить проводку в квартире, 60 м²',
    services: [service!.id],
    price: 15000,
    deadline: inDays(30),
    feedbackDeadline: inDays(7),
    address: { value: 'г Москва, ул Тверская, д 1', cityFiasId: '0c5b2444-70a0-4932-980c-b4dc0d3f02b5', geoLat: 55.757, geoLon: 37.615 },
    ...overrides,
  };
}

// ---- Deals in any status, for the access matrix, the model and the concurrency tests ----

/** Whoever sends a request: a person's bearer header, or null for a guest. */
export type Who = Pick<Person, 'headers'> | null;

/** A logged-in user who has not chosen or created a profile yet. */
export async function makeUserWithoutProfile(db: Db): Promise<{ userId: number; phone: string; headers: Record<string, string> }> {
  const phone = uniquePhone();
  const [user] = await db.query<{ id: number }>('insert into users (phone, name, phone_verified_at) values ($1, $2, now()) returning id', [phone, 'Без Профиля']);
  return { userId: user!.id, phone, headers: await authHeader(db, user!.id) };
}

/** The newest code the dev SMS provider delivered to a phone. */
export async function lastSmsCode(db: Db, phone: string): Promise<string> {
  const [sms] = await db.query<{ code: string }>('select code from dev_sms_messages where phone = $1 order by id desc limit 1', [phone]);
  if (!sms) throw new Error(`no SMS to ${phone}`);
  return sms.code;
}

/**
 * Moves a phone's codes a resend interval into the past: a test that sends several codes to one
 * phone within a minute is not testing the 60 s resend rule (auth tests do that).
 */
export async function ageSmsCodes(db: Db, phone: string): Promise<void> {
  await db.query(`update sms_codes set created_at = created_at - interval '61 seconds' where phone = $1`, [phone]);
}

/** The API's calendar date (Moscow), which the lifecycle guards compare deadlines with. */
export const todayInMoscow = (at = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/** A contract or report as the lifecycle guards see it, read from a party's view. */
const docFacts = (doc: ApplicationLkDetail['contract']) =>
  doc && { signedByCustomer: doc.signatures.some((s) => s.party === 'customer'), signedByExecutor: doc.signatures.some((s) => s.party === 'executor') };

/**
 * The contract's facts and actor for one caller, read from the customer's view of the
 * application (the customer sees every reply): the expectations of a test are then the table's
 * answer on what the API itself shows, not on what the test believes it did.
 */
export function factsFromView(view: ApplicationLkDetail, callerProfileId: number | null, today = todayInMoscow()): { facts: ApplicationFacts; actor: ApplicationActor } {
  const active = view.replies.filter((r) => r.status === 'active');
  const callerHasActiveReply = callerProfileId !== null && active.some((r) => r.executor.id === callerProfileId);
  const facts: ApplicationFacts = {
    status: view.status,
    complete:
      view.name !== '' && view.description !== '' && view.services.length > 0 && view.price !== null &&
      view.deadline !== null && view.feedbackDeadline !== null && view.address.value !== '',
    price: view.price,
    feedbackDeadline: view.feedbackDeadline,
    today,
    paymentStatus: view.payment.status,
    contract: docFacts(view.contract),
    report: docFacts(view.report),
    reviewGiven: view.review !== null,
    hasActiveReplies: active.length > 0,
    hasActiveReplyOfCaller: callerHasActiveReply,
  };
  const actor = actorOf({ callerProfileId, customerProfileId: view.customer.id, executorProfileId: view.executor?.id ?? null, callerHasActiveReply });
  return { facts, actor };
}

export interface DealContext extends TestContext {
  api: ReturnType<typeof caller>;
  /** The bank's payment notification, through the payment service (the webhook's work). */
  pay(applicationId: number, amountKopecks: number, operationId?: string): Promise<PaymentOutcome>;
}

/** Many deals from one test address: SMS limits that the transaction tests do not exercise. */
export async function setupDealApp(): Promise<DealContext> {
  const { db, close } = await openTestDb();
  const lax = { max: 1_000_000, windowSeconds: 1 };
  const app = await buildApp({ config: testConfig(), db, logger: false, auth: { limits: { smsPerIp: lax, smsPerPhone: lax, smsGlobal: lax } } });
  const money = moneyService({ db, feePercent: 0 });
  const payments = paymentService({ db, money, lifecycle: lifecycle({ db, now: () => new Date() }) });
  let op = 0;
  return {
    app,
    db,
    api: caller(app),
    pay: (applicationId, amountKopecks, operationId = `op-${process.pid}-${++op}`) => payments.receive({ applicationId, amountKopecks, operationId }),
    async close() {
      await app.close();
      await close();
    },
  };
}

/**
 * `db` whose transactions run `meddle` right before each query matching `before`, inside the same
 * transaction: what a writer that skipped a lock, or a race no test can time, would change there.
 */
export function meddling(db: Db, before: RegExp, meddle: (tx: Queryable, params: unknown[] | undefined) => Promise<unknown>): Db {
  return {
    ...db,
    transaction: (fn) =>
      db.transaction((tx) =>
        fn({
          ...tx,
          query: async (sql: string, params?: unknown[], options?: never) => {
            if (before.test(sql)) await meddle(tx, params);
            return tx.query(sql, params, options);
          },
        } as Queryable),
      ),
  };
}

/** Fails with the answer's status and body, so a broken setup step names itself. */
export function must<T>(res: CallAnswer<T>, step: string): T {
  if (res.status !== 200) throw new Error(`${step}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

export interface DealParties {
  customer: Person;
  /** Replies and is named (from executor_named on); parts in the cancelled and stopped statuses. */
  executor: Person;
  /** Holds an active reply from publication on and is never named. */
  replier: Person;
}

export interface Deal {
  id: number;
  /** Reply ids by party. */
  replies: { executor?: number; replier?: number };
  /** The customer's other document (`application/document/*`), when asked for. */
  documentId?: number;
}

export interface DealOptions {
  /** The customer attaches an other document right after creating the application. */
  document?: boolean;
  /** The customer uploads a contract once the executor is named (only for executor_named: starting would need both signatures). */
  contract?: boolean;
  /** The executor uploads a report while in_work (only for in_work and on_review: accepting would need both signatures). */
  report?: boolean;
}

/**
 * An application of `parties.customer` in `status`, reached through the API the way people
 * reach it (§5): complete fields, the replier's reply on publication, the executor named on its
 * reply, paid before the work starts; cancelled from executor_named, stopped from in_work
 * (with money held, so it is refunded).
 */
export async function applicationIn(d: DealContext, status: ApplicationStatus, { customer, executor, replier }: DealParties, options: DealOptions = {}): Promise<Deal> {
  const { api } = d;
  if (options.contract && status !== 'executor_named') throw new Error('a contract only in executor_named');
  if (options.report && status !== 'in_work' && status !== 'on_review') throw new Error('a report only in in_work or on_review');
  const fields = await completeFields(d.db);
  const deal: Deal = { id: 0, replies: {} };
  const attach = async () => {
    if (options.document) deal.documentId = must(await api.upload(customer, 'application/document/upload', { id: String(deal.id), public: 'false' }), 'document').id;
  };
  if (status === 'draft') {
    deal.id = must(await api.post(customer, 'application/draft/upsert', fields), 'draft').id;
    await attach();
    return deal;
  }
  const id = (deal.id = must(await api.post(customer, 'application/create', fields), 'create').id as number);
  await attach();
  const replies = deal.replies;
  replies.replier = must(await api.post(replier, 'application/reply/send', { id, comment: 'Могу взяться', price: 14000 }), 'replier replies').id;
  if (status === 'published') return deal;
  if (status === 'unpublished') {
    must(await api.post(customer, 'application/set-status/no-publish', { id }), 'no-publish');
    return deal;
  }
  replies.executor = must(await api.post(executor, 'application/reply/send', { id, comment: 'Сделаю за неделю' }), 'executor replies').id;
  must(await api.post(customer, 'application/named/executor', { id, replyId: replies.executor }), 'named');
  if (options.contract) must(await api.upload(customer, 'application/contract/upload', { id: String(id) }), 'contract');
  if (status === 'executor_named') return deal;
  if (status === 'cancelled_by_executor') {
    await ageSmsCodes(d.db, executor.phone);
    must(await api.post(executor, 'application/cancel/executor/send/sms', { id }), 'cancel sms');
    must(await api.post(executor, 'application/cancel/executor', { id, code: await lastSmsCode(d.db, executor.phone) }), 'cancel');
    return deal;
  }
  await d.pay(id, Math.round(fields.price * 100));
  must(await api.post(executor, 'application/start-working/executor', { id }), 'start');
  if (options.report) must(await api.upload(executor, 'application/document-report/upload', { id: String(id) }), 'report');
  if (status === 'in_work') return deal;
  if (status === 'stopped_by_customer') {
    must(await api.post(customer, 'application/stop-working/executor', { id }), 'stop');
    return deal;
  }
  must(await api.post(executor, 'application/confirm-execution', { id }), 'confirm');
  if (status === 'on_review') return deal;
  if (status === 'revision') {
    must(await api.post(customer, 'application/send/revision', { id, comment: 'Доделать' }), 'revision');
    return deal;
  }
  must(await api.post(customer, 'application/verification', { id }), 'verification');
  if (status === 'executed') return deal;
  must(await api.post(customer, 'application/review', { id, rating: 5, text: 'Хорошо' }), 'review');
  must(await api.post(customer, 'application/close', { id }), 'close');
  return deal;
}
