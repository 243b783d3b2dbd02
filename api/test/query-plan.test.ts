import type { Db } from '../src/db';
import { applicationRepository, buildApplicationListQuery, type ApplicationFilter, type SqlStatement } from '../src/modules/application/repository';
import { buildCustomerListQuery, buildCustomerLookupQuery } from '../src/modules/customer/repository';
import { buildExecutorListQuery } from '../src/modules/executor/repository';
import { buildServiceListQuery } from '../src/modules/service/repository';
import { buildSitemapQuery } from '../src/modules/sitemap/repository';
import { containsPattern, substringStems } from '../src/db/sql';
import { LIST_TOTAL_CAP, type ExecutorListFilter, type ServiceListFilter } from 'shared/contract';
import { insertBulkApplications, insertBulkProfiles } from '../src/seed/bulk';
import { openTestDb } from './helpers';
import { explainPlan } from './plan-helpers';

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
/** Services of a published application in Moscow: the city and services filter together find it. */
let moscowServiceIds: number[];
/** Migration 010 built the trigram indexes (a PostgreSQL server with pg_trgm). */
let trigram: boolean;
/** A city of the generated profiles (insertBulkProfiles spreads them over 300). */
let profileCity: string;

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
  moscowServiceIds = (
    await db.query<{ id: number }>(
      `select x.service_id as id from application_services x join applications a on a.id = x.application_id
       where a.status = 'published' and a.city_fias_id = $1 order by a.id limit 1`,
      [MOSCOW],
    )
  ).map((r) => r.id);
  [{ trigram }] = await db.query<{ trigram: boolean }>(`select to_regclass('applications_text_trgm_idx') is not null as trigram`) as [{ trigram: boolean }];
  // The published applications' words (migration 013), beside the trigram indexes.
  if (trigram) await db.exec('vacuum analyze application_terms');
  profileCity = (await db.query<{ city: string }>(`select md5('city-9')::uuid::text as city`))[0]!.city;
}, 300_000);

/** The big tables: none of them may be read whole for a public list. */
const BIG_TABLES = ['applications', 'application_services', 'application_terms', 'profiles', 'profile_services'];

/** Seq Scans on big tables, each with the statement's plan for the failure message. */
async function seqScans(statement: SqlStatement): Promise<string[]> {
  const plan = await explainPlan(db, statement);
  return plan.filter((n) => n['Node Type'] === 'Seq Scan' && BIG_TABLES.includes(n['Relation Name'] ?? '')).map((n) => `Seq Scan on ${n['Relation Name']}`);
}
afterAll(() => close());


const base: ApplicationFilter = { statuses: ['published'], page: 1, limit: 6, attributeSort: 'name', typeSort: 'asc' };
/**
 * The text index of a query of long words: where migration 010 built the trigram indexes, the
 * published applications' words (migration 013) for a text query alone, the trigrams with another
 * filter; else the tsvector.
 */
const TEXT_INDEX = /^(applications_(pub_search|text_trgm)_idx|application_terms_(pkey|name_idx))$/;
/**
 * The published applications' words, read from an index of theirs alone: the key (with the sort
 * keys beside each word) or the words in the name's order (migration 015), which the planner may
 * take where the name is all a statement needs.
 */
