import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { createClient } from 'redis';
import type { Socket } from 'socket.io-client';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import type { Db } from '../src/db';
import { signAccessToken } from '../src/lib/jwt';
import { notificationService } from '../src/modules/notification/service';
import { profileRoom } from '../src/plugins/socket';
import { DEMO_PASSWORD } from '../src/seed/people';
import { openTestDb, userIdByPhone } from './helpers';
import { redisServerAvailable, startRedis, type TestRedis } from './redis-server';
import { listenOnLoopback, socketClients } from './socket-helpers';

// Issue 11: two API nodes in one process, one database, one Redis (REDIS_URL): socket events,
// session ends and SMS limits cross from node A to node B. Needs `redis-server` (CI installs it).

const haveRedis = redisServerAvailable();
if (!haveRedis) console.warn('redis-two-nodes.test.ts skipped: no redis-server binary on PATH (apt-get install redis-server; CI installs it)');
const describeWithRedis = haveRedis ? describe : describe.skip;

// Far from today: the limits' windows start empty.
const T0 = Date.UTC(2031, 2, 3, 10, 0, 0);
let clock = T0;
let redis: TestRedis;
let db: Db;
let closeDb: () => Promise<void>;
const nodes: Array<{ app: FastifyInstance; url: string }> = [];
const connect = socketClients();

async function startNode(redisUrl: string) {
  const app = await buildApp({
    config: testConfig({ redisUrl }),
    db,
    logger: false,
    now: () => clock,
    auth: {
      smsProvider: { send: async () => undefined },
      limits: { smsPerPhone: { max: 1, windowSeconds: 3600 }, smsPerIp: { max: 2, windowSeconds: 3600 }, smsGlobal: { max: 1000, windowSeconds: 60 } },
    },
  });
  return { app, url: await listenOnLoopback(app) };
}

// One database for the file (on PostgreSQL a second one would have the same name and drop this one).
beforeAll(async () => {
  ({ db, close: closeDb } = await openTestDb());
  if (!haveRedis) return;
  redis = await startRedis();
  nodes.push(await startNode(redis.url), await startNode(redis.url));
});
afterAll(async () => {
  for (const node of nodes) await node.app.close();
  await closeDb();
  if (haveRedis) await redis.stop();
});

const A = () => nodes[0]!;
const B = () => nodes[1]!;

async function call(node: { app: FastifyInstance }, method: 'POST' | 'PUT' | 'GET', path: string, payload?: object, opts: { token?: string; ip?: string } = {}) {
  const res = await node.app.inject({
    method,
    url: `/api/${path}`,
    ...(payload ? { payload } : {}),
    headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
    remoteAddress: opts.ip ?? '127.0.0.1',
  });
  return { status: res.statusCode, body: res.json(), retryAfter: res.headers['retry-after'] };
}

async function login(phone: string) {
  const res = await call(A(), 'POST', 'login', { phone, password: DEMO_PASSWORD });
  expect(res.status).toBe(200);
  return res.body.data as { token: string; refresh_token: string };
}

type Tab = Socket & { heard: Array<[string, unknown]>; ended: string[] };

/** A socket connected to one node, recording what it hears and why it ended. */
async function socketOn(node: { url: string }, token: string): Promise<Tab> {
  const s = Object.assign(await connect(node.url, token), { heard: [] as Array<[string, unknown]>, ended: [] as string[] });
  s.onAny((event: string, payload: unknown) => s.heard.push([event, payload]));
  s.on('disconnect', (reason) => s.ended.push(reason));
  // The profile rooms are joined after one query; let it finish before emitting to them.
  await new Promise((r) => setTimeout(r, 100));
  return s;
}

async function until(condition: () => boolean, what: string) {
  for (let i = 0; i < 60 && !condition(); i++) await new Promise((r) => setTimeout(r, 50));
  if (!condition()) throw new Error(`timed out waiting for ${what}`);
}

const settle = () => new Promise((r) => setTimeout(r, 200));

