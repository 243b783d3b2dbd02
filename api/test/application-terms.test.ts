/**
 * Migration 013 keeps the words of published applications (`search_terms`, `application_terms`) on a
 * server with pg_trgm, and a text query alone, or with prices and a deadline, is counted and paged from them. Random sequences of
 * the statements that change applications — inserts of several rows, status changes, new names and
 * descriptions, prices, deadlines, deletes — are each followed by a comparison of the kept words with
 * the applications' own, and of the list a text query answers with the substring search over the
 * applications themselves (`page`, which tests each application's text), and so does the page read
 * where the count is kept (`keptPage`). PGlite loads pg_trgm too (db/pglite.ts), so both kinds keep them.
 */
import fc from 'fast-check';
import { applicationListDefaults, applicationStatuses, type ApplicationSortField, type ApplicationStatus, type TypeSort } from 'shared/contract';
import type { Db } from '../src/db';
import { hasTrigramSearch } from '../src/db/features';
import { nameSortKey, substringStems } from '../src/db/sql';
import { applicationRepository, buildApplicationListQuery, type ApplicationFilter } from '../src/modules/application/repository';
import { openTestDb } from './helpers';

let db: Db;
let close: () => Promise<void>;
let customerId: number;
let trigram: boolean;

beforeAll(async () => {
  ({ db, close } = await openTestDb());
  [{ id: customerId }] = (await db.query<{ id: number }>(`select id from profiles order by id limit 1`)) as [{ id: number }];
  [{ trigram }] = (await db.query<{ trigram: boolean }>(`select to_regclass('applications_text_trgm_idx') is not null as trigram`)) as [{ trigram: boolean }];
});
afterAll(() => close());

const NAME = 'Слова заявок';
const WORDS = ['ремонт', 'Ремонта', 'отремонтировать', 'трёхкомнатной', 'трехкомнатная', 'котёл', 'КОТЕЛ', 'монтаж', 'демонтаж', 'плитки', '6×4', 'м²', 'окна,', '(срочно)', 'ванной'];
const GAPS = [' ', '  ', '\n', '\t', ', '];
const QUERIES = ['ремонт', 'трёхкомнатн', 'монтаж', 'котел', 'ремонт монтаж', 'отсутствующее'];

const text = fc.array(fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(...GAPS)), { minLength: 1, maxLength: 6 }).map((parts) => parts.map(([w, g]) => w + g).join('').trim());
const status = fc.constantFrom<ApplicationStatus>('published', 'published', ...applicationStatuses);
const price = fc.option(fc.integer({ min: 0, max: 90_000 }), { nil: null });
const deadline = fc.option(fc.integer({ min: 1, max: 60 }).map((d) => new Date(Date.UTC(2027, 0, d)).toISOString().slice(0, 10)), { nil: null });

type Op =
  | { kind: 'insert'; rows: Array<{ description: string; status: ApplicationStatus; price: number | null; deadline: string | null }> }
  | { kind: 'set-status'; pick: number; to: ApplicationStatus }
  | { kind: 'set-text'; pick: number; name: string; description: string }
  | { kind: 'set-price'; pick: number; price: number | null }
  | { kind: 'set-deadline'; pick: number; deadline: string | null }
  | { kind: 'publish-all' }
  | { kind: 'delete'; pick: number };
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), rows: fc.array(fc.record({ description: text, status, price, deadline }), { minLength: 1, maxLength: 3 }) }),
  fc.record({ kind: fc.constant('set-status' as const), pick: fc.nat(), to: status }),
  fc.record({ kind: fc.constant('set-text' as const), pick: fc.nat(), name: text, description: text }),
  fc.record({ kind: fc.constant('set-price' as const), pick: fc.nat(), price }),
  fc.record({ kind: fc.constant('set-deadline' as const), pick: fc.nat(), deadline }),
  fc.record({ kind: fc.constant('publish-all' as const) }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
);

/** The id of the `pick`-th application created by this test (none: null). */
async function pickRow(pick: number): Promise<number | null> {
  const rows = await db.query<{ id: number }>(`select id from applications where customer_profile_id = $1 and name like $2 order by id`, [customerId, `${NAME}%`]);
  return rows.length ? rows[pick % rows.length]!.id : null;
}

