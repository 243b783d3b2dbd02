import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { testConfig, type AppConfig } from '../src/config';
import type { Db } from '../src/db';
import type { SmsMessage } from '../src/providers/sms/types';
import { DEMO_PASSWORD } from '../src/seed/people';
import { openTestDb } from './helpers';

// Findings of the security review of the running API (issue 8): each test fails without its fix.

let db: Db;
let closeDb: () => Promise<void>;
const apps: FastifyInstance[] = [];
beforeAll(async () => {
  ({ db, close: closeDb } = await openTestDb());
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await closeDb();
});

async function app(config: Partial<AppConfig> = {}, limits = {}) {
  const built = await buildApp({ config: testConfig(config), db, logger: false, auth: { smsProvider: { send: async () => undefined }, limits } });
  apps.push(built);
  return built;
}

const post = (a: FastifyInstance, url: string, payload: object, remoteAddress = '10.9.0.1') =>
  a.inject({ method: 'POST', url: `/api/${url}`, payload, remoteAddress });

describe('development SMS inbox', () => {
  const inbox = (a: FastifyInstance, remoteAddress: string, headers: Record<string, string> = {}) =>
    a.inject({ method: 'GET', url: '/api/dev/sms?phone=79990000001', remoteAddress, headers });

  it('answers this machine only', async () => {
    const a = await app();
    expect((await inbox(a, '127.0.0.1')).statusCode).toBe(200);
    expect((await inbox(a, '::1')).statusCode).toBe(200);
    expect((await inbox(a, '::ffff:127.0.0.1')).statusCode).toBe(200);
    for (const foreign of ['10.0.0.7', '203.0.113.5', '::ffff:192.168.0.3']) {
      const res = await inbox(a, foreign);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Входящие СМС разработки доступны только с этого компьютера', code: 'dev_inbox_forbidden' });
    }
  });

  it('answers another machine that holds DEV_SMS_TOKEN, and no other token', async () => {
    const a = await app({ devSmsToken: 'a-long-dev-token' });
    expect((await inbox(a, '10.0.0.7', { 'x-dev-token': 'a-long-dev-token' })).statusCode).toBe(200);
    expect((await inbox(a, '10.0.0.7', { 'x-dev-token': 'a-long-dev-tokeN' })).statusCode).toBe(403);
    expect((await inbox(a, '10.0.0.7')).statusCode).toBe(403);
  });

  it('is refused before the query is read, so a foreign caller learns nothing from validation', async () => {
    const a = await app();
    expect((await a.inject({ method: 'GET', url: '/api/dev/sms?phone=nonsense', remoteAddress: '10.0.0.7' })).statusCode).toBe(403);
  });

  it('does not exist with a real SMS provider', async () => {
    const a = await app({ smsProvider: 'smsru', smsRuApiId: 'key' });
    expect((await inbox(a, '127.0.0.1')).statusCode).toBe(404);
  });
});

describe('registration code for a registered phone', () => {
  it('spends the per-IP send budget, so listing registered phones meets a 429', async () => {
    const a = await app({}, { smsPerIp: { max: 3, windowSeconds: 3600 } });
    const ip = '10.9.1.1';
    const answers: number[] = [];
    for (const phone of ['79990000001', '79990000002', '79990000003', '79990000004', '79990000005']) {
      answers.push((await post(a, 'register/code-receive/phone', { phone }, ip)).statusCode);
    }
    expect(answers).toEqual([409, 409, 409, 429, 429]);
    const refused = await post(a, 'register/code-receive/phone', { phone: '79990000006' }, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    // The same budget as real sends: a new phone from that IP is refused too.
    expect((await post(a, 'register/code-receive/phone', { phone: '79001112233' }, ip)).statusCode).toBe(429);
    // Another IP is not affected.
    expect((await post(a, 'register/code-receive/phone', { phone: '79990000001' }, '10.9.1.2')).statusCode).toBe(409);
  });
});

describe('password spraying', () => {
  it('caps failed logins from one IP across different phones', async () => {
    const a = await app();
    const ip = '10.9.2.1';
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const phone = `7900555${String(i).padStart(4, '0')}`;
      statuses.push((await post(a, 'login', { phone, password: 'wrong-password-1' }, ip)).statusCode);
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(statuses.slice(30)).toEqual(Array(10).fill(429));
    const blocked = await post(a, 'login', { phone: '79990000001', password: DEMO_PASSWORD }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'login_rate_limited', message: expect.stringMatching(/^Слишком много попыток входа. Попробуйте через \d+ (секунд[уы]?|минут[уы]?)$/) });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The right password from another address still logs in.
    expect((await post(a, 'login', { phone: '79990000001', password: DEMO_PASSWORD }, '10.9.2.2')).statusCode).toBe(200);
  });
});

