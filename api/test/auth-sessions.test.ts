import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import type { Db } from '../src/db';
import { signAccessToken } from '../src/lib/jwt';
import { unauthorized } from '../src/plugins/auth';
import { DEMO_PASSWORD } from '../src/seed/people';
import { openTestDb, userIdByPhone } from './helpers';

const T0 = Date.UTC(2031, 0, 15, 9, 0, 1);
let clock = T0;
let app: FastifyInstance;
let db: Db;
let closeDb: () => Promise<void>;

beforeAll(async () => {
  ({ db, close: closeDb } = await openTestDb());
  app = await buildApp({ config: testConfig(), db, logger: false, now: () => clock, auth: { limits: { loginFailures: { max: 3, windowSeconds: 900 } } } });
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
});

const post = async (url: string, payload: unknown, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') => {
  const res = await app.inject({ method: url.includes('password/change') ? 'PUT' : 'POST', url: `/api/${url}`, payload: payload as object, headers, remoteAddress });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
};
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const me = async (token: string) => (await app.inject({ method: 'GET', url: '/api/test/me', headers: bearer(token) })).statusCode;
const loginAs = async (phone: string, password = DEMO_PASSWORD) => {
  const res = await post('login', { phone, password });
  expect(res.status).toBe(200);
  return res.body.data as { token: string; refresh_token: string; user: { id: number } };
};
const renew = (refresh_token: string) => post('token/renew', { refresh_token });
const sessionOf = async (token: string) => {
  const sid = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;
  const [row] = await db.query<{ revoked_at: Date | null; revoke_reason: string | null }>('select revoked_at, revoke_reason from auth_sessions where id = $1', [sid]);
  return row!;
};

