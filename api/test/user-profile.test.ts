import type { Profile } from 'shared/contract';
import { moneyService } from '../src/modules/money/service';
import { authHeader, getJson, setupTestApp, userIdByPhone, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupTestApp();
});
afterAll(() => ctx.close());

async function as(phone: string) {
  const userId = await userIdByPhone(ctx.db, phone);
  return { userId, headers: await authHeader(ctx.db, userId) };
}

function updateProfile(headers: Record<string, string>, payload: Record<string, unknown>) {
  return ctx.app.inject({ method: 'PUT', url: '/api/user/profile/update', headers, payload });
}

describe('authentication', () => {
  it.each([
    ['GET', '/api/user/get/token'],
    ['GET', '/api/user/profile/list'],
    ['PUT', '/api/user/profile/update'],
    ['GET', '/api/balance/get/token'],
    ['GET', '/api/profile/service/get-collection'],
    ['GET', '/api/notification/get-collection'],
    ['GET', '/api/notification/message/get-collection'],
    ['POST', '/api/notification/read'],
    ['PUT', '/api/user/socket/update'],
  ] as const)('%s %s answers 401 without a token and with a forged one', async (method, url) => {
    const missing = await ctx.app.inject({ method, url, payload: method === 'GET' ? undefined : {} });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ message: 'Требуется авторизация', code: 'unauthorized' });
    const forged = await ctx.app.inject({ method, url, headers: { authorization: 'Bearer a.b.c' }, payload: method === 'GET' ? undefined : {} });
    expect(forged.statusCode).toBe(401);
  });
});

describe('user/get/token', () => {
  it('answers the caller', async () => {
    const { userId, headers } = await as('79990000001');
    const res = await getJson(ctx.app, '/api/user/get/token', headers);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: userId,
      phone: '79990000001',
      name: 'Анна Смирнова',
      email: 'customer@example.ru',
      activeProfileId: expect.any(Number),
    });
  });
});

describe('user/profile/list', () => {
  it("lists the caller's profiles with the active one marked", async () => {
    const { userId, headers } = await as('79990000001');
    const res = await getJson(ctx.app, '/api/user/profile/list', headers);
    expect(res.status).toBe(200);
    const items: Profile[] = res.body.data.items;
    expect(items).toHaveLength(1);
    // §3's list envelope: no paging, so every profile is page 1 and the page is as long as the list.
    expect(res.body.data).toEqual({ items, total: 1, page: 1, limit: 1 });
    expect(items[0]).toMatchObject({ type: 'customer', name: 'Анна Смирнова', active: true, description: null });
    expect(items[0]!.address).toEqual({ value: expect.stringContaining('г '), cityFiasId: expect.any(String), geoLat: expect.any(Number), geoLon: expect.any(Number) });
    const [owner] = await ctx.db.query<{ user_id: number }>('select user_id from profiles where id = $1', [items[0]!.id]);
    expect(owner!.user_id).toBe(userId);
  });

  it('includes organisations the caller owns', async () => {
    const { headers } = await as('79990000007');
    const res = await getJson(ctx.app, '/api/user/profile/list', headers);
    expect(res.body.data.items).toEqual([expect.objectContaining({ type: 'organization', name: 'ООО «СтройИнвест»', active: true })]);
  });
});

