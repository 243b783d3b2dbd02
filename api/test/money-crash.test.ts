/**
 * kill -9 in the middle of withdrawals (issue 10): the real API server runs as a child process
 * on a loopback port, on a PGlite data directory in a temp folder (or a schema of DATABASE_URL),
 * with the payout worker and the dev provider. It is killed while withdrawals are in flight and
 * the worker is sending, restarted on the same data, and then:
 * - every acknowledged withdrawal exists exactly once, and retrying its Idempotency-Key answers it;
 * - a retried key whose first answer was lost makes at most one payout;
 * - no payout is transferred twice, and money in = balance + completed payouts (transfers) + pending;
 * - the ledger balances.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../src/db';
import { migrate } from '../src/db/migrate';
import { openPglite } from '../src/db/pglite';
import { openPostgres } from '../src/db/postgres';
import { moneyService } from '../src/modules/money/service';
import { devPayoutProvider } from '../src/providers/payout';
import { seed } from '../src/seed';
import { authHeader } from './helpers';

// Two server starts dominate: about 25 s on a quiet machine, more under load.
jest.setTimeout(120_000);

const API_DIR = path.resolve(__dirname, '..');
const SCHEMA = 'api_test_money_crash';
const FUNDED = 4_000; // kopecks: 40 ₽
const REQUESTS = 40;
const KILL_AFTER_ACKS = 10;

const databaseUrl = process.env.DATABASE_URL;
let tmp: string;

/** The test's own connection: PostgreSQL stays open; PGlite only while no server holds the directory. */
async function openDb(): Promise<Db> {
  if (databaseUrl) return openPostgres(databaseUrl, { schema: SCHEMA, max: 2 });
  return openPglite(path.join(tmp, 'pglite'));
}

async function prepareDatabase(): Promise<void> {
  if (databaseUrl) {
    const admin = await openPostgres(databaseUrl, { max: 1 });
    await admin.exec(`drop schema if exists ${SCHEMA} cascade; create schema ${SCHEMA}`);
    await admin.close();
    const db = await openDb();
    await migrate(db);
    await seed(db);
    await db.close();
    return;
  }
  // The global setup's dump is a tar of a migrated, seeded data directory: unpacked, it is one.
  const dump = process.env.API_TEST_PGLITE_DUMP;
  const dir = path.join(tmp, 'pglite');
  mkdirSync(dir, { recursive: true });
  if (dump) {
    execFileSync('tar', ['-xf', dump, '-C', dir], { stdio: 'ignore' });
    return;
  }
  const db = await openPglite(dir);
  await migrate(db);
  await seed(db);
  await db.close();
}

function childEnv(port: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: tmp,
    JWT_SECRET: 'test-secret',
    LOG_LEVEL: 'info',
    PAYOUT_PROVIDER: 'dev',
    PAYOUT_POLL_SECONDS: '0.2',
    PAYOUT_CLAIM_TIMEOUT_SECONDS: '1',
    NO_COLOR: '1',
  };
  if (databaseUrl) {
    const sep = databaseUrl.includes('?') ? '&' : '?';
    env.DATABASE_URL = `${databaseUrl}${sep}options=${encodeURIComponent(`-c search_path=${SCHEMA}`)}`;
  }
  return env;
}

interface Server {
  child: ChildProcess;
  base: URL;
  output: string[];
}

/** Starts `src/server.ts` (on a free port unless given one) and resolves with its address once it logs that it listens. */
function startServer(port = 0): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], { cwd: API_DIR, env: childEnv(port), stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output.join('').slice(-2000)}`)), 40_000);
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      output.push(text);
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output.join(''));
      if (m) {
        clearTimeout(timer);
        resolve({ child, base: new URL(m[1]!), output });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}) before listening:\n${output.join('').slice(-2000)}`));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', () => r()));
}

async function stopServer(server: Server, signal: NodeJS.Signals): Promise<void> {
  const done = exited(server.child);
  server.child.kill(signal);
  await done;
}

interface Answer {
  status: number;
  body: any;
}