const TERM_INDEX = expect.stringMatching(/^application_terms_(pkey|name_idx)$/);
/** Each case names the index its count must use: the filter itself is answered by an index. */
/** The count of a list without a filter is the statuses' kept totals (migration 012), not an index's entries. */
const STATUS_COUNTS = 'application_status_counts';
const cases: Array<[string, () => Partial<ApplicationFilter>, RegExp | typeof STATUS_COUNTS]> = [
  ['the default sort (name ascending)', () => ({}), STATUS_COUNTS],
  ['a city filter', () => ({ cityFiasId: MOSCOW }), /^applications_(pub_city_\w+|city)_idx$/],
  ['a services filter', () => ({ services: serviceIds }), /^application_services_/],
  // On a server with pg_trgm a query of words of 3+ letters is looked up as substrings (its trigram index).
  ['a text query', () => ({ query: 'ремонт ванной' }), TEXT_INDEX],
  ['a text query with е for ё', () => ({ query: 'переезд трехкомнатной' }), TEXT_INDEX],
  ['a text query with a two-digit word (no trigram)', () => ({ query: 'котЁл 14' }), /^applications_pub_search_idx$/],
  // A word on a few thousand rows (10,000 on PGlite) may be cheaper to test on each published row
  // than to look up in the GIN index: either way only published rows, never the table. On a server
  // with pg_trgm the published applications' words answer, with their prices beside them.
  ['a text query sorted by price', () => ({ query: 'отопление', attributeSort: 'price', typeSort: 'asc' }), /^(applications_(text_trgm_idx|pub_\w+)|application_terms_(pkey|name_idx))$/],
  ['a minimum price alone', () => ({ minPrice: 45_000 }), /price|^applications_pub_/],
  ['a maximum price sorted by price ascending', () => ({ maxPrice: 5_000, attributeSort: 'price', typeSort: 'asc' }), /price/],
  ['a city sorted by creation, newest first', () => ({ cityFiasId: MOSCOW, attributeSort: 'createdAt', typeSort: 'desc' }), /^applications_(pub_city_\w+|city)_idx$/],
  ['a city and services', () => ({ cityFiasId: MOSCOW, services: moscowServiceIds }), /^(applications_(pub_city_\w+|city)_idx|application_services_.*)$/],
  ['services sorted by deadline descending', () => ({ services: serviceIds, attributeSort: 'deadline', typeSort: 'desc' }), /^application_services_|deadline/],
  ['the customer type (organisations too)', () => ({ customerType: 'customer' }), /^applications_/],
  ['one customer', () => ({ customerId: 1 }), /^applications_/],
  ['the name sorted descending', () => ({ typeSort: 'desc' }), STATUS_COUNTS],
  ['creation sorted ascending', () => ({ attributeSort: 'createdAt', typeSort: 'asc' }), STATUS_COUNTS],
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
      const f = { ...base, ...filter() };
      const substrings = trigram && f.query ? await substringStems(db, f.query) : null;
      const { count, page } = buildApplicationListQuery({ ...f, substrings });
      if (countIndex === STATUS_COUNTS) {
        // Read from the kept totals alone, and equal to counting the table (up to the cap).
        const plan = await explainPlan(db, count);
        expect(plan.filter((n) => n['Relation Name']).map((n) => n['Relation Name'])).toEqual([STATUS_COUNTS]);
        const [{ total }] = (await db.query<{ total: number }>(count.text, count.values)) as [{ total: number }];
        const [{ n }] = (await db.query<{ n: number }>(`select count(*)::int as n from applications where status = 'published'`)) as [{ n: number }];
        expect(total).toBe(n);
        expect(await seqScans(page)).toEqual([]);
        expect((await explainPlan(db, page)).filter((n) => n['Relation Name'] === 'applications').length).toBeGreaterThan(0);
        return;
      }
      for (const statement of [count, page]) {
        const plan = await explainPlan(db, statement);
        // A services filter alone is counted from its published links, a text query alone from the
        // published applications' words, without the applications.
        const read = plan.filter((n) => ['applications', 'application_services', 'application_terms'].includes(n['Relation Name'] ?? ''));
        expect(read.length).toBeGreaterThan(0);
        expect(read.filter((n) => n['Node Type'] === 'Seq Scan')).toEqual([]);
      }
      expect((await explainPlan(db, page)).filter((n) => n['Relation Name'] === 'applications').length).toBeGreaterThan(0);
      // No Seq Scan alone would also pass a walk of a whole index with a filter on every row.
      const indexes = (await explainPlan(db, count)).map((n) => n['Index Name']).filter(Boolean);
      expect(indexes).toEqual(expect.arrayContaining([expect.stringMatching(countIndex)]));
      if (countIndex === TEXT_INDEX) expect(indexes).toEqual(expect.arrayContaining([substrings ? TERM_INDEX : 'applications_pub_search_idx']));
      // The statements explained are the ones that answer: they run and find something.
      const [{ total } = { total: 0 }] = await db.query<{ total: number }>(count.text, count.values);
      expect(total).toBeGreaterThan(0);
      // The count stops at the cap: never every match of a broad filter.
      expect(count.text).toContain(`limit ${LIST_TOTAL_CAP + 1}`);
      expect(total).toBeLessThanOrEqual(LIST_TOTAL_CAP + 1);
    });
  }

  it('pages a city newest first from applications_pub_city_created_desc_idx, not by testing the newest of every city', async () => {
    const { page } = buildApplicationListQuery({ ...base, cityFiasId: MOSCOW, attributeSort: 'createdAt', typeSort: 'desc', page: 2 });
    expect((await explainPlan(db, page)).map((n) => n['Index Name'])).toContain('applications_pub_city_created_desc_idx');
  });

  /**
   * The filter's `countedPage` answers what its count and the walk of the sort's index do, and so
   * does the API (readListPage); the number of ids compared.
   */
  async function expectCountedPageAsWalk(f: ApplicationFilter): Promise<number> {
    const { count, page, countedPage, keptPage } = buildApplicationListQuery(f);
    expect(countedPage).toBeDefined();
    // A one-word query in the default order, from the published applications' words: the page
    // where the count is kept reads each word's first rows, and lists what the walk does.
    expect(keptPage !== undefined).toBe(f.substrings?.length === 1 && f.attributeSort === 'name' && f.typeSort === 'asc');
    if (keptPage) {
      const kept = (await db.query<{ id: number }>(keptPage.text, keptPage.values)).map((r) => r.id);
      expect(kept).toEqual((await db.query<{ id: number }>(page.text, page.values)).map((r) => r.id));
    }
    const [{ total } = { total: 0 }] = await db.query<{ total: number }>(count.text, count.values);
    const walked = (await db.query<{ id: number }>(page.text, page.values)).map((r) => r.id);
    const rows = await db.query<{ id: number; total: number }>(countedPage!.text, countedPage!.values);
    if (rows.length === 0) {
      // No row for the page (no match, or a page past the last): the count tells which.
      if (total <= LIST_TOTAL_CAP) expect(walked).toEqual([]);
    } else {
      // Past the cap its total says so, and the walk reads the page instead.
      expect(rows[0]!.total).toBe(total);
      if (total <= LIST_TOTAL_CAP) expect(rows.map((r) => r.id)).toEqual(walked);
    }
    // What the API answers (readListPage): the walk's page and the capped count.
    const listed = await applicationRepository(db).list(f);
    expect(listed.items.map((item) => item.id)).toEqual(walked);
    expect(listed.total).toBe(Math.min(total, LIST_TOTAL_CAP));
    expect(listed.totalExact).toBe(total <= LIST_TOTAL_CAP);
    return walked.length;
  }

  it('pages a text query in one statement (countedPage) exactly as the count and the walk do', async () => {
    const sorts: Array<Pick<ApplicationFilter, 'attributeSort' | 'typeSort'>> = [
      { attributeSort: 'name', typeSort: 'asc' },
      { attributeSort: 'price', typeSort: 'desc' },
      { attributeSort: 'deadline', typeSort: 'asc' },
      { attributeSort: 'createdAt', typeSort: 'desc' },
    ];
    let compared = 0;
    for (const query of ['ремонт', 'трёхкомнатной', 'котёл 14', 'нет-такого-слова']) {
      const substrings = trigram ? await substringStems(db, query) : null;
      for (const sort of sorts) {
        for (const pageNo of [1, 3, 10_000]) {
          compared += await expectCountedPageAsWalk({ ...base, ...sort, query, page: pageNo, substrings });
        }
      }
      // One statement, and it reads the text's own index, never a table or a sort index whole.
      const { count, countedPage } = buildApplicationListQuery({ ...base, query, substrings });
      expect(await seqScans(countedPage!)).toEqual([]);
      // With trigrams (a server) the matches come from the published applications' words (migration
      // 013), read from their index alone. Through the tsvector, on PGlite's 10,000 rows, testing the
      // ~3,000 published rows costs what the index does and either plan is fine.
      if (substrings) {
        const { keptPage } = buildApplicationListQuery({ ...base, query, substrings, page: 3 });
        if (keptPage) {
          // Each word's first rows in the name's order, from its own index alone: no match sorted.
          expect(await seqScans(keptPage)).toEqual([]);
          const kept = await explainPlan(db, keptPage);
          expect(kept.filter((n) => n['Relation Name'] === 'application_terms').map((n) => [n['Node Type'], n['Index Name']])).toEqual([
            ['Index Only Scan', 'application_terms_name_idx'],
          ]);
        }
        const plan = await explainPlan(db, countedPage!);
        expect(plan.map((n) => n['Index Name'])).toEqual(expect.arrayContaining([TERM_INDEX]));
        expect(plan.filter((n) => n['Relation Name'] === 'application_terms').map((n) => n['Node Type'])).toEqual(
          expect.arrayContaining(['Index Only Scan']),
        );
        // The matches' count is the LIKE's over the applications themselves (up to the cap).
        const likes = substrings.map((w, i) => `search_text like $${i + 1}`).join(' and ');
        const [{ n }] = (await db.query<{ n: number }>(
          `select count(*)::int as n from (select 1 from applications where status = 'published' and ${likes} limit ${LIST_TOTAL_CAP + 1}) m`,
          substrings.map((w) => containsPattern(w)),
        )) as [{ n: number }];
        const [{ total } = { total: 0 }] = await db.query<{ total: number }>(count.text, count.values);
        expect(total).toBe(n);
      }
    }
    expect(compared).toBeGreaterThan(0);
  });

  it('pages services with another condition or a text query in one statement (countedPage) exactly as the count and the walk do', async () => {
    const sorts: Array<Pick<ApplicationFilter, 'attributeSort' | 'typeSort'>> = [
      { attributeSort: 'name', typeSort: 'desc' },
      { attributeSort: 'price', typeSort: 'asc' },
      { attributeSort: 'deadline', typeSort: 'desc' },
      { attributeSort: 'createdAt', typeSort: 'desc' },
    ];
    const deadline = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const conditions: Array<Partial<ApplicationFilter>> = [
      { services: serviceIds, minPrice: 15_000, maxPrice: 25_000 },
      { services: serviceIds.slice(0, 1), deadline },
      { services: moscowServiceIds, cityFiasId: MOSCOW },
      { services: serviceIds, minPrice: 10_000_000 },
      // With a text query: from the published applications' words on a server with pg_trgm.
      { services: serviceIds, query: 'ремонт', substrings: trigram ? await substringStems(db, 'ремонт') : null },
    ];
    let compared = 0;
    for (const condition of conditions) {
      for (const sort of sorts) {
        for (const pageNo of [1, 2, 10_000]) {
          compared += await expectCountedPageAsWalk({ ...base, ...condition, ...sort, page: pageNo });
        }
      }
      // The matches come through the published links' index, never a table or a sort index whole.
      const { countedPage } = buildApplicationListQuery({ ...base, ...condition });
      expect(await seqScans(countedPage!)).toEqual([]);
      expect((await explainPlan(db, countedPage!)).map((n) => n['Index Name'])).toEqual(expect.arrayContaining([expect.stringMatching(/^application_services_/)]));
    }
    expect(compared).toBeGreaterThan(0);
    // A first page without a row has no match: answered by that one statement, without the count.
    const statements: string[] = [];
    const recording = { query: (text: string, values?: unknown[], options?: { prepare?: boolean }) => (statements.push(text), db.query(text, values, options)), exec: (sql: string) => db.exec(sql) };
    const none = await applicationRepository(recording as typeof db).list({ ...base, services: serviceIds, minPrice: 10_000_000 });
    expect(none).toEqual({ items: [], total: 0, totalExact: true });
    expect(statements.filter((text) => text.includes('applications a'))).toHaveLength(1);
    // A services filter alone is counted from the links and paged by the walk; other statuses than
    // published (a customer's own list) keep the count and the walk too.
    expect(buildApplicationListQuery({ ...base, services: serviceIds }).countedPage).toBeUndefined();
    expect(buildApplicationListQuery({ ...base, services: serviceIds, minPrice: 1, statuses: ['published', 'closed'] }).countedPage).toBeUndefined();
  });

  it('counts a services filter alone from the published links, each application once, as the applications would', async () => {
    // Two services of one published application: it matches through both links and counts once.
    const pair = (
      await db.query<{ id: number }>(
        `select x.service_id as id from application_services x
         where x.application_id = (select application_id from application_services where published group by application_id having count(*) > 1 order by application_id limit 1)
         order by x.service_id limit 2`,
      )
    ).map((r) => r.id);
    expect(pair).toHaveLength(2);
    for (const services of [pair, serviceIds, serviceIds.slice(0, 1)]) {
      const { count } = buildApplicationListQuery({ ...base, services });
      expect((await explainPlan(db, count)).filter((n) => n['Relation Name'] === 'applications')).toEqual([]);
      const [{ total }] = (await db.query<{ total: number }>(count.text, count.values)) as [{ total: number }];
      const [{ n }] = (await db.query<{ n: number }>(
        `select count(*)::int as n from applications a where a.status = 'published'
         and exists (select 1 from application_services x where x.application_id = a.id and x.service_id = any($1::int[]))`,
        [services],
      )) as [{ n: number }];
      expect(total).toBe(Math.min(n, LIST_TOTAL_CAP + 1));
      expect(n).toBeGreaterThan(0);
    }
    // With another condition, or other statuses besides published, the applications are read.
    for (const f of [{ services: serviceIds, minPrice: 1 }, { services: serviceIds, statuses: ['published', 'closed'] as ApplicationFilter['statuses'] }]) {
      const { count } = buildApplicationListQuery({ ...base, ...f });
      expect((await explainPlan(db, count)).filter((n) => n['Relation Name'] === 'applications').length).toBeGreaterThan(0);
    }
  });

  it('finds a substring of a word through the words of published applications (alone) or applications_text_trgm_idx (with a city) where pg_trgm is', async () => {
    const substrings = trigram ? await substringStems(db, 'монтаж отопления') : null;
    const alone = buildApplicationListQuery({ ...base, query: 'монтаж отопления', substrings });
    for (const statement of [alone.count, alone.page]) expect(await seqScans(statement)).toEqual([]);
    const indexes = (await explainPlan(db, alone.count)).map((n) => n['Index Name']).filter(Boolean);
    expect(indexes).toEqual(expect.arrayContaining([trigram ? TERM_INDEX : 'applications_pub_search_idx']));
    // With another filter the applications are read: the text through its trigram index.
    const withCity = buildApplicationListQuery({ ...base, query: 'монтаж', cityFiasId: MOSCOW, substrings: trigram ? await substringStems(db, 'монтаж') : null });
    expect(await seqScans(withCity.count)).toEqual([]);
    expect((await explainPlan(db, withCity.count)).map((n) => n['Index Name']).filter(Boolean)).toEqual(
      expect.arrayContaining([trigram ? expect.stringMatching(/^applications_(text_trgm_idx|pub_city_\w+|city_idx)$/) : expect.stringMatching(/^applications_/)]),
    );
    // PGlite loads pg_trgm too (db/pglite.ts): the embedded database searches as a server does.
    expect(trigram).toBe(true);
  });

  it('reads the sitemap of published applications from applications_pub_id_idx', async () => {
    const { count, page } = buildSitemapQuery('application', 1);
    for (const statement of [count, page]) expect(await seqScans(statement)).toEqual([]);
    expect((await explainPlan(db, page)).map((n) => n['Index Name'])).toContain('applications_pub_id_idx');
  });

  it('pages the name\'s order (ё with е) from its own index, in either direction and within a city', async () => {
    const expected: Array<[Partial<ApplicationFilter>, string]> = [
      [{ typeSort: 'asc', page: 2 }, 'applications_pub_name_asc_idx'],
      [{ typeSort: 'desc', page: 2 }, 'applications_pub_name_desc_idx'],
      [{ cityFiasId: MOSCOW, typeSort: 'asc' }, 'applications_pub_city_name_idx'],
    ];
    for (const [filter, index] of expected) {
      const { page } = buildApplicationListQuery({ ...base, ...filter });
      expect([index, (await explainPlan(db, page)).map((n) => n['Index Name'])]).toEqual([index, expect.arrayContaining([index])]);
    }
  });
});