describe('REDIS_URL at start', () => {
  it('an unreachable Redis stops the start with one clear error', async () => {
    // Nothing listens on port 1; the password must not reach the message.
    const url = 'redis://:secret@127.0.0.1:1';
    await expect(buildApp({ config: testConfig({ redisUrl: url }), db, logger: false })).rejects.toThrow(
      /^Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:1 \(REDIS_URL\) is unreachable: connect ECONNREFUSED/,
    );
  });
});

describeWithRedis('two API nodes sharing Redis', () => {
  it('keeps no in-process cache of public answers on either node (another node’s write could not clear it)', async () => {
    expect([A().app.publicCache.enabled, B().app.publicCache.enabled]).toEqual([false, false]);
    await B().app.inject({ method: 'GET', url: '/api/service/get-collection' });
    await B().app.inject({ method: 'GET', url: '/api/service/get-collection' });
    expect(B().app.publicCache.size).toBe(0);
  });

  it('a socket on node B hears a notification and a message emitted through node A', async () => {
    const userId = await userIdByPhone(db, '79990000001');
    const other = await socketOn(B(), (await login('79990000002')).token);
    const tab = await socketOn(B(), (await login('79990000001')).token);
    const sent = await notificationService({ db, io: A().app.io }).notify({ userId, message: 'Новый отклик на заявку № 7' });
    const [profile] = await db.query<{ id: number }>("select id from profiles where user_id = $1 and type <> 'organization' order by id limit 1", [userId]);
    const message = { message: { id: 1, text: 'Здравствуйте' } };
    A().app.io.to(profileRoom(profile!.id)).emit('message', message);
    await until(() => tab.heard.length >= 2, 'both events on node B');
    expect(tab.heard).toEqual([
      ['notification', sent],
      ['message', message],
    ]);
    await settle();
    expect(other.heard).toEqual([]);
  });

  it('node A binds a socket that is connected to node B (user/socket/update finds it through Redis)', async () => {
    const pair = await login('79990000003');
    const tab = await socketOn(B(), pair.token);
    expect((await call(A(), 'PUT', 'user/socket/update', { id: tab.id }, { token: pair.token })).status).toBe(200);
    expect((await call(A(), 'PUT', 'user/socket/update', { id: 'no-such-socket' }, { token: pair.token })).status).toBe(404);
  });

  it('a logout through node A disconnects the session’s socket on node B, and no other', async () => {
    const ending = await login('79990000004');
    const staying = await login('79990000004');
    const tabB = await socketOn(B(), ending.token);
    const tabA = await socketOn(A(), ending.token);
    const otherB = await socketOn(B(), staying.token);
    expect((await call(A(), 'POST', 'logout', { refresh_token: ending.refresh_token })).status).toBe(200);
    await until(() => tabB.ended.length > 0 && tabA.ended.length > 0, 'the disconnects');
    expect(tabB.ended).toEqual(['io server disconnect']);
    expect(tabA.ended).toEqual(['io server disconnect']);
    await settle();
    expect(otherB.connected).toBe(true);
    expect(otherB.ended).toEqual([]);
  });

  it('an SMS counted on node A is refused on node B, until it leaves the window', async () => {
    clock = T0 + 60_000;
    expect((await call(A(), 'POST', 'register/code-receive/phone', { phone: '79005550001' }, { ip: '10.9.0.1' })).status).toBe(200);
    clock += 61_000;
    const refused = await call(B(), 'POST', 'register/code-receive/phone', { phone: '79005550001' }, { ip: '10.9.0.2' });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('sms_rate_limited');
    // A sliding window: the hour runs from the first send (T0 + 60 s), not from the clock's hour.
    expect(refused.retryAfter).toBe(String(3600 - 61));
  });

  it('a refused send uses up nothing, as the rolled-back transaction did in PostgreSQL', async () => {
    clock = T0 + 60_000;
    const ip = '10.9.1.1';
    expect((await call(A(), 'POST', 'register/code-receive/phone', { phone: '79005550101' }, { ip })).status).toBe(200);
    expect((await call(B(), 'POST', 'register/code-receive/phone', { phone: '79005550102' }, { ip })).status).toBe(200);
    // The address's two sends are used up: this one is refused, and its phone's count is taken back.
    expect((await call(A(), 'POST', 'register/code-receive/phone', { phone: '79005550103' }, { ip })).status).toBe(429);
    expect((await call(B(), 'POST', 'register/code-receive/phone', { phone: '79005550103' }, { ip: '10.9.1.2' })).status).toBe(200);
    expect((await call(B(), 'POST', 'register/code-receive/phone', { phone: '79005550104' }, { ip })).status).toBe(429);
    const client = createClient({ url: redis.url });
    await client.connect();
    try {
      // The address's log holds its two sends (the refused ones were taken back), and Redis will forget it.
      expect(await client.zCard(`market:rate-log:sms:ip:${ip}`)).toBe(2);
      expect(await client.pTTL(`market:rate-log:sms:ip:${ip}`)).toBeGreaterThan(0);
      expect(await client.pTTL(`market:rate-log:sms:ip:${ip}`)).toBeLessThanOrEqual(3601_000);
    } finally {
      await client.quit();
    }
  });

  it('a send just after the hour boundary still meets the one before it: the window slides, on either node', async () => {
    // 10:59:30, then 11:00:30: a clock-aligned hour would start afresh at 11:00 and let the second through.
    clock = T0 + 3600_000 - 30_000;
    expect((await call(A(), 'POST', 'register/code-receive/phone', { phone: '79005550301' }, { ip: '10.9.3.1' })).status).toBe(200);
    clock += 60_000;
    const refused = await call(B(), 'POST', 'register/code-receive/phone', { phone: '79005550301' }, { ip: '10.9.3.2' });
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toBe(String(3600 - 60));
    // Exactly an hour after the first send it leaves the window, and the next one goes out.
    clock = T0 + 2 * 3600_000 - 30_000 - 1000;
    expect((await call(B(), 'POST', 'register/code-receive/phone', { phone: '79005550301' }, { ip: '10.9.3.2' })).retryAfter).toBe('1');
    clock += 1000;
    expect((await call(B(), 'POST', 'register/code-receive/phone', { phone: '79005550301' }, { ip: '10.9.3.2' })).status).toBe(200);
  });

  // The last two stop the Redis of this file and start it again.
  it('with Redis gone, emits and logouts go on locally and nothing crashes', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const userId = await userIdByPhone(db, '79990000005');
      const pair = await login('79990000005');
      const tabA = await socketOn(A(), pair.token);
      await redis.stop();
      await settle();
      const sent = await notificationService({ db, io: A().app.io }).notify({ userId, message: 'Без Redis' });
      await until(() => tabA.heard.length > 0, 'the local notification');
      expect(tabA.heard).toEqual([['notification', sent]]);
      expect((await call(A(), 'POST', 'logout', { refresh_token: pair.refresh_token })).status).toBe(200);
      await until(() => tabA.ended.length > 0, 'the local disconnect');
      // A limit that cannot be counted refuses the call instead of letting it through unlimited.
      const refused = await call(B(), 'POST', 'register/code-receive/phone', { phone: '79005550201' }, { ip: '10.9.2.1' });
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual({ message: 'Сервис временно недоступен. Попробуйте позже', code: 'limits_unavailable' });
      expect((await call(B(), 'GET', 'health')).status).toBe(200);
      await settle();
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('when Redis is back, the nodes reconnect and events cross again', async () => {
    await redis.stop();
    redis = await startRedis(redis.port);
    const userId = await userIdByPhone(db, '79990000006');
    // Not a login: until the command client is back, a login cannot read its limits (500).
    const sessionId = randomUUID();
    await db.query('insert into auth_sessions (id, user_id) values ($1, $2)', [sessionId, userId]);
    const tab = await socketOn(B(), signAccessToken({ sub: userId, sid: sessionId }, 'test-secret', 3600, Math.floor(clock / 1000)));
    // Reconnecting backs off up to 5 s; until the subscriber is back, an emit reaches node A's sockets only.
    const notify = notificationService({ db, io: A().app.io });
    for (let i = 0; i < 80 && tab.heard.length === 0; i++) {
      await notify.notify({ userId, message: `Снова с Redis ${i}` });
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(tab.heard[0]).toEqual(['notification', expect.objectContaining({ message: expect.stringMatching(/^Снова с Redis/) })]);
  });
});
