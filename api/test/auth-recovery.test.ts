import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import type { Db } from '../src/db';
import { unauthorized } from '../src/plugins/auth';
import type { SmsMessage } from '../src/providers/sms';
import { DEMO_PASSWORD } from '../src/seed/people';
import { openTestDb } from './helpers';

const T0 = Date.UTC(2031, 0, 15, 9, 0, 1);
let clock = T0;
let app: FastifyInstance;
let db: Db;
let closeDb: () => Promise<void>;
// A recording provider: what reached "the operator", in order.
const sent: SmsMessage[] = [];
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
  app.get('/api/test/me', async (request) => {
    const user = await app.authenticate(request);
    if (!user) throw unauthorized();
    return { data: user };
  });
});
afterAll(async () => {
  await app.close();
  await closeDb();
});
beforeEach(() => {
  clock = T0;
  sent.length = 0;
});

const call = async (method: 'POST' | 'PUT', url: string, payload: unknown, headers: Record<string, string> = {}) => {
  const res = await app.inject({ method, url: `/api/${url}`, payload: payload as object, headers });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
};
const post = (url: string, payload: unknown, headers?: Record<string, string>) => call('POST', url, payload, headers);
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const me = async (token: string) => (await app.inject({ method: 'GET', url: '/api/test/me', headers: bearer(token) })).statusCode;
const codeSentTo = (phone: string) => [...sent].reverse().find((m) => m.phone === phone)?.meta?.code;
const login = async (phone: string, password = DEMO_PASSWORD) => (await post('login', { phone, password })).body.data as { token: string; refresh_token: string };

describe('password recovery', () => {
  it('code by SMS, check without spending it, change: the new password works and every session ends', async () => {
    const phone = '79990000003';
    const a = await login(phone);
    const b = await login(phone);
    const send = await post('user/password/recovery/send/sms', { phone: '+7 999 000-00-03' });
    expect(send.status).toBe(200);
    expect(send.body.data).toEqual({ codeReceived: Math.floor(T0 / 1000) });
    const code = codeSentTo(phone)!;
    expect(sent[0]!.text).toBe(`Код для восстановления пароля: ${code}. Никому не сообщайте его.`);

    // The change waits for the check of the code (ARCHITECTURE §3; QA OOO-4): refused, the code still good.
    const early = await call('PUT', 'user/password/recovery/change', { phone, code, password: 'восстановлен-7', passwordConfirm: 'восстановлен-7' });
    expect({ status: early.status, body: early.body }).toEqual({
      status: 422,
      body: { message: 'Сначала подтвердите код из СМС', code: 'code_not_checked', errors: { code: 'Сначала подтвердите код из СМС' } },
    });

    expect((await post('user/password/recovery', { phone, code })).body.data).toEqual({ phone, verified: true });
    expect((await post('user/password/recovery', { phone, code })).status).toBe(200);

    const weak = await call('PUT', 'user/password/recovery/change', { phone, code, password: 'password1', passwordConfirm: 'password1' });
    expect(weak.status).toBe(422);
    expect(weak.body.errors).toEqual({ password: 'Этот пароль слишком простой. Придумайте другой' });

    const changed = await call('PUT', 'user/password/recovery/change', { phone, code, password: 'восстановлен-7', passwordConfirm: 'восстановлен-7' });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toEqual({ ok: true });

    for (const s of [a, b]) {
      expect(await me(s.token)).toBe(401);
      expect((await post('token/renew', { refresh_token: s.refresh_token })).status).toBe(401);
    }
    const reasons = await db.query<{ revoke_reason: string }>(
      'select revoke_reason from auth_sessions s join users u on u.id = s.user_id where u.phone = $1',
      [phone],
    );
    expect(reasons.map((r) => r.revoke_reason)).toEqual(['password_reset', 'password_reset']);
    expect((await post('login', { phone, password: DEMO_PASSWORD })).status).toBe(401);
    expect((await post('login', { phone, password: 'восстановлен-7' })).status).toBe(200);

    // The code is spent.
    const again = await call('PUT', 'user/password/recovery/change', { phone, code, password: 'ещё-один-пароль', passwordConfirm: 'ещё-один-пароль' });
    expect(again.status).toBe(422);
  });

  it('answers an unknown phone exactly like a registered one and sends it nothing', async () => {
    const known = await post('user/password/recovery/send/sms', { phone: '79990000004' });
    const unknown = await post('user/password/recovery/send/sms', { phone: '79995554433' });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(sent.map((m) => m.phone)).toEqual(['79990000004']);

    clock += 10_000;
    const knownAgain = await post('user/password/recovery/send/sms', { phone: '79990000004' });
    const unknownAgain = await post('user/password/recovery/send/sms', { phone: '79995554433' });
    expect(knownAgain.status).toBe(429);
    expect(unknownAgain.status).toBe(429);
    expect(unknownAgain.body).toEqual(knownAgain.body);
    expect(unknownAgain.headers['retry-after']).toBe(knownAgain.headers['retry-after']);

    const wrongKnown = await post('user/password/recovery', { phone: '79990000004', code: '000000' === codeSentTo('79990000004') ? '000001' : '000000' });
    const wrongUnknown = await post('user/password/recovery', { phone: '79995554433', code: '000000' });
    expect(wrongUnknown.status).toBe(422);
    expect(wrongUnknown.body).toEqual(wrongKnown.body);
  });
});

