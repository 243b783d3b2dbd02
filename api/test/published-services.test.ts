import type { Db } from '../src/db';
import { applicationRepository } from '../src/modules/application/repository';
import { insertBulkApplications } from '../src/seed/bulk';
import { openTestDb } from './helpers';

/**
 * Migration 011: a link of application_services knows whether its application is published, and
 * the public list counts a services filter from those links. The flag must follow every change of
 * status and every new link, or the catalogue's count and its page would disagree.
 */
let db: Db;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ db, close } = await openTestDb());
  await insertBulkApplications(db, 300);
}, 120_000);
afterAll(() => close());

/** Links whose flag says otherwise than their application's status. */
async function disagreeing(): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `select count(*)::int as n from application_services x join applications a on a.id = x.application_id
     where x.published <> (a.status = 'published')`,
  );
  return row!.n;
}

it('marks the links of published applications, and only those, when they are written', async () => {
  const [row] = await db.query<{ published: number; others: number }>(
    `select count(*) filter (where x.published)::int as published, count(*) filter (where not x.published)::int as others
     from application_services x`,
  );
  expect(row!.published).toBeGreaterThan(0);
  expect(row!.others).toBeGreaterThan(0);
  expect(await disagreeing()).toBe(0);
});

it('follows every change of status, both ways, and a link added later', async () => {
  const ids = (await db.query<{ id: number; status: string }>(`select id, status from applications order by id`)).map((r) => r);
  const statuses = ['published', 'executor_named', 'draft', 'unpublished', 'published', 'in_work'];
  for (const [i, { id }] of ids.slice(0, 60).entries()) {
    await db.query(`update applications set status = $2 where id = $1`, [id, statuses[i % statuses.length]]);
  }
  expect(await disagreeing()).toBe(0);

  // A link added to a published application is published at once.
  const [target] = await db.query<{ id: number }>(`select id from applications where status = 'published' order by id limit 1`);
  const [service] = await db.query<{ id: number }>(
    `select id from services where parent_id is not null and id not in (select service_id from application_services where application_id = $1) limit 1`,
    [target!.id],
  );
  await db.query(`insert into application_services (application_id, service_id) values ($1, $2)`, [target!.id, service!.id]);
  const [link] = await db.query<{ published: boolean }>(`select published from application_services where application_id = $1 and service_id = $2`, [
    target!.id,
    service!.id,
  ]);
  expect(link!.published).toBe(true);
  expect(await disagreeing()).toBe(0);
});

it('counts a services filter exactly as many published applications as the page can reach', async () => {
  const repo = applicationRepository(db);
  const services = (await db.query<{ id: number }>(`select distinct service_id as id from application_services order by 1 limit 6`)).map((r) => r.id);
  for (const chosen of [services.slice(0, 1), services.slice(1, 3), services]) {
    const f = { statuses: ['published' as const], page: 1, limit: 1000, attributeSort: 'createdAt' as const, typeSort: 'desc' as const, services: chosen };
    const { items, total, totalExact } = await repo.list(f);
    const [expected] = await db.query<{ n: number }>(
      `select count(*)::int as n from applications a where a.status = 'published'
       and exists (select 1 from application_services x where x.application_id = a.id and x.service_id = any($1::int[]))`,
      [chosen],
    );
    expect(totalExact).toBe(true);
    expect(total).toBe(expected!.n);
    expect(items).toHaveLength(Math.min(total, 1000));
  }
});