describe('guesses at one phone from many addresses', () => {
  it('meet the phone’s own limit, which says how to get in, and password recovery lifts it', async () => {
    const sent: SmsMessage[] = [];
    const a = await buildApp({
      config: testConfig(),
      db,
      logger: false,
      auth: { smsProvider: { send: async (message) => void sent.push(message) }, limits: { loginFailuresPerPhone: { max: 12, windowSeconds: 3600 } } },
    });
    apps.push(a);
    const phone = '79990000013';
    const statuses: number[] = [];
    // One guess from each address: no address comes near its own limits.
    for (let i = 1; i <= 14; i++) statuses.push((await post(a, 'login', { phone, password: 'wrong-password-x' }, `10.9.6.${i}`)).statusCode);
    expect(statuses).toEqual([...Array(12).fill(401), 429, 429]);
    const shut = await post(a, 'login', { phone, password: DEMO_PASSWORD }, '10.9.6.100');
    expect(shut.statusCode).toBe(429);
    expect(shut.json()).toMatchObject({
      code: 'login_rate_limited',
      message: expect.stringMatching(/^Слишком много неудачных попыток входа с этим номером. Попробуйте через .+ или восстановите пароль по СМС$/),
    });
    expect(Number(shut.headers['retry-after'])).toBeGreaterThan(3000);
    // Other phones from the same addresses log in.
    expect((await post(a, 'login', { phone: '79990000001', password: DEMO_PASSWORD }, '10.9.6.1')).statusCode).toBe(200);

    expect((await post(a, 'user/password/recovery/send/sms', { phone }, '10.9.6.200')).statusCode).toBe(200);
    const code = sent.find((message) => message.phone === phone)!.meta!.code;
    const password = 'новый-пароль-12';
    expect((await post(a, 'user/password/recovery', { phone, code }, '10.9.6.200')).statusCode).toBe(200);
    const changed = await a.inject({ method: 'PUT', url: '/api/user/password/recovery/change', remoteAddress: '10.9.6.200', payload: { phone, code, password, passwordConfirm: password } });
    expect(changed.statusCode).toBe(200);
    expect((await post(a, 'login', { phone, password }, '10.9.6.100')).statusCode).toBe(200);
  });

  it('the owner locked out by his own guesses from his device gets in there with the password he recovered (QA AAD-2)', async () => {
    const sent: SmsMessage[] = [];
    const a = await buildApp({ config: testConfig(), db, logger: false, auth: { smsProvider: { send: async (message) => void sent.push(message) } } });
    apps.push(a);
    const phone = '79990000014';
    const ip = '10.9.7.1';
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await post(a, 'login', { phone, password: 'forgot-it-x' }, ip)).statusCode);
    expect(statuses).toEqual([...Array(10).fill(401), 429]);

    expect((await post(a, 'user/password/recovery/send/sms', { phone }, ip)).statusCode).toBe(200);
    const code = sent.find((message) => message.phone === phone)!.meta!.code;
    const password = 'вспомнил-пароль-14';
    expect((await post(a, 'user/password/recovery', { phone, code }, ip)).statusCode).toBe(200);
    const changed = await a.inject({ method: 'PUT', url: '/api/user/password/recovery/change', remoteAddress: ip, payload: { phone, code, password, passwordConfirm: password } });
    expect(changed.statusCode).toBe(200);
    expect((await post(a, 'login', { phone, password }, ip)).statusCode).toBe(200);
  });
});