describe('own data', () => {
  it('updates the name and e-mail, clears the e-mail with an empty string, validates', async () => {
    const { token } = await login('79990000005');
    const res = await post('user/update', { name: '  Елена М.  ', email: 'elena@example.ru' }, bearer(token));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ phone: '79990000005', name: 'Елена М.', email: 'elena@example.ru' });
    const onlyName = await post('user/update', { name: 'Елена' }, bearer(token));
    expect(onlyName.body.data).toMatchObject({ name: 'Елена', email: 'elena@example.ru' });
    expect((await post('user/update', { email: '' }, bearer(token))).body.data.email).toBeNull();
    const bad = await post('user/update', { email: 'not-an-email' }, bearer(token));
    expect(bad.status).toBe(422);
    expect(bad.body.errors.email).toBe('Укажите корректный адрес электронной почты');
    expect((await post('user/update', { name: 'Без токена' })).status).toBe(401);
  });

  it('changes the phone with a code sent to the new number', async () => {
    const { token } = await login('79990000006');
    const taken = await post('user/update/phone/send/code', { phone: '79990000007', password: DEMO_PASSWORD }, bearer(token));
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('Этот номер уже привязан к другому аккаунту');
    // On the field, for the form to show under the new number.
    expect(taken.body.errors).toEqual({ phone: 'Этот номер уже привязан к другому аккаунту' });
    const same = await post('user/update/phone/send/code', { phone: '79990000006', password: DEMO_PASSWORD }, bearer(token));
    expect(same.status).toBe(409);
    expect(same.body.errors).toEqual({ phone: 'Это ваш текущий номер телефона' });
    expect(sent).toHaveLength(0);

    expect((await post('user/update/phone/send/code', { phone: '+7 (911) 222-33-44', password: DEMO_PASSWORD }, bearer(token))).status).toBe(200);
    expect(sent.map((m) => [m.phone, m.meta?.purpose])).toEqual([['79112223344', 'phone_change']]);
    const code = codeSentTo('79112223344')!;
    const wrong = await post('user/update/phone', { phone: '79112223344', code: code === '111111' ? '222222' : '111111' }, bearer(token));
    expect(wrong.status).toBe(422);
    const changed = await post('user/update/phone', { phone: '79112223344', code }, bearer(token));
    expect(changed.status).toBe(200);
    expect(changed.body.data.phone).toBe('79112223344');
    expect((await post('login', { phone: '79112223344', password: DEMO_PASSWORD })).status).toBe(200);
    expect((await post('login', { phone: '79990000006', password: DEMO_PASSWORD })).status).toBe(401);
  });

  it('a session alone does not move the phone: the current password is asked first, and no code goes without it (QA AAD-1)', async () => {
    const { token } = await login('79990000010');
    const missing = await post('user/update/phone/send/code', { phone: '79115556677' }, bearer(token));
    expect([missing.status, missing.body.errors]).toEqual([422, { password: 'Введите текущий пароль' }]);
    const wrong = await post('user/update/phone/send/code', { phone: '79115556677', password: 'not-my-password' }, bearer(token));
    expect([wrong.status, wrong.body.code, wrong.body.errors]).toEqual([422, 'wrong_password', { password: 'Неверный текущий пароль' }]);
    expect(sent).toHaveLength(0);
    expect((await post('user/update/phone/send/code', { phone: '79115556677', password: DEMO_PASSWORD }, bearer(token))).status).toBe(200);
    expect(sent.map((m) => m.phone)).toEqual(['79115556677']);
  });

  it('a phone-change code works only for the account that asked for it', async () => {
    const owner = await login('79990000008');
    const other = await login('79990000009');
    await post('user/update/phone/send/code', { phone: '79113334455', password: DEMO_PASSWORD }, bearer(owner.token));
    const code = codeSentTo('79113334455')!;
    const stolen = await post('user/update/phone', { phone: '79113334455', code }, bearer(other.token));
    expect(stolen.status).toBe(422);
    expect((await post('user/update/phone', { phone: '79113334455', code }, bearer(owner.token))).status).toBe(200);
  });
});
