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
beforeAll(async () => {
  d = await setupDealApp();
  const lax = { max: 1_000_000, windowSeconds: 1 };
  const db = meddling(d.db, /^select id from applications where id = \$1 for update$/, async (tx, params) => {
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

it('an executor’s cancel that loses keeps its code, and the retry with it cancels', async () => {
  const customer = await makePerson(d.db, 'customer');
  const executor = await makePerson(d.db, 'executor');
  const replier = await makePerson(d.db, 'executor');
  const deal = await applicationIn(d, 'executor_named', { customer, executor, replier });
  must(await d.api.post(executor, 'application/cancel/executor/send/sms', { id: deal.id }), 'send');
  const code = await lastSmsCode(d.db, executor.phone);

  races = 1;
  expect((await caller(raced).post(executor, 'application/cancel/executor', { id: deal.id, code })).status).toBe(409);
  expect(await spent(executor.phone)).toBe(false);

  expect((await d.api.post(executor, 'application/cancel/executor', { id: deal.id, code })).status).toBe(200);
  expect(await spent(executor.phone)).toBe(true);
});

it('a signature that loses keeps its code, and the retry with it signs', async () => {
  const customer = await makePerson(d.db, 'customer');
  const executor = await makePerson(d.db, 'executor');
  const replier = await makePerson(d.db, 'executor');
  const deal = await applicationIn(d, 'executor_named', { customer, executor, replier }, { contract: true });
  await ageSmsCodes(d.db, customer.phone);
  must(await d.api.post(customer, 'application/contract/send/sms', { id: deal.id }), 'send');
  const code = await lastSmsCode(d.db, customer.phone);

  races = 1;
  expect((await caller(raced).post(customer, 'application/contract/sign', { id: deal.id, code })).status).toBe(409);
  expect(await spent(customer.phone)).toBe(false);

  must(await d.api.post(customer, 'application/contract/sign', { id: deal.id, code }), 'sign');
  expect(await spent(customer.phone)).toBe(true);
  const { contract } = must(await d.api.get(customer, 'application/get', { id: deal.id }), 'get');
  expect(contract.signatures).toHaveLength(1);
});
