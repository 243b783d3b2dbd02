import { applicationViewSchema } from 'shared/contract';
import { caller, inDays, makePerson, type Person } from './deal-helpers';
import { setupTestApp, type TestContext } from './helpers';

/**
 * The public application page names the application's facility (a link to its public page):
 * `application/get` answers it to a guest and to a profile that is no party, `null` when none is linked.
 */

let ctx: TestContext;
let api: ReturnType<typeof caller>;
let customer: Person;
let stranger: Person;
let facilityId: number;

beforeAll(async () => {
  ctx = await setupTestApp();
  api = caller(ctx.app);
  customer = await makePerson(ctx.db, 'customer');
  stranger = await makePerson(ctx.db, 'executor');
  const [row] = await ctx.db.query<{ id: number }>(
    `insert into facilities (profile_id, type_id, name, address_value) values ($1, (select min(id) from facility_types), 'Склад на Баумана', 'г Казань, ул Баумана, д 1') returning id`,
    [customer.profileId],
  );
  facilityId = row!.id;
});
afterAll(() => ctx.close());

async function publish(extra: Record<string, unknown>): Promise<number> {
  const [service] = await ctx.db.query<{ id: number }>('select min(id) as id from services where parent_id is not null');
  const created = await api.post(customer, 'application/create', {
    name: 'Ремонт кровли склада',
    description: 'Заменить кровлю',
    address: { value: 'г Казань, ул Баумана, д 1', cityFiasId: null, geoLat: null, geoLon: null },
    price: 5000,
    deadline: inDays(20),
    feedbackDeadline: inDays(10),
    services: [service!.id],
    ...extra,
  });
  expect(created.status).toBe(200);
  return created.body.data.id as number;
}

test('a guest and a profile that is no party see the linked facility on the public view', async () => {
  const id = await publish({ facilityId });
  for (const who of [null, stranger]) {
    const view = await api.get(who, 'application/get', { id });
    expect(view.status).toBe(200);
    expect(view.body.data.facility).toEqual({ id: facilityId, name: 'Склад на Баумана' });
    expect(applicationViewSchema.parse(view.body.data).facility).toEqual({ id: facilityId, name: 'Склад на Баумана' });
    // Still the public view: none of the deal's fields.
    expect(view.body.data).not.toHaveProperty('replies');
    expect(view.body.data).not.toHaveProperty('payment');
  }
});

test('an application without a facility answers facility: null, and a deleted facility leaves it', async () => {
  const id = await publish({});
  expect((await api.get(null, 'application/get', { id })).body.data.facility).toBeNull();

  const [gone] = await ctx.db.query<{ id: number }>(
    `insert into facilities (profile_id, type_id, name) values ($1, (select min(id) from facility_types), 'Снесённый сарай') returning id`,
    [customer.profileId],
  );
  const linked = await publish({ facilityId: gone!.id });
  await ctx.db.query('delete from facilities where id = $1', [gone!.id]);
  expect((await api.get(null, 'application/get', { id: linked })).body.data.facility).toBeNull();
});