function request(server: Server, method: 'GET' | 'POST', url: string, headers: Record<string, string>, body?: unknown): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      new URL(`/api/${url}`, server.base),
      { method, headers: { ...headers, ...(payload ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) } : {}) }, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString() || 'null') });
          } catch (err) {
            reject(err);
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

let server: Server | undefined;
afterAll(async () => {
  if (server) await stopServer(server, 'SIGKILL');
  if (databaseUrl) {
    const admin = await openPostgres(databaseUrl, { max: 1 });
    await admin.exec(`drop schema if exists ${SCHEMA} cascade`);
    await admin.close();
  }
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

it('keeps every acknowledged withdrawal, pays none twice and balances the books across a kill -9', async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'money-crash-'));
  await prepareDatabase();

  // The people and money, written before any server runs.
  let db = await openDb();
  const [user] = await db.query<{ id: number }>(`insert into users (phone, name, phone_verified_at) values ('79550009901', 'Исполнитель Краш', now()) returning id`);
  const [profile] = await db.query<{ id: number }>(`insert into profiles (user_id, type, name) values ($1, 'executor', 'Исполнитель Краш') returning id`, [user!.id]);
  const profileId = profile!.id;
  await db.query('update users set active_profile_id = $2 where id = $1', [user!.id, profileId]);
  const headers = await authHeader(db, user!.id);
  const [requisite] = await db.query<{ id: number }>(
    `insert into bank_requisites (profile_id, recipient_name, inn, bic, correspondent_account, account, currency_id)
     select $1, 'Исполнитель Краш', '500100732259', '044525225', '30101810400000000225', '40817810099910004312', id from currencies where code = 'RUB' returning id`,
    [profileId],
  );
  const money = moneyService({ db, feePercent: 0 });
  const [application] = await db.query<{ id: number; customer: number }>('select id, customer_profile_id as customer from applications order by id limit 1');
  await money.recordPayment({ applicationId: application!.id, customerProfileId: application!.customer, amountKopecks: FUNDED + 500, operationId: 'crash-fund' });
  await money.release({ applicationId: application!.id, executorProfileId: profileId });
  // A node that died earlier between the transfer and its settlement: transferred, still pending, claimed long ago.
  const planted = await money.withdraw({ profileId, amountKopecks: 500, idempotencyKey: 'planted', bankRequisiteId: requisite!.id });
  await devPayoutProvider(db).send({ payoutId: planted.id, amountKopecks: 500, account: '40817810099910004312', bic: '044525225', recipientName: 'x', inn: '500100732259' });
  await db.query(`update payouts set attempts = 1, updated_at = now() - interval '1 hour' where id = $1`, [planted.id]);
  if (!databaseUrl) await db.close();

  // Round one: withdrawals in flight, the worker sending, then kill -9.
  server = await startServer();
  const keys = Array.from({ length: REQUESTS }, (_, i) => `crash-${i}`);
  // Every fifth one carries 13 kopecks: the dev bank refuses it and the money comes back.
  const amountOf = (i: number) => (i % 5 === 4 ? 1.13 : 1);
  const acknowledged = new Map<string, { id: number; amount: number }>();
  let acks = 0;
  let unknown = 0;
  let killed = false;
  const first = server;
  const killWhenDue = () => {
    if (!killed && acks >= KILL_AFTER_ACKS) {
      killed = true;
      first.child.kill('SIGKILL');
    }
  };
  let next = 0;
  const lanes = Array.from({ length: 6 }, async () => {
    while (next < REQUESTS && !killed) {
      const i = next++;
      try {
        const res = await request(first, 'POST', 'balance/refund_virtual_account', { ...headers, 'idempotency-key': keys[i]! }, { amount: amountOf(i), bankRequisiteId: requisite!.id });
        if (res.status === 200) {
          acknowledged.set(keys[i]!, { id: res.body.data.id, amount: res.body.data.amountKopecks });
          acks++;
        }
        killWhenDue();
      } catch {
        // The connection died with the server: this key's outcome is unknown.
        unknown++;
      }
    }
  });
  await Promise.all(lanes);
  await exited(first.child);
  expect(killed).toBe(true);
  expect(acknowledged.size).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
  // The other lanes had requests in flight when it died.
  expect(unknown).toBeGreaterThanOrEqual(1);

  // Round two: the same node started again (its port), on the same data; every key is tried again,
  // the worker finishes what is pending. The same node takes back at once the keys its killed start
  // had claimed (QA PPP-3), so each is answered, not 409 `request_running`: another node waits for
  // such a claim until the killed start has been silent 30 s (api_starts), longer than this retry.
  server = await startServer(Number(first.base.port));
  const second = server;
  const retry = (i: number) =>
    request(second, 'POST', 'balance/refund_virtual_account', { ...headers, 'idempotency-key': keys[i]! }, { amount: amountOf(i), bankRequisiteId: requisite!.id });
  const after = new Map<string, Answer>();
  await Promise.all(keys.map(async (key, i) => after.set(key, await retry(i))));
  for (const [key, first] of acknowledged) {
    expect({ key, status: after.get(key)!.status, id: after.get(key)!.body.data?.id, amount: after.get(key)!.body.data?.amountKopecks }).toEqual({ key, status: 200, ...first });
  }
  // Each key is paid (200) or refused for want of money, nothing else.
  for (const [key, answer] of after) {
    if (answer.status !== 200) expect({ key, status: answer.status, code: answer.body.code }).toEqual({ key, status: 409, code: 'insufficient_funds' });
  }
  // The second try of each key that made a payout answers the same payout again. Only those: a key
  // refused for want of money (409) and sent again after the worker failed a payout (the money came
  // back) could now be paid, and the books below check that round two's refusals made no payout.
  const paid = keys.flatMap((key, i) => (after.get(key)!.status === 200 ? [[key, i] as const] : []));
  const again = await Promise.all(paid.map(([, i]) => retry(i)));
  for (const [n, [key]] of paid.entries()) expect(again[n]!.body.data.id).toBe(after.get(key)!.body.data.id);
  const deadline = Date.now() + 15_000;
  let pending = Infinity;
  while (pending > 0 && Date.now() < deadline) {
    const list = await request(server, 'GET', 'balance/payout/get-collection?limit=100', headers);
    expect(list.status).toBe(200);
    pending = list.body.data.items.filter((p: { status: string }) => p.status === 'pending').length;
    if (pending > 0) await new Promise((r) => setTimeout(r, 200));
  }
  expect(pending).toBe(0);
  const balance = await request(server, 'GET', 'balance/get/token', headers);
  await stopServer(server, 'SIGTERM');
  server = undefined;

  // The books, read directly.
  if (!databaseUrl) db = await openDb();
  try {
    const payouts = await db.query<{ id: number; key: string; status: string; amount: string; attempts: number }>(
      'select id, idempotency_key as key, status, amount_kopecks::text as amount, attempts from payouts where profile_id = $1 order by id',
      [profileId],
    );
    const byKey = new Map(payouts.map((p) => [p.key, p]));
    expect(byKey.size).toBe(payouts.length);
    for (const [key, ack] of acknowledged) expect(byKey.get(key)?.id).toBe(ack.id);
    for (const [key, answer] of after) {
      if (answer.status === 200) expect(byKey.get(key)?.id).toBe(answer.body.data.id);
      else expect(byKey.has(key)).toBe(false);
    }
    expect(byKey.get('planted')).toMatchObject({ status: 'completed' });
    expect(payouts.filter((p) => p.status === 'pending')).toEqual([]);

    const transfers = await db.query<{ payoutId: number; amount: string }>(
      'select payout_id as "payoutId", amount_kopecks::text as amount from dev_payout_transfers where payout_id = any($1::int[])',
      [payouts.map((p) => p.id)],
    );
    const completed = payouts.filter((p) => p.status === 'completed');
    // One transfer per completed payout, of its amount; none for a failed one.
    expect(transfers.map((t) => [t.payoutId, Number(t.amount)]).sort((a, b) => a[0]! - b[0]!)).toEqual(completed.map((p) => [p.id, Number(p.amount)]));
    expect(payouts.some((p) => p.status === 'failed')).toBe(true);

    const [sum] = await db.query<{ n: string }>(`select coalesce(sum(amount_kopecks), 0)::text as n from ledger_entries where account = $1`, [`profile:${profileId}`]);
    const balanceKopecks = Number(sum!.n);
    expect(balance.body.data.amount).toBe(balanceKopecks / 100);
    expect(balanceKopecks).toBeGreaterThanOrEqual(0);
    const transferred = transfers.reduce((s, t) => s + Number(t.amount), 0);
    expect(balanceKopecks + transferred).toBe(FUNDED + 500);

    const [withdrawals] = await db.query<{ n: number }>(`select count(*)::int as n from ledger_transactions where kind = 'withdrawal' and profile_id = $1`, [profileId]);
    expect(withdrawals!.n).toBe(payouts.length);
    const [total] = await db.query<{ n: string }>('select coalesce(sum(amount_kopecks), 0)::text as n from ledger_entries');
    expect(Number(total!.n)).toBe(0);
    const unbalanced = await db.query('select transaction_id from ledger_entries group by transaction_id having sum(amount_kopecks) <> 0');
    expect(unbalanced).toEqual([]);
  } finally {
    await db.close();
  }
});
