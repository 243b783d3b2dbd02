import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import { USER_CHANGED_EVENT } from 'shared/contract';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import type { Db } from '../src/db';
import { userChanged } from '../src/plugins/socket';
import type { SmsMessage } from '../src/providers/sms';
import { DEMO_PASSWORD } from '../src/seed/people';
import { openTestDb } from './helpers';
import { listenOnLoopback, socketClients } from './socket-helpers';

// Issue 11: a revoked session (logout, refresh-token reuse, password change or recovery) ends
// every socket that was opened with one of its tokens, and no other socket.

let clock = Date.now();
let app: FastifyInstance;
let db: Db;
let closeDb: () => Promise<void>;
let url: string;
const sent: SmsMessage[] = [];
const connect = socketClients();
const lax = { max: 1000, windowSeconds: 3600 };

beforeAll(async () => {
  ({ db, close: closeDb } = await openTestDb());
  app = await buildApp({
    config: testConfig(),
    db,
    logger: false,
    now: () => clock,
    auth: { smsProvider: { send: async (m) => void sent.push(m) }, limits: { smsPerIp: lax, smsPerPhone: lax, smsGlobal: lax } },
  });
  url = await listenOnLoopback(app);
});
afterAll(async () => {
  await app.close();
  await closeDb();
});

interface Pair {
  token: string;
  refresh_token: string;
}