describe(`executor catalogue filters with ${PROFILES} generated profiles`, () => {
  const base: ExecutorListFilter = { page: 1, limit: 12, attributeSort: 'id', typeSort: 'asc' };
  const executorCases: Array<[string, () => Partial<ExecutorListFilter>]> = [
    ['the default order (id)', () => ({})],
    ['a city', () => ({ address: profileCity })],
    ['services', () => ({ services: serviceIds })],
    ['a text query', () => ({ query: 'сварщик' })],
    ['a text query with ё', () => ({ query: 'Фёдоров' })],
    ['a city and services by name', () => ({ address: profileCity, services: serviceIds, attributeSort: 'name' })],
    ['the name, descending', () => ({ attributeSort: 'name', typeSort: 'desc' })],
    ['creation, newest first', () => ({ attributeSort: 'createdAt', typeSort: 'desc' })],
  ];
  for (const [name, filter] of executorCases) {
    it(`reads profiles through indexes for ${name}`, async () => {
      const f = { ...base, ...filter() };
      const { count, page } = buildExecutorListQuery(f, trigram && f.query ? await substringStems(db, f.query) : null);
      for (const statement of [count, page]) expect(await seqScans(statement)).toEqual([]);
      expect(count.text).toContain(`limit ${LIST_TOTAL_CAP + 1}`);
      const [{ total } = { total: 0 }] = await db.query<{ total: number }>(count.text, count.values);
      expect(total).toBeGreaterThan(0);
    });
  }

  it('pages the name\'s order (ё with е) from profiles_executor_name_*_idx in either direction', async () => {
    for (const typeSort of ['asc', 'desc'] as const) {
      const index = `profiles_executor_name_${typeSort}_idx`;
      const { page } = buildExecutorListQuery({ ...base, attributeSort: 'name', typeSort, page: 2 });
      expect([index, (await explainPlan(db, page)).map((n) => n['Index Name'])]).toEqual([index, expect.arrayContaining([index])]);
    }
  });

  it('reads the sitemap of executors from profiles_executor_id_idx', async () => {
    const { count, page } = buildSitemapQuery('executor', 1);
    for (const statement of [count, page]) expect(await seqScans(statement)).toEqual([]);
    expect((await explainPlan(db, page)).map((n) => n['Index Name'])).toEqual(expect.arrayContaining([expect.stringMatching(/^profiles_executor_/)]));
  });
});

