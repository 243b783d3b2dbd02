import { CALLBACK_LIMIT } from '../src/modules/callback/service';
import { setupTestApp, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupTestApp();
});
afterAll(() => ctx.close());

function create(payload: unknown, remoteAddress = '198.51.100.1') {
  return ctx.app.inject({ method: 'POST', url: '/api/callback/create', payload: payload as Record<string, unknown>, remoteAddress });
}

describe('callback/create', () => {
  it('stores the request with the canonical phone, without auth', async () => {
    const res = await create({ name: '  Пётр Иванов ', phone: '8 (912) 345-67-89', email: 'petr@example.ru', comment: 'Звоните после 18:00' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { id: expect.any(Number) }, message: 'Заявка на звонок принята, мы перезвоним' });
    const [row] = await ctx.db.query('select name, phone, email, comment, ip from callbacks where id = $1', [res.json().data.id]);
    expect(row).toEqual({ name: 'Пётр Иванов', phone: '79123456789', email: 'petr@example.ru', comment: 'Звоните после 18:00', ip: '198.51.100.1' });
  });

  it('takes email and comment as optional (an empty email is no email)', async () => {
    const res = await create({ name: 'Ирина', phone: '+7 999 111-22-33', email: '' }, '198.51.100.2');
    expect(res.statusCode).toBe(200);
    const [row] = await ctx.db.query('select email, comment from callbacks where id = $1', [res.json().data.id]);
    expect(row).toEqual({ email: null, comment: null });
  });

  it('answers 422 with Russian field errors and stores nothing', async () => {
    const [before] = await ctx.db.query<{ n: number }>('select count(*)::int as n from callbacks');
    const res = await create({ name: 'Я', phone: '12345', email: 'not-an-email', comment: 'x'.repeat(1001) }, '198.51.100.3');
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body).toMatchObject({ code: 'validation', message: 'Проверьте правильность заполнения полей' });
    expect(body.errors).toEqual({
      name: 'Имя — не короче 2 символов',
      phone: 'Укажите российский номер телефона: +7 и 10 цифр',
      email: expect.stringMatching(/[а-яё]/i),
      comment: 'Комментарий — не длиннее 1000 символов',
    });
    const empty = await create({}, '198.51.100.3');
    expect(empty.json().errors).toEqual({ name: 'Укажите имя', phone: 'Укажите номер телефона' });
    const [after] = await ctx.db.query<{ n: number }>('select count(*)::int as n from callbacks');
    expect(after).toEqual(before);
  });

  it('limits requests per IP with 429 and Retry-After, other IPs unaffected', async () => {
    const ip = '203.0.113.9';
    for (let i = 0; i < CALLBACK_LIMIT.max; i++) {
      expect((await create({ name: 'Спамер', phone: '79990001122' }, ip)).statusCode).toBe(200);
    }
    const limited = await create({ name: 'Спамер', phone: '79990001122' }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'Слишком много заявок с вашего адреса. Попробуйте позже', code: 'too_many_requests' });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(CALLBACK_LIMIT.windowSeconds - 60);
    expect(retryAfter).toBeLessThanOrEqual(CALLBACK_LIMIT.windowSeconds);
    const [count] = await ctx.db.query<{ n: number }>('select count(*)::int as n from callbacks where ip = $1', [ip]);
    expect(count!.n).toBe(CALLBACK_LIMIT.max);
    expect((await create({ name: 'Сосед', phone: '79990001123' }, '203.0.113.10')).statusCode).toBe(200);

    // Requests older than the window no longer count.
    await ctx.db.query(`update callbacks set created_at = now() - interval '11 minutes' where ip = $1`, [ip]);
    expect((await create({ name: 'Спамер', phone: '79990001122' }, ip)).statusCode).toBe(200);
  });

  it('holds the limit under concurrent requests', async () => {
    const ip = '203.0.113.50';
    const results = await Promise.all(Array.from({ length: 8 }, () => create({ name: 'Параллельный', phone: '79990003344' }, ip)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(CALLBACK_LIMIT.max);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(8 - CALLBACK_LIMIT.max);
  });
});