async function run(o: Op) {
  switch (o.kind) {
    case 'insert': {
      const values = o.rows.map((_, i) => `($1 || ' ' || $${4 * i + 2}, $${4 * i + 2}, $${4 * i + 3}, $${4 * i + 4}::numeric, $${4 * i + 5}::date, $${4 * o.rows.length + 2})`);
      await db.query(
        `insert into applications (name, description, status, price, deadline, customer_profile_id) values ${values.join(', ')}`,
        [NAME, ...o.rows.flatMap((r) => [r.description, r.status, r.price, r.deadline]), customerId],
      );
      return;
    }
    case 'set-status': {
      const id = await pickRow(o.pick);
      if (id !== null) await db.query(`update applications set status = $2 where id = $1`, [id, o.to]);
      return;
    }
    case 'set-text': {
      const id = await pickRow(o.pick);
      if (id !== null) await db.query(`update applications set name = $2, description = $3 where id = $1`, [id, `${NAME} ${o.name}`, o.description]);
      return;
    }
    case 'set-price': {
      const id = await pickRow(o.pick);
      if (id !== null) await db.query(`update applications set price = $2 where id = $1`, [id, o.price]);
      return;
    }
    case 'set-deadline': {
      const id = await pickRow(o.pick);
      if (id !== null) await db.query(`update applications set deadline = $2 where id = $1`, [id, o.deadline]);
      return;
    }
    case 'publish-all':
      await db.query(`update applications set status = 'published' where name like $1 and status <> 'published'`, [`${NAME}%`]);
      return;
    case 'delete': {
      const id = await pickRow(o.pick);
      if (id !== null) await db.query(`delete from applications where id = $1`, [id]);
      return;
    }
  }
}

/** The kept words and keys equal the published applications' own, as migration 013 derives them (the name's key since 017). */
async function expectWordsKept() {
  const kept = await db.query<{ row: string }>(
    `select concat_ws('|', s.term, t.application_id, t.created_at, coalesce(t.price::text, '-'), coalesce(t.deadline::text, '-'), t.name_key) as row
     from application_terms t join search_terms s on s.id = t.term_id order by 1`,
  );
  const derived = await db.query<{ row: string }>(
    `select distinct concat_ws('|', w, a.id, a.created_at, coalesce(a.price::text, '-'), coalesce(a.deadline::text, '-'), ${nameSortKey('a.name')}) as row
     from applications a, regexp_split_to_table(a.search_text, '\\s+') w
     where a.status = 'published' and w <> '' order by 1`,
  );
  expect(kept.map((r) => r.row)).toEqual(derived.map((r) => r.row));
}

const SORTS: Array<[ApplicationSortField, TypeSort]> = [
  ['createdAt', 'desc'],
  ['name', 'asc'],
  ['price', 'desc'],
  ['deadline', 'asc'],
];

/** Prices and a deadline with a text query: tested on the copies of the columns beside the words. */
const KEY_FILTERS: Array<[Partial<ApplicationFilter>, string]> = [
  [{ minPrice: 30_000, maxPrice: 70_000 }, 'price >= 30000 and price <= 70000'],
  [{ deadline: '2027-01-31' }, `deadline <= '2027-01-31'`],
  [{ minPrice: 1, deadline: '2027-02-15' }, `price >= 1 and deadline <= '2027-02-15'`],
];

/**
 * Each query's list (first two pages of 4, every sort; with prices or a deadline, the first page)
 * equals the substring search over the applications.
 */