describe(`service catalogue in a city with ${PROFILES} generated profiles`, () => {
  const base: ServiceListFilter = { page: 1, limit: 12, attributeSort: 'name', typeSort: 'asc' };
  const serviceCases: Array<[string, Partial<ServiceListFilter>]> = [
    ['a city', {}],
    ['a city, descending', { typeSort: 'desc' }],
    ['a city and a text query', { query: 'монтаж' }],
  ];
  for (const [name, filter] of serviceCases) {
    it(`reads the services for ${name} from the city's executors (profiles_executor_city_idx), never every profile or link`, async () => {
      const statements = buildServiceListQuery({ ...base, address: profileCity, ...filter })!;
      for (const statement of [statements.count, statements.page]) {
        expect(await seqScans(statement)).toEqual([]);
        expect((await explainPlan(db, statement)).map((n) => n['Index Name'])).toContain('profiles_executor_city_idx');
      }
      const [{ total } = { total: 0 }] = await db.query<{ total: number }>(statements.count.text, statements.count.values);
      expect(total).toBeGreaterThan(0);
    });
  }
});

describe(`executor and customer text search with ${PROFILES} generated profiles`, () => {
  const indexNames = async (statement: SqlStatement) => {
    const plan = await explainPlan(db, statement);
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

  it('customer/get-collection by name and its picker without a query page from profiles_name_idx (ё with е)', async () => {
    for (const typeSort of ['asc', 'desc'] as const) {
      const { page } = buildCustomerListQuery({ page: 2, limit: 12, attributeSort: 'name', typeSort });
      expect(await indexNames(page)).toContain('profiles_name_idx');
    }
    expect(await indexNames(buildCustomerLookupQuery(undefined, 10)!)).toContain('profiles_name_idx');
  });

  it('customer/get-collection/filter?query= reads profiles through profiles_name_search_idx', async () => {
    const [org] = await db.query<{ name: string }>(`select name from profiles where name like 'ООО «Сварщик %' order by id desc limit 1`);
    expect(await indexNames(buildCustomerLookupQuery(org!.name, 10)!)).toContain('profiles_name_search_idx');
    expect((await indexNames(buildCustomerLookupQuery('смирн', 10)!)).length).toBeGreaterThan(0);
  });
});