describe('guesses sent at once', () => {
  const tally = (statuses: number[]) => statuses.reduce<Record<number, number>>((acc, status) => ({ ...acc, [status]: (acc[status] ?? 0) + 1 }), {});

  it('meet the login limit as a row of them does: 10 passwords checked of 40, then 429 even for the right one', async () => {
    const a = await app();
    const ip = '10.9.3.1';
    const answers = await Promise.all(Array.from({ length: 40 }, () => post(a, 'login', { phone: '79990000008', password: 'wrong-password-x' }, ip)));
    expect(tally(answers.map((answer) => answer.statusCode))).toEqual({ 401: 10, 429: 30 });
    expect((await post(a, 'login', { phone: '79990000008', password: DEMO_PASSWORD }, ip)).statusCode).toBe(429);
    expect((await post(a, 'login', { phone: '79990000008', password: DEMO_PASSWORD }, '10.9.3.2')).statusCode).toBe(200);
  });

  it('logins made right are not counted against the limit, a few at once or many in a row', async () => {
    const a = await app();
    const ip = '10.9.3.3';
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(Array.from({ length: 8 }, () => post(a, 'login', { phone: '79990000009', password: DEMO_PASSWORD }, ip)));
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
    }
    const wrong: number[] = [];
    for (let i = 0; i < 11; i++) wrong.push((await post(a, 'login', { phone: '79990000009', password: 'wrong-password-x' }, ip)).statusCode);
    expect(wrong).toEqual([...Array(10).fill(401), 429]);
  });

  it('meet the limit of «Текущий пароль» on a password change too', async () => {
    const a = await app();
    const ip = '10.9.3.4';
    const token: string = (await post(a, 'login', { phone: '79990000010', password: DEMO_PASSWORD }, ip)).json().data.token;
    const answers = await Promise.all(
      Array.from({ length: 15 }, () =>
        a.inject({ method: 'PUT', url: '/api/user/password/change', remoteAddress: ip, headers: { authorization: `Bearer ${token}` }, payload: { password: 'wrong-password-x', newPassword: 'new-password-77', newPasswordConfirm: 'new-password-77' } }),
      ),
    );
    expect(tally(answers.map((answer) => answer.statusCode))).toEqual({ 422: 10, 429: 5 });
    // Said as what it is, for the right password too: not «попыток входа» to a user signed in (QA AAD-3).
    const locked = await a.inject({ method: 'PUT', url: '/api/user/password/change', remoteAddress: ip, headers: { authorization: `Bearer ${token}` }, payload: { password: DEMO_PASSWORD, newPassword: 'new-password-77', newPasswordConfirm: 'new-password-77' } });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'password_rate_limited', message: expect.stringMatching(/^Слишком много неверных попыток ввода текущего пароля\. Попробуйте через \d+ (секунд[уы]?|минут[уы]?)$/) });
    // The phone's form asks for the same password, from the same budget.
    const phoneCode = await a.inject({ method: 'POST', url: '/api/user/update/phone/send/code', remoteAddress: ip, headers: { authorization: `Bearer ${token}` }, payload: { phone: '79115550011', password: DEMO_PASSWORD } });
    expect(phoneCode.statusCode).toBe(429);
  });
});

