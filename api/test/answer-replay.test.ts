/**
 * A write sent again with its `Idempotency-Key` (Chromium re-sends a request, POSTs too, when a
 * reused connection breaks before the answer: QA EEE-2) gets the answer its first sending got, and
 * is not run twice: a step done is not answered 409 to the user who did it, an upload makes no second
 * version, the other party gets one notice. Another body, another call, another user, a failure
 * or a write whose answer carries tokens is run as any write is.
 */
import { answeredOnce, DEAD_CLAIMANT_MS, KEPT_ANSWER_MS, THIS_START } from '../src/http/answer-replay';
import { IDEMPOTENCY_KEY_REUSED } from '../src/http/idempotency-key';
import { liveness } from '../src/modules/request-answers/liveness';
import { requestAnswersRepository } from '../src/modules/request-answers/repository';
import { DEMO_PASSWORD } from '../src/seed/people';
import { applicationIn, makePerson, must, SAMPLE_PDF, setupDealApp, type DealContext, type FilePart, type Person, type Who } from './deal-helpers';

let d: DealContext;
beforeAll(async () => {
  d = await setupDealApp();
});
afterAll(() => d.close());

const parties = async () => ({ customer: await makePerson(d.db, 'customer'), executor: await makePerson(d.db, 'executor'), replier: await makePerson(d.db, 'executor') });
const keyed = (who: Person, key: string): Who => ({ headers: { ...who.headers, 'idempotency-key': key } });
const notices = async (who: Person) => (await d.db.query<{ message: string }>('select message from notifications where user_id = $1 order by id', [who.userId])).map((n) => n.message);
const history = async (id: number) => (await d.db.query<{ n: number }>('select count(*)::int as n from application_history where application_id = $1', [id]))[0]!.n;

