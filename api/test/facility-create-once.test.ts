import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FACILITY_MESSAGES, type Facility } from 'shared/contract';
import { caller, makePerson, SAMPLE_PDF, type Person } from './deal-helpers';
import { setupTestApp, type TestContext } from './helpers';

/*
 * A facility's create sent again with the same client key, after one whose answer was lost (QA
 * report I-2): the profile gets one facility with one copy of its documents.
 */

let ctx: TestContext;
let api: ReturnType<typeof caller>;
const filesDir = mkdtempSync(path.join(os.tmpdir(), 'facility-once-'));
let typeId: number;

beforeAll(async () => {
  ctx = await setupTestApp({ filesDir });
  api = caller(ctx.app);
  const types = await api.get(null, 'profile/facility/get/type', {});
  typeId = types.body.data.items.find((t: { name: string }) => t.name === 'Квартира').id;
});
afterAll(async () => {
  await ctx.close();
  rmSync(filesDir, { recursive: true, force: true });
});

const ADDRESS = { value: 'г Москва, ул Тверская, д 1', cityFiasId: '0c5b2444-70a0-4932-980c-b4dc0d3f02b5', geoLat: 55.757, geoLon: 37.615 };
const fields = (over: Record<string, string> = {}) => ({ name: 'Квартира на Тверской', typeId: String(typeId), description: '', address: JSON.stringify(ADDRESS), ...over });
const create = (who: Person, over: Record<string, string> = {}) => api.form<Facility>(who, 'profile/facility/create', fields(over), [SAMPLE_PDF]);

const storedFiles = () => {
  try {
    return readdirSync(path.join(filesDir, 'facilities')).length;
  } catch {
    return 0;
  }
};
const count = async (sql: string, profileId: number) => (await ctx.db.query<{ n: number }>(sql, [profileId]))[0]!.n;
const facilities = (profileId: number) => count('select count(*)::int as n from facilities where profile_id = $1', profileId);
const documents = (profileId: number) =>
  count('select count(*)::int as n from facility_documents d join facilities f on f.id = d.facility_id where f.profile_id = $1', profileId);

let owner: Person;
beforeEach(async () => {
  owner = await makePerson(ctx.db, 'customer');
});

it('the same key sent again answers the facility made with it: one facility, one copy of its documents, no file left over', async () => {
  const files = storedFiles();
  const first = await create(owner, { clientKey: 'facility-key-0001' });
  expect(first.status).toBe(200);
  const again = await create(owner, { clientKey: 'facility-key-0001' });
  expect(again.status).toBe(200);
  expect(again.body.message).toBe(FACILITY_MESSAGES.created);
  expect(again.body.data).toEqual(first.body.data);
  expect(again.body.data.documents).toHaveLength(1);
  expect(await facilities(owner.profileId)).toBe(1);
  expect(await documents(owner.profileId)).toBe(1);
  expect(storedFiles()).toBe(files + 1);
});

it('two creates of the same key at once make one facility', async () => {
  const files = storedFiles();
  const answers = await Promise.all([1, 2, 3].map(() => create(owner, { clientKey: 'facility-key-race' })));
  expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
  expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
  expect(await facilities(owner.profileId)).toBe(1);
  expect(await documents(owner.profileId)).toBe(1);
  expect(storedFiles()).toBe(files + 1);
});

it('other keys, no key, or another profile with the same key each make their own', async () => {
  const other = await makePerson(ctx.db, 'executor');
  await create(owner, { clientKey: 'facility-key-a001' });
  await create(owner, { clientKey: 'facility-key-b001' });
  await create(owner);
  await create(owner);
  expect(await facilities(owner.profileId)).toBe(4);
  expect((await create(other, { clientKey: 'facility-key-a001' })).status).toBe(200);
  expect(await facilities(other.profileId)).toBe(1);
});

it('a key of another shape is refused in Russian on its field, and nothing is made', async () => {
  const files = storedFiles();
  const res = await create(owner, { clientKey: 'ключ' });
  expect(res.status).toBe(422);
  expect(res.body.errors).toEqual({ clientKey: FACILITY_MESSAGES.clientKey });
  expect(await facilities(owner.profileId)).toBe(0);
  expect(storedFiles()).toBe(files);
});

/*
 * PGlite runs one transaction at a time: there the creates above only queue. On PostgreSQL
 * (DATABASE_URL, as CI runs it) a create waits on another's uncommitted facility of the same key.
 */
const onPostgres = process.env.DATABASE_URL ? it : it.skip;

onPostgres('a create waiting on an uncommitted facility of the same key answers that one once it commits', async () => {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let inserted!: (held: { pid: number; id: number }) => void;
  const holding = new Promise<{ pid: number; id: number }>((resolve) => (inserted = resolve));
  const done = ctx.db.transaction(async (tx) => {
    const [me] = await tx.query<{ pid: number }>('select pg_backend_pid() as pid');
    const [row] = await tx.query<{ id: number }>(
      `insert into facilities (profile_id, type_id, name, client_key) values ($1, $2, 'Созданный первым', 'facility-key-held') returning id`,
      [owner.profileId, typeId],
    );
    inserted({ pid: me!.pid, id: row!.id });
    await gate;
  });
  const held = await holding;
  const files = storedFiles();
  const waiting = create(owner, { clientKey: 'facility-key-held' });
  // Until the create's insert waits on the held one (its files are stored before its transaction).
  for (let tries = 0; ; tries++) {
    const [row] = await ctx.db.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where $1 = any(pg_blocking_pids(pid))', [held.pid]);
    if (row!.n > 0) break;
    if (tries > 300) throw new Error('the create did not wait on the held facility');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  release();
  await done;
  const res = await waiting;
  expect(res.status).toBe(200);
  expect(res.body.data).toMatchObject({ id: held.id, name: 'Созданный первым', documents: [] });
  expect(await facilities(owner.profileId)).toBe(1);
  expect(storedFiles()).toBe(files);
});
