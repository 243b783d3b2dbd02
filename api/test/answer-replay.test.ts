/**
 * A write sent again with its `Idempotency-Key` (Chromium re-sends a request, POSTs too, when a
 * reused connection breaks before the answer: QA EEE-2) gets the answer its first sending got, and
 * is not run twice: a step done is not answered 409 to the user who did it, an upload makes no second
 * version, the other party gets one notice. Another body, another call, another user, a failure
 * or a write whose answer carries tokens is run as any write is.
 */
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
    const upload = (file: FilePart) => d.api.upload(keyed(p.customer, 'contract-1'), 'application/contract/upload', { id: String(id) }, file);
    const first = await upload(SAMPLE_PDF);
    expect(first.status).toBe(200);
    // The key alone names the upload (its body is not read again): even other bytes get the first answer.
    expect(await upload({ name: 'Договор.pdf', bytes: Buffer.concat([SAMPLE_PDF.bytes, Buffer.from('% v2\n')]) })).toEqual(first);
    const versions = await d.db.query('select version from signed_documents where application_id = $1 and kind = $2', [id, 'contract']);
    expect(versions).toHaveLength(1);
    expect((await notices(p.executor)).filter((n) => /договор/.test(n))).toHaveLength(1);
  });

  it('the same key with another body, on another call or by another user is that write, run as any is', async () => {
    const p = await parties();
    must(await d.api.post(keyed(p.customer, 'k'), 'user/update', { name: 'Анна Первая' }), 'name');
    // Another body: the other name is set, not the first answer given again.
    expect(must(await d.api.post(keyed(p.customer, 'k'), 'user/update', { name: 'Анна Вторая' }), 'renamed').name).toBe('Анна Вторая');
    // Another call with the same key: run (here refused, as the application is not his).
    const { id } = await applicationIn(d, 'in_work', await parties());
    expect((await d.api.post(keyed(p.customer, 'k'), 'application/confirm-execution', { id })).status).toBe(403);
    // Another user with the same key: his own write.
    expect(must(await d.api.post(keyed(p.executor, 'k'), 'user/update', { name: 'Пётр Другой' }), 'other').name).toBe('Пётр Другой');
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
