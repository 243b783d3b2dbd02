import { cities } from '../src/seed/cities';
import { migrate } from '../src/db/migrate';
import { migrations } from '../src/db/migrations';
import { verifyPassword } from '../src/lib/password';
import { seed, SEED_COUNTS } from '../src/seed';
import { DEMO_PASSWORD } from '../src/seed/people';
import { expectEvery, openTestDb } from './helpers';
import type { Db } from '../src/db';

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await openTestDb());
});
afterAll(() => close());

const count = async (sql: string) => (await db.query<{ n: number }>(sql))[0]!.n;

describe('migrations', () => {
  it('run again on a second start without error and without re-applying', async () => {
    expect(await migrate(db)).toEqual([]);
    expect(await count('select count(*)::int as n from schema_migrations')).toBe(migrations.length);
  });
});

describe('seed', () => {
  it('filled the catalogue with the documented amounts', async () => {
    expect(await count('select count(*)::int as n from applications')).toBe(SEED_COUNTS.applications);
    expect(await count(`select count(*)::int as n from applications where status = 'published'`)).toBe(SEED_COUNTS.published);
    expect(await count('select count(*)::int as n from services')).toBe(SEED_COUNTS.services);
    expect(await count('select count(distinct city_fias_id)::int as n from applications')).toBeGreaterThanOrEqual(10);
    expect(await count('select count(*)::int as n from applications where geo_lat is null or geo_lon is null or city_fias_id is null')).toBe(0);
    expect(await count('select count(distinct status)::int as n from applications')).toBe(11);
    expect(await count(`select count(distinct ps.profile_id)::int as n from profile_services ps join profiles p on p.id = ps.profile_id where p.type = 'executor'`)).toBeGreaterThanOrEqual(6);
    expect(await count('select count(*)::int as n from facilities')).toBeGreaterThan(0);
    const fias = new Set(cities.map((c) => c.fiasId));
    const used = await db.query<{ id: string }>('select distinct city_fias_id as id from applications');
    expectEvery(used, (r) => fias.has(r.id));
  });

  it('is idempotent: a second run changes nothing', async () => {
    const before = await count('select (select count(*) from applications) + (select count(*) from users) + (select count(*) from services) as n');
    expect(await seed(db)).toBe(false);
    const after = await count('select (select count(*) from applications) + (select count(*) from users) + (select count(*) from services) as n');
    expect(Number(after)).toBe(Number(before));
  });

  it('creates the demo accounts with the documented password', async () => {
    const rows = await db.query<{ phone: string; password_hash: string; type: string }>(
      `select u.phone, u.password_hash, p.type from users u join profiles p on p.id = u.active_profile_id
       where u.phone in ('79990000001', '79990000002') order by u.phone`,
    );
    expect(rows.map((r) => [r.phone, r.type])).toEqual([['79990000001', 'customer'], ['79990000002', 'executor']]);
    for (const r of rows) {
      expect(await verifyPassword(DEMO_PASSWORD, r.password_hash)).toBe(true);
      expect(await verifyPassword('wrong-password', r.password_hash)).toBe(false);
    }
  });
});