describe('login', () => {
  it('lets the seeded demo customer and executor in, in any phone format', async () => {
    const customer = await post('login', { phone: '+7 (999) 000-00-01', password: DEMO_PASSWORD });
    expect(customer.status).toBe(200);
    expect(customer.body.data.user).toEqual({
      id: await userIdByPhone(db, '79990000001'),
      phone: '79990000001',
      name: 'Анна Смирнова',
      email: 'customer@example.ru',
      activeProfileId: expect.any(Number),
    });
    expect(await me(customer.body.data.token)).toBe(200);
    const executor = await post('login', { phone: '8 999 000 00 02', password: DEMO_PASSWORD });
    expect(executor.body.data.user.phone).toBe('79990000002');
  });

  it('answers the same 401 for a wrong password and an unknown phone', async () => {
    const wrong = await post('login', { phone: '79990000003', password: 'not-the-password' }, {}, '10.1.0.1');
    const unknown = await post('login', { phone: '79995550000', password: 'not-the-password' }, {}, '10.1.0.1');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ message: 'Неверный телефон или пароль', code: 'invalid_credentials' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('after too many failures from one IP for one phone answers 429 with Retry-After, other IPs still log in', async () => {
    for (let i = 0; i < 3; i++) expect((await post('login', { phone: '79990000004', password: `wrong-${i}-pass` }, {}, '10.2.0.1')).status).toBe(401);
    clock += 60_000;
    const blocked = await post('login', { phone: '79990000004', password: DEMO_PASSWORD }, {}, '10.2.0.1');
    expect(blocked.status).toBe(429);
    // A sliding window: free again 900 s after the first failure (at T0), not at the quarter hour's end.
    expect(blocked.headers['retry-after']).toBe(String(900 - 60));
    expect(blocked.body.message).toBe('Слишком много попыток входа. Попробуйте через 14 минут');
    expect((await post('login', { phone: '79990000004', password: DEMO_PASSWORD }, {}, '10.2.0.2')).status).toBe(200);
    // T0 is 09:00:01: the clock-aligned quarter hour ended at 09:15:00, a second before the first failure leaves.
    clock = T0 + 899_000;
    const still = await post('login', { phone: '79990000004', password: DEMO_PASSWORD }, {}, '10.2.0.1');
    expect(still.status).toBe(429);
    expect(still.headers['retry-after']).toBe('1');
    clock = T0 + 900_000;
    expect((await post('login', { phone: '79990000004', password: DEMO_PASSWORD }, {}, '10.2.0.1')).status).toBe(200);
  });
});

describe('access tokens on required calls', () => {
  it('401 without a token, with garbage, with a foreign signature and once expired', async () => {
    const { token, user } = await loginAs('79990000005');
    expect(await me(token)).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/test/me' })).statusCode).toBe(401);
    expect(await me('garbage')).toBe(401);
    const sid = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid;
    expect(await me(signAccessToken({ sub: user.id, sid }, 'another-secret', 3600, Math.floor(clock / 1000)))).toBe(401);
    const res = await app.inject({ method: 'PUT', url: '/api/user/password/change', headers: bearer('garbage'), payload: { password: 'x', newPassword: 'y'.repeat(8), newPasswordConfirm: 'y'.repeat(8) } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Сессия истекла. Войдите снова', code: 'token_invalid' });
    clock += 3600_000;
    expect(await me(token)).toBe(401);
  });
});

describe('refresh tokens', () => {
  it('rotate: each renewal answers a new pair and the user', async () => {
    const first = await loginAs('79990000006');
    clock += 1000;
    const second = await renew(first.refresh_token);
    expect(second.status).toBe(200);
    expect(second.body.data).toEqual({ token: expect.any(String), refresh_token: expect.any(String), user: expect.objectContaining({ phone: '79990000006' }) });
    expect(second.body.data.refresh_token).not.toBe(first.refresh_token);
    expect(second.body.data.token).not.toBe(first.token);
    expect(await me(second.body.data.token)).toBe(200);
    clock += 60_000;
    const third = await renew(second.body.data.refresh_token);
    expect(third.status).toBe(200);
    expect(third.body.data.refresh_token).not.toBe(second.body.data.refresh_token);
  });

  it('a rotated token used again, even at once, revokes the whole family (ARCHITECTURE §3)', async () => {
    const first = await loginAs('79990000007');
    const second = (await renew(first.refresh_token)).body.data;
    const reused = await renew(first.refresh_token);
    expect(reused.status).toBe(401);
    expect(reused.body).toEqual({ message: expect.any(String), code: 'refresh_reused' });
    expect(await sessionOf(first.token)).toEqual({ revoked_at: expect.any(Date), revoke_reason: 'reuse' });
    // The thief's and the owner's tokens of that family are all dead now.
    expect((await renew(second.refresh_token)).status).toBe(401);
    expect(await me(second.token)).toBe(401);
    expect(await me(first.token)).toBe(401);
  });

  it('the same token sent five times at once: one renewal wins, the rest are reuse and end the family', async () => {
    const first = await loginAs('79990000008');
    const parallel = await Promise.all(Array.from({ length: 5 }, () => renew(first.refresh_token)));
    expect(parallel.map((r) => r.status).sort()).toEqual([200, 401, 401, 401, 401]);
    const winner = parallel.find((r) => r.status === 200)!;
    // The first loser finds the token rotated and revokes the family; those after it find it revoked.
    expect(parallel.filter((r) => r.status === 401).map((r) => r.body.code).sort()).toEqual(['refresh_invalid', 'refresh_invalid', 'refresh_invalid', 'refresh_reused']);
    expect((await sessionOf(first.token)).revoke_reason).toBe('reuse');
    expect((await renew(winner.body.data.refresh_token)).status).toBe(401);
  });

  describe('the same renewal sent again with its Idempotency-Key after its answer was lost (QA Y-1)', () => {
    const renewKeyed = (refresh_token: string, key: string) => post('token/renew', { refresh_token }, { 'idempotency-key': key });

    it('gets a fresh pair in place of the lost one; the session goes on', async () => {
      const first = await loginAs('79990000006');
      const lost = await renewKeyed(first.refresh_token, 'renew-key-1');
      expect(lost.status).toBe(200);
      clock += 30_000;
      const again = await renewKeyed(first.refresh_token, 'renew-key-1');
      expect(again.status).toBe(200);
      expect(again.body.data).toEqual({ token: expect.any(String), refresh_token: expect.any(String), user: expect.objectContaining({ phone: '79990000006' }) });
      expect(again.body.data.refresh_token).not.toBe(lost.body.data.refresh_token);
      expect(await me(again.body.data.token)).toBe(200);
      expect((await sessionOf(first.token)).revoked_at).toBeNull();
      const next = await renew(again.body.data.refresh_token);
      expect(next.status).toBe(200);
      // Once the successor is used, the old token with its key is reuse again.
      const late = await renewKeyed(first.refresh_token, 'renew-key-1');
      expect(late.body.code).toBe('refresh_reused');
      expect((await sessionOf(first.token)).revoke_reason).toBe('reuse');
    });

    it('the pair it replaced, presented after all, is reuse: the family ends, the retried pair with it (QA GG-1)', async () => {
      // Who sends the same renewal again while its first answer did arrive (a replayed request)
      // gets a pair; the owner still holds the first one, and his next renewal must not leave the
      // other side a live session while he merely hears «expired».
      const first = await loginAs('79990000005');
      const owners = (await renewKeyed(first.refresh_token, 'renew-key-4')).body.data;
      clock += 30_000;
      const replayed = (await renewKeyed(first.refresh_token, 'renew-key-4')).body.data;
      expect(replayed.refresh_token).toEqual(expect.any(String));
      const ownersNext = await renewKeyed(owners.refresh_token, 'renew-key-5');
      expect(ownersNext.status).toBe(401);
      expect(ownersNext.body.code).toBe('refresh_reused');
      expect((await sessionOf(first.token)).revoke_reason).toBe('reuse');
      expect((await renew(replayed.refresh_token)).status).toBe(401);
      expect(await me(replayed.token)).toBe(401);
    });

    it.each([
      ['without the key', (token: string) => renew(token)],
      ['with another key', (token: string) => renewKeyed(token, 'renew-key-other')],
      ['after the retry window', (token: string) => ((clock += 3600_000 + 1000), renewKeyed(token, 'renew-key-2'))],
    ])('%s the old token is still reuse and ends the family', async (_, sendAgain) => {
      const first = await loginAs('79990000007');
      const lost = (await renewKeyed(first.refresh_token, 'renew-key-2')).body.data;
      const again = await sendAgain(first.refresh_token);
      expect(again.status).toBe(401);
      expect(again.body.code).toBe('refresh_reused');
      expect((await sessionOf(first.token)).revoke_reason).toBe('reuse');
      expect((await renew(lost.refresh_token)).status).toBe(401);
    });

    it('a renewal first sent without a key cannot be sent again with one', async () => {
      const first = await loginAs('79990000008');
      expect((await renew(first.refresh_token)).status).toBe(200);
      expect((await renewKeyed(first.refresh_token, 'renew-key-3')).body.code).toBe('refresh_reused');
    });

    it('a malformed key is a 422 in Russian, and nothing rotates', async () => {
      const first = await loginAs('79990000009');
      const bad = await renewKeyed(first.refresh_token, 'ключ с пробелами');
      expect(bad.status).toBe(422);
      expect(bad.body.message).toBe('Заголовок Idempotency-Key — от 1 до 200 латинских букв, цифр и знаков');
      expect((await renew(first.refresh_token)).status).toBe(200);
    });
  });

  it('expired, unknown and revoked ones answer 401 with a Russian message', async () => {
    const first = await loginAs('79990000009');
    clock += 30 * 24 * 3600_000 + 1000;
    const expired = await renew(first.refresh_token);
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({ message: 'Сессия истекла. Войдите снова', code: 'refresh_invalid' });
    expect((await renew('x'.repeat(43))).status).toBe(401);
    const empty = await renew('');
    expect(empty.status).toBe(422);
    expect(empty.body.errors.refresh_token).toBe('Нет токена обновления');
  });
});

describe('logout', () => {
  it('revokes the family of the refresh token and always answers ok', async () => {
    const session = await loginAs('79990000010');
    const out = await post('logout', { refresh_token: session.refresh_token });
    expect(out.body).toEqual({ data: { ok: true }, message: expect.any(String) });
    expect((await sessionOf(session.token)).revoke_reason).toBe('logout');
    expect(await me(session.token)).toBe(401);
    expect((await renew(session.refresh_token)).status).toBe(401);
    expect((await post('logout', {})).body.data).toEqual({ ok: true });
    expect((await post('logout', { refresh_token: 'unknown' }, bearer('garbage'))).body.data).toEqual({ ok: true });
  });

  it('revokes the bearer session, even with an expired access token', async () => {
    const live = await loginAs('79990000011');
    expect((await post('logout', {}, bearer(live.token))).status).toBe(200);
    expect((await renew(live.refresh_token)).status).toBe(401);

    const old = await loginAs('79990000011');
    clock += 2 * 3600_000;
    expect((await post('logout', {}, bearer(old.token))).body.data).toEqual({ ok: true });
    expect((await sessionOf(old.token)).revoke_reason).toBe('logout');
    expect((await renew(old.refresh_token)).status).toBe(401);
  });
});

describe('password change', () => {
  it('checks the current password, refuses common new ones, ends the other sessions and keeps the caller', async () => {
    const phone = '79990000012';
    const mine = await loginAs(phone);
    const other = await loginAs(phone);
    const change = (body: object) => post('user/password/change', body, bearer(mine.token));

    const wrong = await change({ password: 'not-mine-1', newPassword: 'новый-пароль-42', newPasswordConfirm: 'новый-пароль-42' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ password: 'Неверный текущий пароль' });
    const common = await change({ password: DEMO_PASSWORD, newPassword: 'qwerty123', newPasswordConfirm: 'qwerty123' });
    expect(common.status).toBe(422);
    expect(common.body.errors).toEqual({ newPassword: 'Этот пароль слишком простой. Придумайте другой' });
    // The same password again changes nothing but would end the other sessions: refused, and they stay.
    const same = await change({ password: DEMO_PASSWORD, newPassword: DEMO_PASSWORD, newPasswordConfirm: DEMO_PASSWORD });
    expect([same.status, same.body.errors]).toEqual([422, { newPassword: 'Новый пароль совпадает с текущим: придумайте другой' }]);
    expect(await me(other.token)).toBe(200);

    const ok = await change({ password: DEMO_PASSWORD, newPassword: 'новый-пароль-42', newPasswordConfirm: 'новый-пароль-42' });
    expect(ok.status).toBe(200);
    expect(ok.body.data.user.phone).toBe(phone);
    expect(await me(mine.token)).toBe(200);
    expect(await me(ok.body.data.token)).toBe(200);
    expect((await renew(ok.body.data.refresh_token)).status).toBe(200);
    // The caller's earlier refresh token is replaced, not a trigger for reuse detection.
    expect((await renew(mine.refresh_token)).status).toBe(401);
    expect((await sessionOf(mine.token)).revoked_at).toBeNull();

    expect(await me(other.token)).toBe(401);
    expect((await renew(other.refresh_token)).status).toBe(401);
    expect((await sessionOf(other.token)).revoke_reason).toBe('password_change');

    expect((await post('login', { phone, password: DEMO_PASSWORD }, {}, '10.3.0.1')).status).toBe(401);
    expect((await post('login', { phone, password: 'новый-пароль-42' })).status).toBe(200);
  });

  it('needs a token', async () => {
    const res = await post('user/password/change', { password: 'a', newPassword: 'новый-пароль-42', newPasswordConfirm: 'новый-пароль-42' });
    expect(res.status).toBe(401);
  });
});
