import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import type { Db } from '../src/db';
import { unauthorized } from '../src/plugins/auth';
import { openTestDb } from './helpers';

// Times are the API's clock: a fixed start keeps the codes' lifetimes and intervals predictable (the limits here are lax).
const T0 = Date.UTC(2031, 0, 15, 9, 0, 1);
let clock = T0;
let app: FastifyInstance;
let db: Db;
let closeDb: () => Promise<void>;
const lax = { max: 1000, windowSeconds: 3600 };

beforeAll(async () => {
  ({ db, close: closeDb } = await openTestDb());
  app = await buildApp({ config: testConfig(), db, logger: false, now: () => clock, auth: { limits: { smsPerIp: lax, smsPerPhone: lax, smsGlobal: lax } } });
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

const post = async (url: string, payload: unknown, headers: Record<string, string> = {}) => {
  const res = await app.inject({ method: 'POST', url: `/api/${url}`, payload: payload as object, headers });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
};
const inbox = async (phone: string) => (await app.inject({ method: 'GET', url: `/api/dev/sms?phone=${phone}` })).json().data.items as Array<Record<string, string>>;
const lastCode = async (phone: string) => (await inbox(phone))[0]!.code!;
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function verifiedPhone(phone: string) {
  expect((await post('register/code-receive/phone', { phone })).status).toBe(200);
  expect((await post('register/code-check/phone', { phone, code: await lastCode(phone) })).status).toBe(200);
}

describe('registration', () => {
  it('runs end to end: code by SMS, check, register, then the tokens and the password work', async () => {
    clock = T0;
    const sent = await post('register/code-receive/phone', { phone: '+7 (900) 111-22-33' });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toEqual({ codeReceived: Math.floor(T0 / 1000) });

    const items = await inbox('79001112233');
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ phone: '79001112233', purpose: 'register', sentAt: new Date(T0).toISOString() });
    expect(items[0]!.code).toMatch(/^\d{6}$/);
    expect(items[0]!.text).toBe(`Код для регистрации: ${items[0]!.code}. Никому не сообщайте его.`);
    // Stored as an HMAC, never the code itself.
    const [row] = await db.query<{ code_hash: string }>("select code_hash from sms_codes where phone = '79001112233'");
    expect(row!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.code_hash).not.toContain(items[0]!.code);

    const checked = await post('register/code-check/phone', { phone: '8 900 111 22 33', code: items[0]!.code });
    expect(checked.body.data).toEqual({ phone: '79001112233', verified: true });

    const registered = await post('register', { phone: '79001112233', name: 'Пётр Новый', password: 'Сложный-пароль-7', passwordConfirm: 'Сложный-пароль-7' });
    expect(registered.status).toBe(200);
    const { token, refresh_token, user } = registered.body.data;
    expect(user).toEqual({ id: expect.any(Number), phone: '79001112233', name: 'Пётр Новый', email: null, activeProfileId: null });
    expect(refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await app.inject({ method: 'GET', url: '/api/test/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.json().data.userId).toBe(user.id);

    const [stored] = await db.query<{ password_hash: string; phone_verified_at: Date | null }>('select password_hash, phone_verified_at from users where id = $1', [user.id]);
    expect(stored!.password_hash).toMatch(/^\$argon2id\$/);
    expect(stored!.phone_verified_at).not.toBeNull();

    const login = await post('login', { phone: '+79001112233', password: 'Сложный-пароль-7' });
    expect(login.status).toBe(200);
    expect(login.body.data.user.id).toBe(user.id);

    const again = await post('register/code-receive/phone', { phone: '79001112233' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Пользователь с таким телефоном уже зарегистрирован');
    // At the field, which the phone step marks (QA AAR-3).
    expect(again.body.errors).toEqual({ phone: 'Пользователь с таким телефоном уже зарегистрирован' });
  });

  it('refuses register without a phone verified by code', async () => {
    const res = await post('register', { phone: '79001112244', name: 'Без кода', password: 'Сложный-пароль-7', passwordConfirm: 'Сложный-пароль-7' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ phone: 'Подтвердите номер телефона кодом из СМС' });
  });

  it('uses a verification once and only for 30 minutes', async () => {
    clock = T0 + 3600_000;
    await verifiedPhone('79001112255');
    clock += 31 * 60_000;
    const late = await post('register', { phone: '79001112255', name: 'Поздний', password: 'Сложный-пароль-7', passwordConfirm: 'Сложный-пароль-7' });
    expect(late.status).toBe(422);
    expect(late.body.errors.phone).toBe('Подтвердите номер телефона кодом из СМС');
  });

  it('refuses common passwords and keeps the verification for the next try', async () => {
    clock = T0 + 2 * 3600_000;
    await verifiedPhone('79001112266');
    for (const password of ['12345678', 'password', 'qwerty123', 'йцукенгш', 'Password1', '79001112266']) {
      const res = await post('register', { phone: '79001112266', name: 'Простой', password, passwordConfirm: password });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ password: 'Этот пароль слишком простой. Придумайте другой' });
    }
    const ok = await post('register', { phone: '79001112266', name: 'Простой', password: 'уже-не-простой-9', passwordConfirm: 'уже-не-простой-9' });
    expect(ok.status).toBe(200);
  });

  it('checks the contract: short password, different confirmation, bad phone', async () => {
    const res = await post('register', { phone: '123', name: 'А', password: 'short', passwordConfirm: 'other' });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['name', 'password', 'phone']);
    const differ = await post('register', { phone: '79001112277', name: 'Анна', password: 'Сложный-пароль-7', passwordConfirm: 'Сложный-пароль-8' });
    expect(differ.status).toBe(422);
    expect(differ.body.errors).toEqual({ passwordConfirm: 'Пароли не совпадают' });
  });
});

describe('SMS codes', () => {
  it('expire after 10 minutes', async () => {
    clock = T0 + 10 * 3600_000;
    await post('register/code-receive/phone', { phone: '79002220001' });
    const code = await lastCode('79002220001');
    clock += 600_000 + 1000;
    const res = await post('register/code-check/phone', { phone: '79002220001', code });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'code_expired', errors: { code: 'Код недействителен или истёк. Запросите новый' } });
  });

  it('work once', async () => {
    clock = T0 + 11 * 3600_000;
    await post('register/code-receive/phone', { phone: '79002220002' });
    const code = await lastCode('79002220002');
    expect((await post('register/code-check/phone', { phone: '79002220002', code })).status).toBe(200);
    const second = await post('register/code-check/phone', { phone: '79002220002', code });
    expect(second.status).toBe(422);
    expect(second.body.code).toBe('code_expired');
  });

  it('die after 5 wrong tries, even for the right code', async () => {
    clock = T0 + 12 * 3600_000;
    await post('register/code-receive/phone', { phone: '79002220003' });
    const code = await lastCode('79002220003');
    const messages: string[] = [];
    const codes: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await post('register/code-check/phone', { phone: '79002220003', code: wrongCode(code) });
      expect(res.status).toBe(422);
      messages.push(res.body.errors.code);
      codes.push(res.body.code);
    }
    expect(messages[0]).toBe('Неверный код, осталось попыток: 4');
    expect(messages[4]).toBe('Неверный код. Попытки исчерпаны. Запросите новый код');
    // The fifth spends the code: a client tells it by its code, not its words.
    expect(codes).toEqual(['code_invalid', 'code_invalid', 'code_invalid', 'code_invalid', 'code_attempts_exceeded']);
    const right = await post('register/code-check/phone', { phone: '79002220003', code });
    expect(right.status).toBe(422);
    expect(right.body).toMatchObject({ code: 'code_attempts_exceeded', errors: { code: 'Превышено число попыток. Запросите новый код' } });
    // A new code (after the resend interval) works again.
    clock += 61_000;
    await post('register/code-receive/phone', { phone: '79002220003' });
    expect((await post('register/code-check/phone', { phone: '79002220003', code: await lastCode('79002220003') })).status).toBe(200);
  });

  it('are bound to their purpose', async () => {
    clock = T0 + 13 * 3600_000;
    await post('register/code-receive/phone', { phone: '79002220004' });
    const code = await lastCode('79002220004');
    const recovery = await post('user/password/recovery', { phone: '79002220004', code });
    expect(recovery.status).toBe(422);
    expect(recovery.body.code).toBe('code_expired');
    // The refused use did not spend the code for its own purpose.
    expect((await post('register/code-check/phone', { phone: '79002220004', code })).status).toBe(200);
  });

  it('are sent again no sooner than 60 s later (429 with Retry-After), and the new one replaces the old', async () => {
    clock = T0 + 14 * 3600_000;
    const first = await post('register/code-receive/phone', { phone: '79002220005' });
    const old = await lastCode('79002220005');
    clock += 15_000;
    const early = await post('register/code-receive/phone', { phone: '79002220005' });
    expect(early.status).toBe(429);
    expect(early.headers['retry-after']).toBe('45');
    expect(early.body).toEqual({ message: 'Повторно отправить код можно через 45 секунд', code: 'code_resend_too_soon' });
    expect(await inbox('79002220005')).toHaveLength(1);

    clock += 45_000;
    const later = await post('register/code-receive/phone', { phone: '79002220005' });
    expect(later.status).toBe(200);
    expect(later.body.data.codeReceived).toBe(first.body.data.codeReceived + 60);
    const items = await inbox('79002220005');
    expect(items).toHaveLength(2);
    expect(Date.parse(items[0]!.sentAt!)).toBeGreaterThan(Date.parse(items[1]!.sentAt!));
    const fresh = items[0]!.code!;
    if (fresh !== old) expect((await post('register/code-check/phone', { phone: '79002220005', code: old })).status).toBe(422);
    expect((await post('register/code-check/phone', { phone: '79002220005', code: fresh })).status).toBe(200);
  });

  it('are six digits from a uniform source', async () => {
    clock = T0 + 15 * 3600_000;
    const codes = new Set<string>();
    for (let i = 0; i < 8; i++) {
      const phone = `7900333000${i}`;
      await post('register/code-receive/phone', { phone });
      codes.add(await lastCode(phone));
    }
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(codes.size).toBeGreaterThan(4);
  });
});

describe('registration sent twice at once', () => {
  it('the same registration sent three times at once makes one account; the others hear the phone is taken, as when sent after it (QA W-2)', async () => {
    clock = T0 + 40 * 3600_000;
    await verifiedPhone('79001119901');
    const body = { phone: '79001119901', name: 'Двойной Клик', password: 'Сложный-пароль-7', passwordConfirm: 'Сложный-пароль-7' };
    const answers = await Promise.all([post('register', body), post('register', body), post('register', body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    for (const lost of answers.filter((a) => a.status !== 200)) expect(lost.body.message).toBe('Пользователь с таким телефоном уже зарегистрирован');
    expect(await db.query("select id from users where phone = '79001119901'")).toHaveLength(1);
  });
});
