import type { Db } from '../src/db';
import { buildApplicationListQuery, type ApplicationFilter, type SqlStatement } from '../src/modules/application/repository';
import { buildCustomerListQuery, buildCustomerLookupQuery } from '../src/modules/customer/repository';
import { buildExecutorListQuery } from '../src/modules/executor/repository';
import { insertBulkApplications, insertBulkProfiles } from '../src/seed/bulk';
import { openTestDb } from './helpers';

/**
 * The public application list must be answered from indexes at scale. 100,000 generated
 * applications take ~40 s to insert on PGlite (2 cores), too slow for every run, so PGlite
 * uses 10,000 unless QUERY_PLAN_ROWS says otherwise; a PostgreSQL run (DATABASE_URL) uses 100,000.
 */
const ROWS = Number(process.env.QUERY_PLAN_ROWS) || (process.env.DATABASE_URL ? 100_000 : 10_000);
/** Users with one profile each, for executor and customer search. */
const PROFILES = 20_000;
const MOSCOW = '0c5b2444-70a0-4932-980c-b4dc0d3f02b5';

let db: Db;
let close: () => Promise<void>;
let serviceIds: number[];

beforeAll(async () => {
  ({ db, close } = await openTestDb());
  await insertBulkApplications(db, ROWS);
  await insertBulkProfiles(db, PROFILES);
  // VACUUM sets the visibility map as autovacuum would on a live database, so counts can be
  // index-only; ANALYZE gives the planner the new row counts.
  await db.exec('vacuum analyze applications');
  await db.exec('vacuum analyze application_services');
  await db.exec('vacuum analyze profiles');
  await db.exec('vacuum analyze profile_services');
  serviceIds = (await db.query<{ id: number }>('select id from services where parent_id is not null order by id limit 2')).map((r) => r.id);
}, 300_000);
afterAll(() => close());

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

async function explain(statement: SqlStatement): Promise<PlanNode[]> {
  const [row] = await db.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${statement.text}`, statement.values);
  const json = row!['QUERY PLAN'];
  const [top] = (typeof json === 'string' ? JSON.parse(json) : json) as Array<{ Plan: PlanNode }>;
  return nodes(top!.Plan);
}

const base: ApplicationFilter = { statuses: ['published'], page: 1, limit: 6, attributeSort: 'name', typeSort: 'asc' };
/** Each case names the index its count must use: the filter itself is answered by an index. */
const cases: Array<[string, () => Partial<ApplicationFilter>, RegExp]> = [
  ['the default sort (name ascending)', () => ({}), /^applications_/],
  ['a city filter', () => ({ cityFiasId: MOSCOW }), /^applications_(pub_city_name|city)_idx$/],
  ['a services filter', () => ({ services: serviceIds }), /^application_services_/],
  ['a text query', () => ({ query: 'ремонт ванной' }), /^applications_search_idx$/],
  ['a price range sorted by price', () => ({ minPrice: 20_000, maxPrice: 40_000, attributeSort: 'price', typeSort: 'desc' }), /price/],
  [
    'a deadline sorted by deadline',
    () => ({ deadline: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10), attributeSort: 'deadline' }),
    /deadline/,
  ],
];

describe(`application list query plans with ${ROWS} generated applications`, () => {
  it('generated the rows', async () => {
    const [row] = await db.query<{ n: number }>('select count(*)::int as n from applications');
    expect(row!.n).toBeGreaterThanOrEqual(ROWS);
  });

  for (const [name, filter, countIndex] of cases) {
    it(`reads applications through indexes for ${name}`, async () => {
      const { count, page } = buildApplicationListQuery({ ...base, ...filter() });
      for (const statement of [count, page]) {
        const plan = await explain(statement);
        const onApplications = plan.filter((n) => n['Relation Name'] === 'applications');
        expect(onApplications.length).toBeGreaterThan(0);
        expect(onApplications.filter((n) => n['Node Type'] === 'Seq Scan')).toEqual([]);
      }
      // No Seq Scan alone would also pass a walk of a whole index with a filter on every row.
      const indexes = (await explain(count)).map((n) => n['Index Name']).filter(Boolean);
      expect(indexes).toEqual(expect.arrayContaining([expect.stringMatching(countIndex)]));
      // The statements explained are the ones that answer: they run and find something.
      const [{ total } = { total: 0 }] = await db.query<{ total: number }>(count.text, count.values);
      expect(total).toBeGreaterThan(0);
    });
  }
});

describe(`executor and customer text search with ${PROFILES} generated profiles`, () => {
  const indexNames = async (statement: SqlStatement) => {
    const plan = await explain(statement);
    expect(plan.filter((n) => n['Relation Name'] === 'profiles' && n['Node Type'] === 'Seq Scan')).toEqual([]);
    return plan.map((n) => n['Index Name']).filter(Boolean);
  };
  const list = { page: 1, limit: 12, typeSort: 'asc' as const, query: 'сварщик' };

  it('executor/get-collection?query= reads profiles through profiles_search_idx', async () => {
    const { count, page } = buildExecutorListQuery({ ...list, attributeSort: 'id' });
    expect(await indexNames(count)).toContain('profiles_search_idx');
    expect(await indexNames(page)).toContain('profiles_search_idx');
  });

  it('customer/get-collection?query= counts through profiles_search_idx and pages through an index', async () => {
    const { count, page } = buildCustomerListQuery({ ...list, attributeSort: 'name' });
    expect(await indexNames(count)).toContain('profiles_search_idx');
    // A common word matches many customers: walking the name index until a page is full is cheaper.
    expect((await indexNames(page)).length).toBeGreaterThan(0);
  });

  it('customer/get-collection/filter?query= reads profiles through profiles_name_search_idx', async () => {
    const [org] = await db.query<{ name: string }>(`select name from profiles where name like 'ООО «Сварщик %' order by id desc limit 1`);
    expect(await indexNames(buildCustomerLookupQuery(org!.name, 10)!)).toContain('profiles_name_search_idx');
    expect((await indexNames(buildCustomerLookupQuery('смирн', 10)!)).length).toBeGreaterThan(0);
  });
});
