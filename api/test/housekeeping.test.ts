/**
 * The housekeeping sweep (modules/housekeeping, QA AA-5): revoked and dead sessions with their
 * refresh tokens, expired SMS codes and phone confirmations, and old development inbox messages
 * go, and the writes' answers kept for their re-sends after a day; recent and live ones stay, and a
 * live session keeps working.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import type { Db } from '../src/db';
import { unauthorized } from '../src/plugins/auth';
import { housekeeping } from '../src/modules/housekeeping/sweeper';
import { localFileStorage } from '../src/providers/storage/local';
import { DEMO_PASSWORD } from '../src/seed/people';
import { setupTestApp, type TestContext } from './helpers';

const DAY = 24 * 3600 * 1000;
const T0 = Date.UTC(2031, 2, 1, 9, 0, 0);
let clock = T0;
let t: TestContext;
let app: FastifyInstance;
let db: Db;

beforeAll(async () => {
  t = await setupTestApp({}, { now: () => clock });
  ({ app, db } = t);
  app.get('/api/test/me', async (request) => {
    if (!(await app.authenticate(request))) throw unauthorized();
    return { data: true };
  });
});
afterAll(() => t.close());

const iso = (ms: number) => new Date(ms).toISOString();
const post = async (url: string, payload: object) => {
  const res = await app.inject({ method: 'POST', url: `/api/${url}`, payload });
  return { status: res.statusCode, data: res.json().data };
};
const login = async () => {
  const res = await post('login', { phone: '79990000001', password: DEMO_PASSWORD });
  expect(res.status).toBe(200);
  return res.data as { token: string; refresh_token: string };
};
const sessionId = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;
const me = async (token: string) => (await app.inject({ method: 'GET', url: '/api/test/me', headers: { authorization: `Bearer ${token}` } })).statusCode;
const exists = async (table: string, ids: readonly (string | number)[]) =>
  (await db.query<{ id: string | number }>(`select id from ${table} where id = any($1)`, [ids])).map((r) => r.id);
const tokensOf = async (sessionIds: readonly string[]) =>
  (await db.query<{ n: number }>('select count(*)::int as n from auth_refresh_tokens where session_id = any($1::uuid[])', [sessionIds]))[0]!.n;
const addCode = async (phone: string, createdAt: number, expiresAt: number) =>
  (
    await db.query<{ id: number }>(
      `insert into sms_codes (phone, purpose, subject, code_hash, created_at, expires_at) values ($1, 'recovery', '', 'hash', $2, $3) returning id`,
      [phone, iso(createdAt), iso(expiresAt)],
    )
  )[0]!.id;
const addInbox = async (sentAt: number) =>
  (await db.query<{ id: number }>(`insert into dev_sms_messages (phone, text, sent_at) values ('79990000001', 'Код', $1) returning id`, [iso(sentAt)]))[0]!.id;
const addVerification = async (expiresAt: number) =>
  (
    await db.query<{ id: number }>(`insert into phone_verifications (phone, purpose, created_at, expires_at) values ('79995550001', 'register', $1, $2) returning id`, [
      iso(expiresAt - 1800_000),
      iso(expiresAt),
    ])
  )[0]!.id;

const addAnswer = async (key: string, createdAt: number) =>
  (
    await db.query<{ id: string }>(
      `insert into request_answers (user_id, key, call, body_sha256, status, answer, created_at) values ((select min(id) from users), $1, 'application/close', repeat('0', 64), 200, '{}', $2) returning id`,
      [key, iso(createdAt)],
    )
  )[0]!.id;

const addStart = async (start: string, seenAt: number) =>
  (await db.query<{ id: string }>(`insert into api_starts (start, node, started_at, seen_at) values ($1, 'host:1', $2, $2) returning id`, [start, iso(seenAt)]))[0]!.id;

describe('the housekeeping sweep', () => {
  it('deletes what nothing needs any more, keeps what is recent or live, and a live session goes on working', async () => {
    clock = T0;
    const loggedOut = await login();
    expect((await post('logout', { refresh_token: loggedOut.refresh_token })).status).toBe(200);
    const abandoned = await login();
    const kept = await login();
    // Renewed a day before its refresh token would run out: live for another 30 days.
    clock = T0 + 29 * DAY;
    const renewed = await post('token/renew', { refresh_token: kept.refresh_token });
    expect(renewed.status).toBe(200);

    const now = T0 + 32 * DAY;
    clock = now - 3600_000;
    const recentlyOut = await login();
    expect((await post('logout', { refresh_token: recentlyOut.refresh_token })).status).toBe(200);
    clock = now;

    const oldCode = await addCode('79995550001', T0, T0 + 300_000);
    const recentlyExpiredCode = await addCode('79995550002', now - 3600_000 - 300_000, now - 3600_000);
    const liveCode = await addCode('79995550003', now - 60_000, now + 240_000);
    // A code expired long ago stays while an older one of its target is still valid.
    const longLived = await addCode('79995550004', now - 3 * DAY, now + DAY);
    const newerExpired = await addCode('79995550004', now - 2 * DAY - 300_000, now - 2 * DAY);
    const oldInbox = [];
    for (let i = 0; i < 5; i++) oldInbox.push(await addInbox(now - 8 * DAY - i));
    const recentInbox = await addInbox(now - 6 * DAY);
    const oldVerification = await addVerification(now - 2 * DAY);
    const recentVerification = await addVerification(now - 3600_000);
    const oldAnswer = await addAnswer('old', now - 2 * DAY);
    const recentAnswer = await addAnswer('recent', now - 60_000);
    const oldStart = await addStart('an-old-start', now - 2 * DAY);
    const recentStart = await addStart('a-recent-start', now - 60_000);

    const infos: Array<Record<string, unknown>> = [];
    const log = { info: (obj: object, msg?: string) => infos.push({ ...obj, msg }), error: jest.fn() };
    // Two rows a statement: a backlog goes in batches, all of it in one sweep.
    const sweeper = housekeeping({ db, log, now: () => clock, batch: 2 });
    const counts = await sweeper.runOnce();

    const [gone, live, recent] = [[loggedOut, abandoned], [kept], [recentlyOut]].map((s) => s.map((t) => sessionId(t.token)));
    expect(await exists('auth_sessions', gone!)).toEqual([]);
    expect(await tokensOf(gone!)).toBe(0);
    expect((await exists('auth_sessions', [...live!, ...recent!])).sort()).toEqual([...live!, ...recent!].sort());
    expect((await exists('sms_codes', [oldCode, recentlyExpiredCode, liveCode, longLived, newerExpired])).sort()).toEqual(
      [recentlyExpiredCode, liveCode, longLived, newerExpired].sort(),
    );
    expect((await exists('dev_sms_messages', [...oldInbox, recentInbox]))).toEqual([recentInbox]);
    expect(await exists('phone_verifications', [oldVerification, recentVerification])).toEqual([recentVerification]);
    expect(await exists('request_answers', [oldAnswer, recentAnswer])).toEqual([recentAnswer]);
    expect(await exists('api_starts', [oldStart, recentStart])).toEqual([recentStart]);
    expect(counts).toEqual({ revokedSessions: 1, expiredSessions: 1, smsCodes: 1, phoneVerifications: 1, devInbox: 5, requestAnswers: 1, apiStarts: 1, partialUploads: 0 });
    expect(infos).toEqual([expect.objectContaining({ msg: 'housekeeping sweep', ...counts, vacuumed: db.kind === 'pglite' })]);
    expect(log.error).not.toHaveBeenCalled();

    // The live session renews and its access token is accepted; nothing is left for another sweep.
    const again = await post('token/renew', { refresh_token: renewed.data.refresh_token });
    expect(again.status).toBe(200);
    expect(await me(again.data.token)).toBe(200);
    expect(await sweeper.runOnce()).toEqual({ revokedSessions: 0, expiredSessions: 0, smsCodes: 0, phoneVerifications: 0, devInbox: 0, requestAnswers: 0, apiStarts: 0, partialUploads: 0 });
    expect(infos[1]).toMatchObject({ vacuumed: false });
  });

  it('removes the partial files of uploads a stopped process left, not a file nor an upload in flight (QA AAJ-5)', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'housekeeping-files-'));
    try {
      const storage = localFileStorage(root);
      const left = path.join(root, 'facilities', 'a1b2.pdf.0f6c3c1e-5d0b-4a53-9a51-3c1b9a4e7d11.part');
      const writing = path.join(root, 'messages', 'c3d4.pdf.7a1e2b3c-4d5e-4f60-8a9b-0c1d2e3f4a5b.part');
      await storage.write('facilities/old.pdf', 'whole');
      mkdirSync(path.dirname(writing), { recursive: true });
      writeFileSync(left, 'cut short');
      writeFileSync(writing, 'still coming');
      const twoDaysAgo = new Date(Date.now() - 2 * DAY);
      utimesSync(left, twoDaysAgo, twoDaysAgo);
      utimesSync(path.join(root, 'facilities', 'old.pdf'), twoDaysAgo, twoDaysAgo);

      const log = { info: jest.fn(), error: jest.fn() };
      const counts = await housekeeping({ db, storage, log, now: () => Date.now() }).runOnce();
      expect(counts.partialUploads).toBe(1);
      expect([existsSync(left), existsSync(writing), await storage.exists('facilities/old.pdf')]).toEqual([false, true, true]);
      expect(log.error).not.toHaveBeenCalled();
      // A storage with no folder yet has nothing to sweep.
      expect(await localFileStorage(path.join(root, 'none')).sweepPartial!(new Date())).toBe(0);
      // A folder that cannot be read is said on its own line; the rows' sweep is done and said.
      const failing = { sweepPartial: () => Promise.reject(new Error('EACCES')) };
      const said = { info: jest.fn(), error: jest.fn() };
      expect(await housekeeping({ db, storage: failing, log: said, now: () => Date.now() }).runOnce()).toMatchObject({ partialUploads: 0, requestAnswers: expect.any(Number) });
      expect(said.error).toHaveBeenCalledWith(expect.objectContaining({ err: expect.any(Error) }), 'housekeeping: partial uploads not swept');
      expect(said.info).toHaveBeenCalledWith(expect.objectContaining({ partialUploads: 0 }), 'housekeeping sweep');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('sweeps on its own timer once started, and stops with the app', async () => {
    const swept = new Promise<object>((resolve) => {
      const sweeper = housekeeping({ db, log: { info: (obj) => void sweeper.stop().then(() => resolve(obj)), error: jest.fn() }, now: () => clock, firstRunMs: 0 });
      sweeper.start();
    });
    expect(await swept).toMatchObject({ revokedSessions: expect.any(Number), devInbox: expect.any(Number) });

    const withSweep = await buildApp({ config: testConfig(), db, logger: false, now: () => clock, housekeeping: true });
    await withSweep.ready();
    await withSweep.close();
  });
});