describe('password changes made at once', () => {
  const change = (a: FastifyInstance, token: string, newPassword: string, ip: string) =>
    a.inject({ method: 'PUT', url: '/api/user/password/change', remoteAddress: ip, headers: { authorization: `Bearer ${token}` }, payload: { password: DEMO_PASSWORD, newPassword, newPasswordConfirm: newPassword } });
  const wrongPassword = { code: 'wrong_password', message: 'Неверный текущий пароль', errors: { password: 'Неверный текущий пароль' } };

  it('from one session: exactly one succeeds, the others are told the current password is wrong', async () => {
    const a = await app();
    const ip = '10.9.4.1';
    const phone = '79990000011';
    const token: string = (await post(a, 'login', { phone, password: DEMO_PASSWORD }, ip)).json().data.token;
    const passwords = Array.from({ length: 5 }, (_, i) => `новый-пароль-${i}1`);
    const answers = await Promise.all(passwords.map((password) => change(a, token, password, ip)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 422)).toHaveLength(4);
    for (const refused of answers.filter((answer) => answer.statusCode === 422)) expect(refused.json()).toMatchObject(wrongPassword);
    // The password that won is the one that works; the others never became it.
    const won = statuses.indexOf(200);
    const logins = await Promise.all(passwords.map((password) => post(a, 'login', { phone, password }, '10.9.4.2')));
    expect(logins.map((login) => login.statusCode)).toEqual(passwords.map((_, i) => (i === won ? 200 : 401)));
    // Losing a race is not a wrong guess: the limit of «Текущий пароль» is untouched (10 wrong ones, then 429).
    const winner: string = answers[won]!.json().data.token;
    const wrong: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await a.inject({ method: 'PUT', url: '/api/user/password/change', remoteAddress: ip, headers: { authorization: `Bearer ${winner}` }, payload: { password: 'wrong-password-x', newPassword: 'new-password-77', newPasswordConfirm: 'new-password-77' } });
      wrong.push(res.statusCode);
    }
    expect(wrong).toEqual([...Array(10).fill(422), 429]);
  });

  it('from two sessions: one succeeds with a live pair, the other gets 422 instead of a dead pair', async () => {
    const a = await app();
    const ip = '10.9.4.3';
    const phone = '79990000012';
    const sessions = await Promise.all([1, 2].map(async () => (await post(a, 'login', { phone, password: DEMO_PASSWORD }, ip)).json().data));
    const answers = await Promise.all(sessions.map((session, i) => change(a, session.token, `другой-пароль-${i}2`, ip)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
    const won = answers.find((answer) => answer.statusCode === 200)!.json().data;
    expect(answers.find((answer) => answer.statusCode === 422)!.json()).toMatchObject(wrongPassword);
    const me = await a.inject({ method: 'GET', url: '/api/user/get/token', headers: { authorization: `Bearer ${won.token}` } });
    expect(me.statusCode).toBe(200);
    expect((await post(a, 'token/renew', { refresh_token: won.refresh_token }, ip)).statusCode).toBe(200);
  });
});

describe('token answers', () => {
  const uncached = (res: { headers: Record<string, unknown> }) => {
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.pragma).toBe('no-cache');
  };

  it('are never cached: login, renew, registration and password change', async () => {
    const codes: Record<string, string> = {};
    const built = await buildApp({
      config: testConfig(),
      db,
      logger: false,
      auth: { smsProvider: { send: async ({ phone, meta }) => void (codes[phone] = meta!.code) } },
    });
    apps.push(built);
    const ip = '10.9.3.1';
    const login = await post(built, 'login', { phone: '79990000002', password: DEMO_PASSWORD }, ip);
    expect(login.statusCode).toBe(200);
    uncached(login);
    const renewed = await post(built, 'token/renew', { refresh_token: login.json().data.refresh_token }, ip);
    expect(renewed.statusCode).toBe(200);
    uncached(renewed);

    const phone = '79005553311';
    expect((await post(built, 'register/code-receive/phone', { phone }, ip)).statusCode).toBe(200);
    expect((await post(built, 'register/code-check/phone', { phone, code: codes[phone] }, ip)).statusCode).toBe(200);
    const password = 'надёжный-пароль-7';
    const registered = await post(built, 'register', { phone, name: 'Пётр Иванов', password, passwordConfirm: password }, ip);
    expect(registered.statusCode).toBe(200);
    uncached(registered);

    const changed = await built.inject({
      method: 'PUT',
      url: '/api/user/password/change',
      remoteAddress: ip,
      headers: { authorization: `Bearer ${registered.json().data.token}` },
      payload: { password, newPassword: 'другой-пароль-8', newPasswordConfirm: 'другой-пароль-8' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.token).toEqual(expect.any(String));
    uncached(changed);
  });

  it('only they: public lists stay cacheable', async () => {
    const list = await (await app()).inject({ method: 'GET', url: '/api/service/get-collection' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).not.toBe('no-store');
  });
});