describe('user/profile/update', () => {
  it('creates the missing profile of a type, fills it, makes it active, and never creates a second', async () => {
    const { userId, headers } = await as('79990000003');
    const address = { value: 'г Казань, ул Баумана, д 5', cityFiasId: '93b3df57-4c89-44df-ac42-96f05e9cd3b9', geoLat: 55.79, geoLon: 49.11 };
    const res = await updateProfile(headers, { type: 'executor', description: 'Ремонт и отделка', address });
    expect(res.statusCode).toBe(200);
    const { profile, user } = res.json().data;
    expect(profile).toEqual({ id: expect.any(Number), type: 'executor', name: 'Ольга Кузнецова', active: true, description: 'Ремонт и отделка', address, role: 'owner' });
    expect(user).toMatchObject({ id: userId, activeProfileId: profile.id });
    expect(res.json().message).toBe('Профиль сохранён');

    const again = await updateProfile(headers, { type: 'executor', name: 'Ольга К.', address: null });
    expect(again.json().data.profile).toMatchObject({ id: profile.id, name: 'Ольга К.', description: 'Ремонт и отделка', address: null });

    const list = (await getJson(ctx.app, '/api/user/profile/list', headers)).body.data.items as Profile[];
    expect(list.map((p) => [p.type, p.active])).toEqual([
      ['customer', false],
      ['executor', true],
    ]);
    expect((await getJson(ctx.app, '/api/user/profile/list', headers)).body.data).toMatchObject({ total: 2, page: 1, limit: 2 });
  });

  it('switches to an own profile by id, and updates it', async () => {
    const { headers } = await as('79990000003');
    const list = (await getJson(ctx.app, '/api/user/profile/list', headers)).body.data.items as Profile[];
    const customer = list.find((p) => p.type === 'customer')!;
    const res = await updateProfile(headers, { id: customer.id, description: 'Заказываю ремонт' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.profile).toMatchObject({ id: customer.id, active: true, description: 'Заказываю ремонт' });
    expect(res.json().data.user.activeProfileId).toBe(customer.id);
    expect(res.json().message).toBe('Профиль сохранён');
    const me = await getJson(ctx.app, '/api/user/get/token', headers);
    expect(me.body.data.activeProfileId).toBe(customer.id);
  });

  it('lets an owner switch to the organisation profile', async () => {
    const { headers } = await as('79990000007');
    const [org] = (await getJson(ctx.app, '/api/user/profile/list', headers)).body.data.items as Profile[];
    // Created: saved. Then switches alone, by id or by type: the answer names the profile now active.
    expect((await updateProfile(headers, { type: 'customer' })).json().message).toBe('Профиль сохранён');
    const res = await updateProfile(headers, { id: org!.id });
    expect(res.json().data).toMatchObject({ profile: { id: org!.id, type: 'organization', active: true }, user: { activeProfileId: org!.id } });
    expect(res.json().message).toBe('Активный профиль: ООО «СтройИнвест»');
    expect((await updateProfile(headers, { type: 'customer' })).json().message).toBe('Активный профиль: Заказчик');
  });

  it("refuses another user's profile (403) and an unknown one (404), changing nothing", async () => {
    const { userId, headers } = await as('79990000001');
    const [before] = await ctx.db.query<{ active_profile_id: number }>('select active_profile_id from users where id = $1', [userId]);
    const executor = await as('79990000002');
    const [foreign] = await ctx.db.query<{ id: number; name: string }>('select id, name from profiles where user_id = $1', [executor.userId]);
    const forbidden = await updateProfile(headers, { id: foreign!.id, name: 'Чужое имя' });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: 'Профиль принадлежит другому пользователю', code: 'forbidden' });
    const missing = await updateProfile(headers, { id: 999999 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('not_found');
    const [after] = await ctx.db.query<{ active_profile_id: number }>('select active_profile_id from users where id = $1', [userId]);
    expect(after).toEqual(before);
    const [untouched] = await ctx.db.query<{ name: string }>('select name from profiles where id = $1', [foreign!.id]);
    expect(untouched!.name).toBe(foreign!.name);
  });

  it('validates the body with Russian field errors', async () => {
    const { headers } = await as('79990000001');
    const none = await updateProfile(headers, { name: 'Анна' });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ type: 'Укажите тип профиля' });
    const badType = await updateProfile(headers, { type: 'organization' });
    expect(badType.statusCode).toBe(422);
    expect(badType.json().errors.type).toMatch(/заказчик или исполнитель/);
    const shortName = await updateProfile(headers, { type: 'customer', name: 'А' });
    expect(shortName.json().errors).toEqual({ name: 'Имя — не короче 2 символов' });
  });

  it('writes nothing when a step of the update fails', async () => {
    const { userId, headers } = await as('79990000004');
    const [before] = await ctx.db.query<{ active_profile_id: number }>('select active_profile_id from users where id = $1', [userId]);
    // Make the last step (switching the active profile) fail for this one user.
    await ctx.db.exec(`
      create function fail_switch() returns trigger language plpgsql as $$ begin raise exception 'switch refused'; end $$;
      create trigger fail_switch before update of active_profile_id on users for each row
        when (new.id = ${userId}) execute function fail_switch();`);
    try {
      const res = await updateProfile(headers, { type: 'executor', description: 'Не сохранится' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: 'Внутренняя ошибка сервера', code: 'internal' });
    } finally {
      await ctx.db.exec('drop trigger fail_switch on users; drop function fail_switch();');
    }
    const profiles = await ctx.db.query<{ type: string }>('select type from profiles where user_id = $1', [userId]);
    expect(profiles.map((p) => p.type)).toEqual(['customer']);
    const [after] = await ctx.db.query<{ active_profile_id: number }>('select active_profile_id from users where id = $1', [userId]);
    expect(after).toEqual(before);
  });
});

