import { APPLICATION_CHANGED, applicationSeenOf, applicationViewSchema } from 'shared/contract';
import { caller, inDays, makePerson, type Person } from './deal-helpers';
import { setupTestApp, type TestContext } from './helpers';

/** ARCHITECTURE §8: `facilityId` on the application bodies, and the facility on the parties' view. */

let ctx: TestContext;
let api: ReturnType<typeof caller>;
let customer: Person;
let executor: Person;
let stranger: Person;
let facilityId: number;
let foreignFacilityId: number;

async function insertFacility(profileId: number, name: string): Promise<number> {
  const [row] = await ctx.db.query<{ id: number }>(
    `insert into facilities (profile_id, type_id, name, address_value) values ($1, (select min(id) from facility_types), $2, 'г Казань, ул Баумана, д 1') returning id`,
    [profileId, name],
  );
  return row!.id;
}

beforeAll(async () => {
  ctx = await setupTestApp();
  api = caller(ctx.app);
  customer = await makePerson(ctx.db, 'customer');
  executor = await makePerson(ctx.db, 'executor');
  stranger = await makePerson(ctx.db, 'customer');
  facilityId = await insertFacility(customer.profileId, 'Дача в Подмосковье');
  foreignFacilityId = await insertFacility(stranger.profileId, 'Чужой склад');
});
afterAll(() => ctx.close());

const FIELDS = {
  description: 'Заменить кровлю',
  address: { value: 'г Казань, ул Баумана, д 1', cityFiasId: null, geoLat: null, geoLon: null },
  price: 5000,
  deadline: inDays(20),
  feedbackDeadline: inDays(10),
};

async function serviceId(): Promise<number> {
  const [row] = await ctx.db.query<{ id: number }>('select min(id) as id from services where parent_id is not null');
  return row!.id;
}

test('a draft saved with the facility shows it to the customer; null unlinks it', async () => {
  const draft = await api.post(customer, 'application/draft/upsert', { name: 'Ремонт дачи', facilityId });
  expect(draft.status).toBe(200);
  const id = draft.body.data.id as number;

  const view = await api.get(customer, 'application/get', { id });
  expect(view.status).toBe(200);
  expect(view.body.data.facility).toEqual({ id: facilityId, name: 'Дача в Подмосковье' });
  expect(applicationViewSchema.parse(view.body.data).facility).toEqual({ id: facilityId, name: 'Дача в Подмосковье' });

  // Saving other fields leaves the link alone; an explicit null removes it.
  await api.post(customer, 'application/draft/upsert', { id, name: 'Ремонт дачи летом' });
  expect((await api.get(customer, 'application/get', { id })).body.data.facility).toEqual({ id: facilityId, name: 'Дача в Подмосковье' });
  expect((await api.post(customer, 'application/draft/upsert', { id, name: 'Ремонт дачи', facilityId: null })).status).toBe(200);
  expect((await api.get(customer, 'application/get', { id })).body.data.facility).toBeNull();
});

test('create and update take facilityId; a replying executor and a guest see the facility', async () => {
  const created = await api.post(customer, 'application/create', { name: 'Ремонт кровли', ...FIELDS, services: [await serviceId()], facilityId });
  expect(created.status).toBe(200);
  const id = created.body.data.id as number;
  expect((await api.get(customer, 'application/get', { id })).body.data.facility).toEqual({ id: facilityId, name: 'Дача в Подмосковье' });

  expect((await api.post(executor, 'application/reply/send', { id, comment: 'Готов сделать' })).status).toBe(200);
  expect((await api.get(executor, 'application/get', { id })).body.data.facility).toEqual({ id: facilityId, name: 'Дача в Подмосковье' });
  // The public view names it too: every facility's page is public (application-public-facility.test.ts).
  expect((await api.get(null, 'application/get', { id })).body.data.facility).toEqual({ id: facilityId, name: 'Дача в Подмосковье' });

  const updated = await api.post(customer, 'application/update', { id, facilityId: null });
  expect(updated.status).toBe(200);
  expect((await api.get(customer, 'application/get', { id })).body.data.facility).toBeNull();
});

test("another profile's facility is refused with a 422 naming facilityId", async () => {
  const res = await api.post(customer, 'application/draft/upsert', { name: 'Чужой объект', facilityId: foreignFacilityId });
  expect(res.status).toBe(422);
  expect(res.body.errors).toEqual({ facilityId: 'Выберите свой объект' });
});

test('an edit form that saw another facility than the one set since is refused 409, and nothing of it is written (QA AAT-1)', async () => {
  const created = await api.post(customer, 'application/create', { name: 'Ремонт веранды', ...FIELDS, services: [await serviceId()], facilityId });
  const id = created.body.data.id as number;
  const opened = applicationSeenOf((await api.get(customer, 'application/get', { id })).body.data);
  expect(opened.facilityId).toBe(facilityId);
  // Tab B unlinks the facility; tab A, opened before, links it again and changes the price.
  expect((await api.post(customer, 'application/update', { id, facilityId: null, seen: { facilityId: opened.facilityId } })).status).toBe(200);
  const stale = await api.post(customer, 'application/update', { id, facilityId, price: 9000, seen: { facilityId: opened.facilityId, price: opened.price } });
  expect([stale.status, stale.body.code]).toEqual([409, APPLICATION_CHANGED]);
  expect((await api.get(customer, 'application/get', { id })).body.data).toMatchObject({ facility: null, price: FIELDS.price });
  // Seen as it stands now (none), it saves.
  expect((await api.post(customer, 'application/update', { id, facilityId, seen: { facilityId: null } })).status).toBe(200);
  expect((await api.get(customer, 'application/get', { id })).body.data.facility).toEqual({ id: facilityId, name: 'Дача в Подмосковье' });
});
