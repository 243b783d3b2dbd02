import { caller, makePerson, makeUserWithoutProfile, type Person } from './deal-helpers';
import { setupTestApp, type TestContext } from './helpers';

let ctx: TestContext;
let api: ReturnType<typeof caller>;
let serviceA: { id: number; name: string };
let serviceB: { id: number; name: string };
let group: { id: number };

beforeAll(async () => {
  ctx = await setupTestApp();
  api = caller(ctx.app);
  const services = await ctx.db.query<{ id: number; name: string }>('select id, name from services where parent_id is not null order by name, id limit 2');
  serviceA = services[0]!;
  serviceB = services[1]!;
  group = (await ctx.db.query<{ id: number }>('select id from services where parent_id is null order by id limit 1'))[0]!;
});
afterAll(() => ctx.close());

const ids = (res: { body: { data: { items: Array<{ id: number }> } } }) => res.body.data.items.map((s) => s.id);
const remove = (who: Person | { headers: Record<string, string> } | null, id: unknown) => api.call(who, 'DELETE', 'profile/service/remove', { id });

describe('profile/service/add and remove', () => {
  let executor: Person;
  beforeAll(async () => {
    executor = await makePerson(ctx.db, 'executor');
  });

  it('adds services to the active profile and answers the updated list', async () => {
    const first = await api.post(executor, 'profile/service/add', { serviceId: serviceB.id });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe('Услуга добавлена');
    expect(ids(first)).toEqual([serviceB.id]);
    const second = await api.post(executor, 'profile/service/add', { serviceId: serviceA.id });
    expect(ids(second)).toEqual([serviceA.id, serviceB.id]);
    expect(second.body.data.items[0]).toEqual(expect.objectContaining({ id: serviceA.id, name: serviceA.name }));
    const list = await api.get(executor, 'profile/service/get-collection', {});
    expect(ids(list)).toEqual([serviceA.id, serviceB.id]);
  });

  it('is idempotent: adding a service twice keeps one', async () => {
    const again = await api.post(executor, 'profile/service/add', { serviceId: serviceA.id });
    expect(again.status).toBe(200);
    expect(ids(again)).toEqual([serviceA.id, serviceB.id]);
  });

  it('removes a service and answers the list; removing one not offered changes nothing', async () => {
    const res = await remove(executor, serviceA.id);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Услуга удалена');
    expect(ids(res)).toEqual([serviceB.id]);
    const again = await remove(executor, serviceA.id);
    expect(again.status).toBe(200);
    expect(ids(again)).toEqual([serviceB.id]);
  });

  it('422 for an unknown service or a group heading', async () => {
    for (const serviceId of [999999, 99999999999, group.id]) {
      const res = await api.post(executor, 'profile/service/add', { serviceId });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ serviceId: 'Выберите услугу из списка' });
    }
    const bad = await api.post(executor, 'profile/service/add', { serviceId: 'x' });
    expect(bad.status).toBe(422);
    const missing = await remove(executor, 'x');
    expect(missing.status).toBe(422);
  });

  it('403 for a customer profile and without a profile, 401 for a guest', async () => {
    const customer = await makePerson(ctx.db, 'customer');
    const refused = await api.post(customer, 'profile/service/add', { serviceId: serviceA.id });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Услуги указывают исполнители');
    expect((await remove(customer, serviceA.id)).status).toBe(403);
    const nobody = await makeUserWithoutProfile(ctx.db);
    const none = await api.post(nobody, 'profile/service/add', { serviceId: serviceA.id });
    expect(none.status).toBe(403);
    expect(none.body.message).toBe('Выберите профиль');
    expect((await api.post(null, 'profile/service/add', { serviceId: serviceA.id })).status).toBe(401);
    expect((await remove(null, serviceA.id)).status).toBe(401);
  });

  it('an organisation employee sets the organisation services', async () => {
    const org = await makePerson(ctx.db, 'organization', 'ООО «Монтаж»');
    await ctx.db.query('insert into organization_members (organization_id, user_id, director) values ($1, $2, true) on conflict do nothing', [org.profileId, org.userId]);
    const employee = await makeUserWithoutProfile(ctx.db);
    await ctx.db.query('insert into organization_members (organization_id, user_id, director) values ($1, $2, false)', [org.profileId, employee.userId]);
    await ctx.db.query('update users set active_profile_id = $2 where id = $1', [employee.userId, org.profileId]);
    const res = await api.post(employee, 'profile/service/add', { serviceId: serviceA.id });
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([serviceA.id]);
    expect(ids(await api.get(org, 'profile/service/get-collection', {}))).toEqual([serviceA.id]);
    // Other profiles are untouched.
    expect(ids(await api.get(executor, 'profile/service/get-collection', {}))).toEqual([serviceB.id]);
  });
});