async function expectListsAsSubstrings() {
  for (const query of QUERIES) {
    const substrings = await substringStems(db, query);
    expect(substrings).not.toBeNull();
    for (const [filter, condition] of [[{}, 'true'] as [Partial<ApplicationFilter>, string], ...KEY_FILTERS]) {
      for (const [attributeSort, typeSort] of SORTS) {
        for (const page of condition === 'true' ? [1, 2] : [1]) {
          const f: ApplicationFilter = { statuses: ['published'], page, limit: 4, attributeSort, typeSort, query, substrings, ...filter };
          const { count, page: walk, countedPage, keptPage } = buildApplicationListQuery(f);
          expect(count.text).toContain('application_terms');
          expect(countedPage!.text).toContain('application_terms');
          expect(walk.text).toContain('search_text like');
          const walked = (await db.query<{ id: number }>(walk.text, walk.values)).map((r) => r.id);
          // A one-word query in the default order: its page where the count is kept (each word's first rows).
          if (substrings!.length === 1 && attributeSort === 'name' && typeSort === 'asc') {
            for (const window of [f, { ...f, limit: applicationListDefaults.limit }]) {
              const pageAlone = buildApplicationListQuery(window);
              const expected = (await db.query<{ id: number }>(pageAlone.page.text, pageAlone.page.values)).map((r) => r.id);
              expect((await db.query<{ id: number }>(pageAlone.keptPage!.text, pageAlone.keptPage!.values)).map((r) => r.id)).toEqual(expected);
            }
          } else expect(keptPage).toBeUndefined();
          const likes = substrings!.map((_, i) => `search_text like $${i + 1}`).join(' and ');
          const [{ n }] = (await db.query<{ n: number }>(
            `select count(*)::int as n from applications where status = 'published' and ${likes} and ${condition}`,
            walk.values.slice(0, substrings!.length),
          )) as [{ n: number }];
          const listed = await applicationRepository(db).list(f);
          expect({ ids: listed.items.map((i) => i.id), total: listed.total }).toEqual({ ids: walked, total: n });
        }
      }
    }
  }
}

describe('the words of published applications (migration 013)', () => {
  it('are kept where pg_trgm is (a server, and PGlite, which loads it), and without them a text query reads the full-text index', async () => {
    const [{ kept }] = (await db.query<{ kept: boolean }>(`select to_regclass('application_terms') is not null as kept`)) as [{ kept: boolean }];
    expect(kept).toBe(trigram);
    expect(trigram).toBe(true);
    await expectWordsKept();
    // Without substrings (no pg_trgm, or a word too short for trigrams) the full-text search answers.
    expect(await hasTrigramSearch(db)).toBe(true);
    const f: ApplicationFilter = { statuses: ['published'], page: 1, limit: 4, attributeSort: 'createdAt', typeSort: 'desc', query: 'ремонт', substrings: null };
    expect(buildApplicationListQuery(f).count.text).not.toContain('application_terms');
    const listed = await applicationRepository(db).list(f);
    expect(listed.total).toBeGreaterThan(0);
  });

  it('follow the applications through random sequences of statements, and a text query lists what the substring search does', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (ops) => {
        for (const o of ops) {
          await run(o);
          await expectWordsKept();
        }
        await expectListsAsSubstrings();
      }),
      { numRuns: 20 },
    );
    // Twenty sequences of up to eight statements, each checked against the whole table: about 15 s
    // on a PostgreSQL server here, past Jest's 30 s on a CI run whose machine was busy besides.
  }, 120_000);

  it('leave a text query with a city or a customer to the applications and their trigram index', async () => {
    const substrings = trigram ? await substringStems(db, 'ремонт') : null;
    const f: ApplicationFilter = { statuses: ['published'], page: 1, limit: 4, attributeSort: 'createdAt', typeSort: 'desc', query: 'ремонт', substrings, minPrice: 1 };
    for (const other of [{ cityFiasId: '0c5b2444-70a0-4932-980c-b4dc0d3f02b5' }, { customerId }, { customerType: 'customer' as const }]) {
      const { count, countedPage } = buildApplicationListQuery({ ...f, ...other });
      expect(count.text).not.toContain('application_terms');
      expect(countedPage!.text).not.toContain('application_terms');
    }
    // Prices and a deadline are kept beside the words, services are their links (on a server with pg_trgm).
    for (const other of [{ deadline: '2027-01-31' }, { services: [1] }]) {
      expect(buildApplicationListQuery({ ...f, ...other }).count.text.includes('application_terms')).toBe(Boolean(substrings));
    }
    // A customer's own list (any status) is not the public one: not from the published words either.
    expect(buildApplicationListQuery({ ...f, minPrice: undefined, statuses: ['published', 'draft'] }).count.text).not.toContain('application_terms');
  });
});