describe('a write sent again with its key', () => {
  it('a step done answers as it did the first time, once in the history, with one notice to the other party', async () => {
    const p = await parties();
    const { id } = await applicationIn(d, 'in_work', p);
    const [steps, told] = [await history(id), (await notices(p.customer)).length];

    const first = await d.api.post(keyed(p.executor, 'confirm-1'), 'application/confirm-execution', { id });
    expect(first.status).toBe(200);
    const again = await d.api.post(keyed(p.executor, 'confirm-1'), 'application/confirm-execution', { id });
    expect(again).toEqual(first);
    expect(await history(id)).toBe(steps + 1);
    expect((await notices(p.customer)).length).toBe(told + 1);

    // Without a key, or with another one, it is another write: the step is done already.
    expect((await d.api.post(p.executor, 'application/confirm-execution', { id })).status).toBe(409);
    expect((await d.api.post(keyed(p.executor, 'confirm-2'), 'application/confirm-execution', { id })).status).toBe(409);
  });

  it('an upload sent again makes no second version, and the other party hears of one contract', async () => {
    const p = await parties();
    const { id } = await applicationIn(d, 'executor_named', p);
    // Sent again by the browser: the same bytes, its form's boundary included.
    const upload = (file: FilePart) => d.api.form(keyed(p.customer, 'contract-1'), 'application/contract/upload', { id: String(id) }, [file], '----sent-again');
    const first = await upload(SAMPLE_PDF);
    expect(first.status).toBe(200);
    expect(await upload(SAMPLE_PDF)).toEqual(first);
    // The app's own retry after a session renewal sends the same file in a new form, its boundary new (QA LLL-1).
    const boundaryOfSameLength = '----sent-ag41n';
    expect(await d.api.form(keyed(p.customer, 'contract-1'), 'application/contract/upload', { id: String(id) }, [SAMPLE_PDF], boundaryOfSameLength)).toEqual(first);
    // Other bytes under the same key are another upload, refused rather than answered as the first (QA III-4).
    expect((await upload({ name: 'Договор.pdf', bytes: Buffer.concat([SAMPLE_PDF.bytes, Buffer.from('% v2\n')]) })).body.code).toBe('idempotency_key_reused');
    const versions = await d.db.query('select version from signed_documents where application_id = $1 and kind = $2', [id, 'contract']);
    expect(versions).toHaveLength(1);
    expect((await notices(p.executor)).filter((n) => /договор/.test(n))).toHaveLength(1);
  });

  it('sent again while the first still runs, it waits for that one and gets its answer: no 409 from its own effect', async () => {
    const p = await parties();
    const { id } = await applicationIn(d, 'in_work', p);
    const [steps, told] = [await history(id), (await notices(p.customer)).length];

    const both = await Promise.all([1, 2].map(() => d.api.post(keyed(p.executor, 'confirm-together'), 'application/confirm-execution', { id })));
    expect(both[0]!.status).toBe(200);
    expect(both[1]).toEqual(both[0]);
    expect(await history(id)).toBe(steps + 1);
    expect((await notices(p.customer)).length).toBe(told + 1);
  });

  it('sent again while the first still runs, however long, it is not run beside it: the key is claimed in the database, for every API node (QA III-3)', async () => {
    // PGlite runs one query at a time, so the test above rarely overlaps the two: here the first
    // write is held open until the second has come, as a busy PostgreSQL server would hold it.
    const server = { db: d.db };
    const log = { info: () => undefined, warn: () => undefined };
    const replyTo = () => ({ statusCode: 200, code(status: number) { this.statusCode = status; return this; } });
    const key = { userId: (await makePerson(d.db, 'customer')).userId, key: 'held-1', call: 'user/update', bodySha256: 'a'.repeat(64), upload: false };
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let runs = 0;
    const write = async () => {
      runs += 1;
      await held;
      return { data: { done: runs } };
    };
    const first = answeredOnce({ server, log } as never, replyTo() as never, key, write);
    const again = answeredOnce({ server, log } as never, replyTo() as never, key, write);
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    expect(await again).toEqual(await first);
    expect(runs).toBe(1);
  });

  it('an upload sent again while the first is still being received is not held back by it: it runs (QA LLL-2)', async () => {
    // A body cut on the browser's side only leaves the first one waiting for bytes for minutes.
    const server = { db: d.db };
    const log = { info: () => undefined, warn: () => undefined };
    const replyTo = () => ({ statusCode: 200, code(status: number) { this.statusCode = status; return this; } });
    const key = { userId: (await makePerson(d.db, 'customer')).userId, key: 'upload-held', call: 'application/document/upload', bodySha256: 'b'.repeat(64), upload: true };
    let runs = 0;
    const stuck = answeredOnce({ server, log } as never, replyTo() as never, key, () => {
      runs += 1;
      return new Promise<never>(() => undefined);
    });
    void stuck;
    const again = await answeredOnce({ server, log } as never, replyTo() as never, key, async () => {
      runs += 1;
      return { data: { id: 1 } };
    });
    expect(again).toEqual({ data: { id: 1 } });
    expect(runs).toBe(2);
    // Kept for a later re-send.
    expect(await d.db.query('select status from request_answers where key = $1', ['upload-held'])).toEqual([{ status: 200 }]);
  });

  it('sent again while a first that fails still runs, it runs as any write: a refusal is not given twice for nothing', async () => {
    const p = await parties();
    const { id } = await applicationIn(d, 'executor_named', p);
    const both = await Promise.all([1, 2].map(() => d.api.post(keyed(p.executor, 'start-together'), 'application/start-working/executor', { id })));
    expect(both.map((r) => r.status)).toEqual([409, 409]);
    expect(await d.db.query("select 1 from request_answers where key = 'start-together'")).toEqual([]);
  });

  it('the same key with another body, on another call or from another profile is refused, not answered for the other write; another user\'s is his own', async () => {
    const p = await parties();
    must(await d.api.post(keyed(p.customer, 'k'), 'user/update', { name: 'Анна Первая' }), 'name');
    const reused = { status: 409, body: { code: 'idempotency_key_reused', message: IDEMPOTENCY_KEY_REUSED } };
    // Another body: neither the first answer given for it (QA III-4) nor run under a key already taken.
    expect(await d.api.post(keyed(p.customer, 'k'), 'user/update', { name: 'Анна Вторая' })).toMatchObject(reused);
    expect(must(await d.api.get(p.customer, 'user/get/token', {}), 'me').name).toBe('Анна Первая');
    // Another call with the same key.
    const { id } = await applicationIn(d, 'in_work', await parties());
    expect(await d.api.post(keyed(p.customer, 'k'), 'application/confirm-execution', { id })).toMatchObject(reused);
    // The same call and body for another of his profiles (QA III-1).
    const forOther = { headers: { ...p.customer.headers, 'idempotency-key': 'k', 'x-profile-id': String(p.customer.profileId + 1000) } };
    expect(await d.api.post(forOther, 'user/update', { name: 'Анна Первая' })).toMatchObject(reused);
    // Another user with the same key: his own write.
    expect(must(await d.api.post(keyed(p.executor, 'k'), 'user/update', { name: 'Пётр Другой' }), 'other').name).toBe('Пётр Другой');
  });

  it('a kept answer is given again for minutes, not longer: an old one is dropped and the write runs', async () => {
    const p = await parties();
    const { id } = await applicationIn(d, 'in_work', p);
    expect((await d.api.post(keyed(p.executor, 'confirm-old'), 'application/confirm-execution', { id })).status).toBe(200);
    await d.db.query("update request_answers set created_at = now() - interval '11 minutes' where key = 'confirm-old'");
    expect((await d.api.post(keyed(p.executor, 'confirm-old'), 'application/confirm-execution', { id })).status).toBe(409);
  });

  it('a claim its server never answered (stopped mid-write) is taken back after minutes: the write runs', async () => {
    const p = await parties();
    const { id } = await applicationIn(d, 'in_work', p);
    const sent = async () => d.api.post(keyed(p.executor, 'confirm-lost'), 'application/confirm-execution', { id });
    expect((await sent()).status).toBe(200);
    // As a server stopped before it kept the answer leaves it: the claim with no answer.
    await d.db.query("update request_answers set status = null, answer = null, created_at = now() - interval '3 minutes' where key = 'confirm-lost'");
    expect((await sent()).status).toBe(409);
    expect((await d.db.query("select status from request_answers where key = 'confirm-lost'"))).toEqual([]);
  });

  it('a claim of an earlier start of the same API node (a crash mid-write) is taken back at once: the re-send runs (QA PPP-3)', async () => {
    const p = await parties();
    const { id } = await applicationIn(d, 'in_work', p);
    const sent = async () => d.api.post(keyed(p.executor, 'confirm-crashed'), 'application/confirm-execution', { id });
    expect((await sent()).status).toBe(200);
    // Claimed by this node (host and port) and this start of it.
    const mine = (await d.db.query<{ claimed_by: string }>("select claimed_by from request_answers where key = 'confirm-crashed'"))[0]!.claimed_by;
    const node = mine.slice(0, mine.lastIndexOf('#'));
    // As a crash of an earlier start leaves it: the claim with no answer, seconds old, not minutes.
    await d.db.query("update request_answers set status = null, answer = null, claimed_by = $1 where key = 'confirm-crashed'", [`${node}#an-earlier-start`]);
    const started = Date.now();
    const resent = await sent();
    // It ran (the step is done, so 409), at once: not 20 s of waiting for «Этот запрос ещё выполняется».
    expect(Date.now() - started).toBeLessThan(5000);
    expect(resent.status).toBe(409);
    expect(resent.body.code).not.toBe('request_running');
  });

  it("a claim of another node's start that stopped saying it is alive (killed mid-write) is taken back at once by any node; a live start's claim is not", async () => {
    const p = await parties();
    const { id } = await applicationIn(d, 'in_work', p);
    const sent = async () => d.api.post(keyed(p.executor, 'confirm-other-node'), 'application/confirm-execution', { id });
    expect((await sent()).status).toBe(200);
    // Another host's start that beat 40 s ago and no more, as a process killed mid-write leaves its claim.
    await d.db.query("insert into api_starts (start, node, seen_at) values ('a-killed-start', 'other-host:8080', now() - interval '40 seconds')");
    await d.db.query("update request_answers set status = null, answer = null, claimed_by = 'other-host:8080#a-killed-start' where key = 'confirm-other-node'");
    const started = Date.now();
    const resent = await sent();
    // It ran (the step is done, so 409), at once: not 20 s of waiting for «Этот запрос ещё выполняется».
    expect(Date.now() - started).toBeLessThan(5000);
    expect([resent.status, resent.body.code]).toEqual([409, expect.not.stringMatching(/^request_running$/)]);

    // What the check reads: dead only for a start silent half a minute; one beating now, or one never
    // heard of (an older row, a process that does not listen), is left to the minutes' rule.
    const answers = requestAnswersRepository(d.db);
    await answers.alive('a-live-start', 'other-host:8081');
    const deadOf = async (claimedBy: string) => {
      const key = { userId: p.executor.userId, key: `dead-of-${claimedBy}`, call: 'user/update', bodySha256: 'b'.repeat(64) };
      expect(await answers.claim(key, claimedBy)).toBe(true);
      return (await answers.held(key, KEPT_ANSWER_MS, 120_000, DEAD_CLAIMANT_MS))!.dead;
    };
    expect(await deadOf('other-host:8080#a-killed-start')).toBe(true);
    expect(await deadOf('other-host:8081#a-live-start')).toBe(false);
    expect(await deadOf('other-host:8082#a-start-never-heard-of')).toBe(false);
  });

  it('a listening API process says it is alive, and again every few seconds', async () => {
    const beats = liveness({ db: d.db, node: 'this-host:1', intervalMs: 50, onError: (err) => { throw err; } });
    const seen = async () => (await d.db.query<{ node: string; seen: string }>('select node, seen_at::text as seen from api_starts where start = $1', [THIS_START]))[0];
    beats.start();
    try {
      const deadline = Date.now() + 5000;
      while (!(await seen()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      const first = await seen();
      expect(first?.node).toBe('this-host:1');
      while ((await seen())!.seen === first!.seen && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect((await seen())!.seen).not.toBe(first!.seen);
    } finally {
      await beats.stop();
    }
  });

  it('a read is never kept, a HEAD with a key neither (QA III-2)', async () => {
    const p = await parties();
    const head = await d.app.inject({ method: 'HEAD', url: '/api/user/get/token', headers: { ...p.customer.headers, 'idempotency-key': 'head-1' } });
    expect(head.statusCode).toBe(200);
    expect(await d.db.query('select 1 from request_answers where user_id = $1', [p.customer.userId])).toEqual([]);
  });

  it('a refusal is not kept: the same write sent again once it may runs', async () => {
    const p = await parties();
    const { id } = await applicationIn(d, 'executor_named', p);
    const early = await d.api.post(keyed(p.executor, 'start-1'), 'application/start-working/executor', { id });
    expect(early.status).toBe(409);
    expect(await d.db.query("select 1 from request_answers where key = 'start-1'")).toEqual([]);
    const { price } = must(await d.api.get(p.customer, 'application/get', { id }), 'get');
    await d.pay(id, Math.round(price * 100));
    expect((await d.api.post(keyed(p.executor, 'start-1'), 'application/start-working/executor', { id })).status).toBe(200);
  });

  it("a password change's answer, which carries tokens, is not kept", async () => {
    const p = await parties();
    await d.db.query("update users set password_hash = (select password_hash from users where phone = '79990000001') where id = $1", [p.customer.userId]);
    const change = { password: DEMO_PASSWORD, newPassword: 'new-password-2', newPasswordConfirm: 'new-password-2' };
    const first = await d.api.call(keyed(p.customer, 'pw-1'), 'PUT', 'user/password/change', change);
    expect(first.status).toBe(200);
    expect((await d.db.query('select 1 from request_answers where user_id = $1', [p.customer.userId]))).toEqual([]);
  });
});

describe('an answer that cannot be kept', () => {
  it('leaves the write done and answered as such, not a 500', async () => {
    const p = await parties();
    const { id } = await applicationIn(d, 'in_work', p);
    await d.db.exec('alter table request_answers rename to request_answers_away');
    try {
      const done = await d.api.post(keyed(p.executor, 'confirm-away'), 'application/confirm-execution', { id });
      expect(done.status).toBe(200);
      expect(done.body.data.status).toBe('on_review');
    } finally {
      await d.db.exec('alter table request_answers_away rename to request_answers');
    }
  });
});