async function call(method: 'POST' | 'PUT', path: string, payload: object, token?: string) {
  const res = await app.inject({ method, url: `/api/${path}`, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.statusCode, body: res.json() };
}

async function login(phone: string, password = DEMO_PASSWORD): Promise<Pair> {
  const res = await call('POST', 'login', { phone, password });
  expect(res.status).toBe(200);
  return res.body.data as Pair;
}

/** A connected socket that remembers why it was disconnected. */
async function socketOf(token: string): Promise<Socket & { ended: string[] }> {
  const s = Object.assign(await connect(url, token), { ended: [] as string[] });
  s.on('disconnect', (reason) => s.ended.push(reason));
  return s;
}

/** Waits until the server has disconnected the socket (or fails the test after 3 s). */
async function serverEnded(s: Socket & { ended: string[] }): Promise<void> {
  for (let i = 0; i < 60 && s.ended.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
  expect(s.ended).toEqual(['io server disconnect']);
}

/** Lets in-flight frames arrive before asserting that something did not happen. */
const settle = () => new Promise((r) => setTimeout(r, 200));

/** Still connected and still served: the server answers a fresh bind for it, and its user's events reach it. */
async function stillServed(s: Socket & { ended: string[] }, token: string) {
  await settle();
  expect(s.ended).toEqual([]);
  expect(s.connected).toBe(true);
  expect((await call('PUT', 'user/socket/update', { id: s.id }, token)).status).toBe(200);
  const [server] = await app.io.in(s.id!).fetchSockets();
  const heard = new Promise((resolve) => s.once(USER_CHANGED_EVENT, resolve));
  userChanged(app.io, server!.data.userId as number);
  await expect(Promise.race([heard.then(() => 'heard'), settle().then(() => 'missed')])).resolves.toBe('heard');
}

describe('sockets of a revoked session', () => {
  it('logout by refresh token ends that session’s sockets (every tab) and not another session’s', async () => {
    const phone = '79990000007';
    const ending = await login(phone);
    const staying = await login(phone);
    const tab1 = await socketOf(ending.token);
    const tab2 = await socketOf(ending.token);
    const other = await socketOf(staying.token);
    expect((await call('POST', 'logout', { refresh_token: ending.refresh_token })).status).toBe(200);
    await serverEnded(tab1);
    await serverEnded(tab2);
    await stillServed(other, staying.token);
    // The tab cannot come back with the old token.
    await expect(socketOf(ending.token)).rejects.toMatchObject({ data: { code: 'token_invalid' } });
  });

  it('logout by an expired bearer alone ends the sockets of its session', async () => {
    const pair = await login('79990000008');
    const tab = await socketOf(pair.token);
    clock += 2 * 3600_000;
    try {
      expect((await call('POST', 'logout', {}, pair.token)).status).toBe(200);
    } finally {
      clock = Date.now();
    }
    await serverEnded(tab);
  });

  it('a password change ends the other sessions’ sockets and keeps the caller’s', async () => {
    const phone = '79990000009';
    const mine = await login(phone);
    const others = [await login(phone), await login(phone)];
    const myTab = await socketOf(mine.token);
    const otherTabs = await Promise.all(others.map((p) => socketOf(p.token)));
    const res = await call('PUT', 'user/password/change', { password: DEMO_PASSWORD, newPassword: 'новый-пароль-42', newPasswordConfirm: 'новый-пароль-42' }, mine.token);
    expect(res.status).toBe(200);
    for (const tab of otherTabs) await serverEnded(tab);
    await stillServed(myTab, res.body.data.token);
  });

  it('password recovery ends the sockets of every session of the user', async () => {
    const phone = '79990000010';
    const tabs = await Promise.all([await login(phone), await login(phone)].map((p) => socketOf(p.token)));
    const bystander = await login('79990000001');
    const bystanderTab = await socketOf(bystander.token);
    expect((await call('POST', 'user/password/recovery/send/sms', { phone })).status).toBe(200);
    const code = [...sent].reverse().find((m) => m.phone === phone)!.meta!.code as string;
    expect((await call('POST', 'user/password/recovery', { phone, code })).status).toBe(200);
    const res = await call('PUT', 'user/password/recovery/change', { phone, code, password: 'восстановлен-7', passwordConfirm: 'восстановлен-7' });
    expect(res.status).toBe(200);
    for (const tab of tabs) await serverEnded(tab);
    await stillServed(bystanderTab, bystander.token);
  });

  it('refresh-token reuse ends the family’s sockets', async () => {
    const first = await login('79990000011');
    const untouched = await login('79990000011');
    const renewed = await call('POST', 'token/renew', { refresh_token: first.refresh_token });
    expect(renewed.status).toBe(200);
    const tab = await socketOf(renewed.body.data.token);
    const otherTab = await socketOf(untouched.token);
    const reused = await call('POST', 'token/renew', { refresh_token: first.refresh_token });
    expect(reused).toMatchObject({ status: 401, body: { code: 'refresh_reused' } });
    await serverEnded(tab);
    await stillServed(otherTab, untouched.token);
  });
});

describe('a revocation that ends no session ends no socket (QA Z-2: `in([])` addresses every socket)', () => {
  it('an anonymous logout with an unknown refresh token leaves every socket connected and served', async () => {
    const bystander = await login('79990000003');
    const tab = await socketOf(bystander.token);
    expect((await call('POST', 'logout', { refresh_token: 'nonsense-token' })).status).toBe(200);
    await stillServed(tab, bystander.token);
  });

  it('a password change by a user with one session leaves his tab and a bystander’s connected and served', async () => {
    const only = await login('79990000004');
    const bystander = await login('79990000005');
    const myTab = await socketOf(only.token);
    const bystanderTab = await socketOf(bystander.token);
    const res = await call('PUT', 'user/password/change', { password: DEMO_PASSWORD, newPassword: 'новый-пароль-43', newPasswordConfirm: 'новый-пароль-43' }, only.token);
    expect(res.status).toBe(200);
    await stillServed(bystanderTab, bystander.token);
    await stillServed(myTab, res.body.data.token);
  });
});

describe('a revocation between the handshake and the join (QA Z-11)', () => {
  it('a session revoked after the handshake checked it, before its socket joined the session room, still ends that socket', async () => {
    const pair = await login('79990000006');
    const sid = JSON.parse(Buffer.from(pair.token.split('.')[1]!, 'base64url').toString()).sid as string;
    // After the handshake's own check: the logout finds no socket in the session's room yet.
    let loggedOut: number | undefined;
    app.io.use((socket, next) => {
      if (socket.handshake.auth.revokeAfterCheck !== true) return next();
      void app.inject({ method: 'POST', url: '/api/logout', headers: { authorization: `Bearer ${pair.token}` }, payload: {} }).then((res) => {
        loggedOut = res.statusCode;
        next();
      }, next);
    });
    const tab = await connect(url, pair.token, { auth: { token: pair.token, revokeAfterCheck: true } });
    expect(loggedOut).toBe(200);
    // The server's disconnect may come in the same read as the connect, before a listener could be
    // added: the socket's state says it.
    for (let i = 0; i < 60 && tab.connected; i++) await new Promise((r) => setTimeout(r, 50));
    expect(tab.connected).toBe(false);
    expect((await app.io.fetchSockets()).filter((s) => s.data.sessionId === sid)).toEqual([]);
  });
});