describe('balance/get/token', () => {
  it('answers zero for the active profile until money exists, then the ledger sum in roubles', async () => {
    const { userId, headers } = await as('79990000005');
    const [user] = await ctx.db.query<{ active_profile_id: number }>('select active_profile_id from users where id = $1', [userId]);
    const zero = await getJson(ctx.app, '/api/balance/get/token', headers);
    expect(zero.body.data).toEqual({ profileId: user!.active_profile_id, amount: 0, currency: 'RUB' });
    // The balance is derived from the ledger now: money reaches the profile as a released payment.
    const [app] = await ctx.db.query<{ id: number; customer: number }>('select id, customer_profile_id as customer from applications order by id limit 1');
    const money = moneyService({ db: ctx.db, feePercent: 0 });
    await money.recordPayment({ applicationId: app!.id, customerProfileId: app!.customer, amountKopecks: 123_450, operationId: 'balance-test' });
    await money.release({ applicationId: app!.id, executorProfileId: user!.active_profile_id });
    const some = await getJson(ctx.app, '/api/balance/get/token', headers);
    expect(some.body.data).toEqual({ profileId: user!.active_profile_id, amount: 1234.5, currency: 'RUB' });
  });

  it('answers a null profile and zero without an active profile', async () => {
    const { userId, headers } = await as('79990000006');
    await ctx.db.query('update users set active_profile_id = null where id = $1', [userId]);
    const res = await getJson(ctx.app, '/api/balance/get/token', headers);
    expect(res.body.data).toEqual({ profileId: null, amount: 0, currency: 'RUB' });
    const services = await getJson(ctx.app, '/api/profile/service/get-collection', headers);
    // §3's list envelope: the one page holds all (limit at least 1).
    expect(services.body.data).toEqual({ items: [], total: 0, page: 1, limit: 1 });
  });
});

describe('profile/service/get-collection', () => {
  it('answers the services of the active profile in the catalogue shape', async () => {
    const { headers } = await as('79990000002');
    const res = await getJson(ctx.app, '/api/profile/service/get-collection', headers);
    expect(res.status).toBe(200);
    const items = res.body.data.items;
    expect(items.map((s: { name: string }) => s.name)).toEqual(['Монтаж освещения', 'Сборка электрощита', 'Установка розеток', 'Электромонтажные работы']);
    // §3's list envelope: no paging, so every service is page 1 and the page is as long as the list.
    expect(res.body.data).toEqual({ items, total: 4, page: 1, limit: 4 });
    const one = await getJson(ctx.app, `/api/service/get?id=${items[0].id}`);
    expect(items[0]).toEqual(one.body.data);
  });

  it('answers nothing for a customer profile', async () => {
    const { headers } = await as('79990000001');
    const res = await getJson(ctx.app, '/api/profile/service/get-collection', headers);
    expect(res.body.data).toEqual({ items: [], total: 0, page: 1, limit: 1 });
  });
});
