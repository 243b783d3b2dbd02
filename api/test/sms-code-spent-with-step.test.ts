import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { ageSmsCodes, applicationIn, caller, lastSmsCode, makePerson, meddling, must, setupDealApp, type DealContext } from './deal-helpers';

/**
 * A step confirmed by SMS code (the executor's cancel, a signature) spends the code in the step's
 * own transaction (QA Y-5). Before, the code was spent first and the step then lost to the other
 * side's step (409): the retry with the same code heard «code expired» instead of the real reason.
 * The race is staged inside the step's transaction, right before its row lock: the other side's
 * status change, rolled back with the step, so the retry on the untouched deal goes through.
 */
let d: DealContext;
let raced: FastifyInstance;
let races = 0;
/** The phone whose code a parallel call with the same code spends, staged as `races` is (QA OO-6). */
let spentMeanwhile: string | undefined;
beforeAll(async () => {
  d = await setupDealApp();
  const lax = { max: 1_000_000, windowSeconds: 1 };
  const db = meddling(d.db, /^select id from applications where id = \$1 for update$/, async (tx, params) => {
    if (spentMeanwhile !== undefined) {
      const phone = spentMeanwhile;
      spentMeanwhile = undefined;
      await tx.query('update sms_codes set consumed_at = now() where phone = $1 and consumed_at is null', [phone]);
      return;
    }
    if (races === 0) return;
    races -= 1;
    await tx.query(`update applications set status = 'unpublished' where id = $1`, [params?.[0]]);
  });
  raced = await buildApp({ config: testConfig(), db, logger: false, auth: { limits: { smsPerIp: lax, smsPerPhone: lax, smsGlobal: lax } } });
});
afterAll(async () => {
  await raced.close();
  await d.close();
});

const spent = async (phone: string) =>
  (await d.db.query<{ spent: boolean }>(`select consumed_at is not null as spent from sms_codes where phone = $1 order by id desc limit 1`, [phone]))[0]!.spent;

/** A deal with its executor named, and the code the executor was sent to cancel it with. */
async function cancelWithCode() {
  const customer = await makePerson(d.db, 'customer');
  const executor = await makePerson(d.db, 'executor');
  const replier = await makePerson(d.db, 'executor');
  const deal = await applicationIn(d, 'executor_named', { customer, executor, replier });
  must(await d.api.post(executor, 'application/cancel/executor/send/sms', { id: deal.id }), 'send');
  return { customer, executor, deal, code: await lastSmsCode(d.db, executor.phone) };
}

/** A deal with its contract uploaded, and the code the customer was sent to sign it with. */
async function signWithCode() {
  const customer = await makePerson(d.db, 'customer');
  const executor = await makePerson(d.db, 'executor');
  const replier = await makePerson(d.db, 'executor');
  const deal = await applicationIn(d, 'executor_named', { customer, executor, replier }, { contract: true });
  await ageSmsCodes(d.db, customer.phone);
  must(await d.api.post(customer, 'application/contract/send/sms', { id: deal.id }), 'send');
  return { customer, deal, code: await lastSmsCode(d.db, customer.phone) };
}

it('an executor’s cancel that loses keeps its code, and the retry with it cancels', async () => {
  const { executor, deal, code } = await cancelWithCode();

  races = 1;
  expect((await caller(raced).post(executor, 'application/cancel/executor', { id: deal.id, code })).status).toBe(409);
  expect(await spent(executor.phone)).toBe(false);

  expect((await d.api.post(executor, 'application/cancel/executor', { id: deal.id, code })).status).toBe(200);
  expect(await spent(executor.phone)).toBe(true);
});

it('a signature that loses keeps its code, and the retry with it signs', async () => {
  const { customer, deal, code } = await signWithCode();

  races = 1;
  expect((await caller(raced).post(customer, 'application/contract/sign', { id: deal.id, code })).status).toBe(409);
  expect(await spent(customer.phone)).toBe(false);

  must(await d.api.post(customer, 'application/contract/sign', { id: deal.id, code }), 'sign');
  expect(await spent(customer.phone)).toBe(true);
  const { contract } = must(await d.api.get(customer, 'application/get', { id: deal.id }), 'get');
  expect(contract.signatures).toHaveLength(1);
});

/**
 * The same code in two calls at once (two tabs, a double click): both pass `verify`, which does not
 * spend it; only the step's conditional spend stops the second. Staged: the first call's spend
 * commits right before the second's row lock.
 */
it('a code spent meanwhile by a parallel signature is refused as expired, and the signature rolls back (QA OO-6)', async () => {
  const { customer, deal, code } = await signWithCode();

  spentMeanwhile = customer.phone;
  const answer = await caller(raced).post(customer, 'application/contract/sign', { id: deal.id, code });
  expect(spentMeanwhile).toBeUndefined();
  expect([answer.status, answer.body.code]).toEqual([422, 'code_expired']);
  const { contract } = must(await d.api.get(customer, 'application/get', { id: deal.id }), 'get');
  expect(contract.signatures).toHaveLength(0);
});

it('a code spent meanwhile by a parallel executor’s cancel is refused as expired, and the deal stays as it was (QA OO-6)', async () => {
  const { customer, executor, deal, code } = await cancelWithCode();

  spentMeanwhile = executor.phone;
  const answer = await caller(raced).post(executor, 'application/cancel/executor', { id: deal.id, code });
  expect(spentMeanwhile).toBeUndefined();
  expect([answer.status, answer.body.code]).toEqual([422, 'code_expired']);
  expect(must(await d.api.get(customer, 'application/get', { id: deal.id }), 'get').status).toBe('executor_named');
});
