/**
 * readListPage with the counts kept between writes (lib/kept-cache.ts): which statements a list runs
 * once its filter's count is known, and when a write intervenes. The statements are stand-ins: a
 * recording database answers each by its text.
 */
import { LIST_TOTAL_CAP } from 'shared/contract';
import { createKeptCache } from '../lib/kept-cache';
import { readListPage, type CountCache, type ListStatements } from './list-page';
import { LITERAL_PAGES, pageWindow } from './sql';
import type { Queryable } from './types';

interface Fake {
  db: Queryable;
  ran: string[];
  answers: Record<string, () => unknown[]>;
}

function fakeDb(answers: Record<string, () => unknown[]>): Fake {
  const ran: string[] = [];
  const db: Queryable = {
    async query<T>(sql: string) {
      ran.push(sql);
      const answer = answers[sql];
      if (!answer) throw new Error(`unexpected statement ${sql}`);
      return answer() as T[];
    },
    async exec() {},
  };
  return { db, ran, answers };
}

const keptCounts = (enabled: boolean): CountCache => createKeptCache<number>({ enabled, ttlMs: 30_000, maxEntries: 5_000 });
const rows = (n: number, total?: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1, ...(total === undefined ? {} : { total }) }));
const plain: ListStatements = { count: { text: 'count', values: [1] }, page: { text: 'page', values: [1, 20, 0] } };
const withCountedPage: ListStatements = { ...plain, countedPage: { text: 'countedPage', values: [1, 20, 0] } };
const read = (fake: Fake, statements: ListStatements, counts: CountCache | undefined, page = 1) =>
  readListPage<{ id: number }, number>(fake.db, { page, limit: 20 }, () => statements, (r) => r.id, counts);

describe('readListPage with kept counts', () => {
  it('reads a filter’s count once, then its page alone until a write clears the counts', async () => {
    let total = 45;
    const fake = fakeDb({ count: () => [{ total }], page: () => rows(20) });
    const counts = keptCounts(true);
    expect(await read(fake, plain, counts)).toMatchObject({ total: 45, totalExact: true });
    expect(fake.ran).toEqual(['count', 'page']);
    fake.ran.length = 0;
    expect(await read(fake, plain, counts, 2)).toMatchObject({ total: 45 });
    expect(fake.ran).toEqual(['page']);
    // Past the last page: nothing to read at all.
    fake.ran.length = 0;
    expect(await read(fake, plain, counts, 4)).toEqual({ items: [], total: 45, totalExact: true });
    expect(fake.ran).toEqual([]);

    total = 46;
    counts.clear();
    expect(await read(fake, plain, counts)).toMatchObject({ total: 46 });
    expect(fake.ran).toEqual(['count', 'page']);
  });

  it('counts every time without the cache, or with it off', async () => {
    const fake = fakeDb({ count: () => [{ total: 5 }], page: () => rows(5) });
    for (const counts of [undefined, keptCounts(false)]) {
      fake.ran.length = 0;
      await read(fake, plain, counts);
      await read(fake, plain, counts);
      expect(fake.ran).toEqual(['count', 'page', 'count', 'page']);
    }
  });

  it('does not keep a count read while a write cleared the counts', async () => {
    const counts = keptCounts(true);
    const fake = fakeDb({
      count: () => {
        counts.clear(); // a write lands while the count is read
        return [{ total: 7 }];
      },
      page: () => rows(7),
    });
    await read(fake, plain, counts);
    expect(counts.size).toBe(0);
  });

  it('keeps the count a countedPage read; a filter with one still reads it, or past the last page nothing', async () => {
    const fake = fakeDb({ countedPage: () => rows(20, 45), page: () => rows(20) });
    const counts = keptCounts(true);
    expect(await read(fake, withCountedPage, counts)).toMatchObject({ total: 45, totalExact: true });
    expect(counts.size).toBe(1);
    fake.ran.length = 0;
    // Its matches are read for the page's sort anyway: the walk of the sort's index could pass every row.
    expect(await read(fake, withCountedPage, counts, 2)).toMatchObject({ total: 45 });
    expect(await read(fake, withCountedPage, counts, 3)).toMatchObject({ total: 45 });
    expect(await read(fake, withCountedPage, counts, 4)).toEqual({ items: [], total: 45, totalExact: true });
    expect(fake.ran).toEqual(['countedPage', 'countedPage']);
  });

  it('reads a keptPage instead of the countedPage once the count is kept, where the filter has one', async () => {
    const withKeptPage: ListStatements = { ...withCountedPage, keptPage: { text: 'keptPage', values: [1, 20, 0] } };
    const fake = fakeDb({ countedPage: () => rows(20, 45), keptPage: () => rows(20), page: () => rows(20) });
    const counts = keptCounts(true);
    expect(await read(fake, withKeptPage, counts)).toMatchObject({ total: 45, totalExact: true });
    expect(await read(fake, withKeptPage, counts, 2)).toMatchObject({ items: rows(20).map((r) => r.id), total: 45 });
    expect(await read(fake, withKeptPage, counts, 4)).toEqual({ items: [], total: 45, totalExact: true });
    expect(fake.ran).toEqual(['countedPage', 'keptPage']);
    // Without the kept counts every read counts.
    fake.ran.length = 0;
    await read(fake, withKeptPage, undefined, 2);
    expect(fake.ran).toEqual(['countedPage']);
  });

  it('reads the page past the cap with a kept count, where the matches are dense enough for the walk', async () => {
    const fake = fakeDb({ countedPage: () => rows(20, LIST_TOTAL_CAP + 1), page: () => rows(20) });
    const counts = keptCounts(true);
    expect(await read(fake, withCountedPage, counts)).toMatchObject({ total: LIST_TOTAL_CAP, totalExact: false });
    expect(fake.ran).toEqual(['countedPage', 'page']);
    fake.ran.length = 0;
    expect(await read(fake, withCountedPage, counts, 7)).toMatchObject({ total: LIST_TOTAL_CAP, totalExact: false });
    expect(fake.ran).toEqual(['page']);
  });

  it('keeps a first page without a match as a count of 0, and a count past the cap as capped', async () => {
    const fake = fakeDb({ countedPage: () => [], page: () => rows(20), count: () => [{ total: LIST_TOTAL_CAP + 1 }] });
    const counts = keptCounts(true);
    await read(fake, withCountedPage, counts);
    fake.ran.length = 0;
    expect(await read(fake, withCountedPage, counts)).toEqual({ items: [], total: 0, totalExact: true });
    expect(fake.ran).toEqual([]);

    const capped = keptCounts(true);
    await read(fake, plain, capped);
    fake.ran.length = 0;
    expect(await read(fake, plain, capped)).toMatchObject({ total: LIST_TOTAL_CAP, totalExact: false });
    expect(fake.ran).toEqual(['page']);
  });
});

describe('pageWindow', () => {
  it('writes the first pages of the usual size as literals and binds any other', () => {
    expect(pageWindow({ page: 1, limit: 6 }, 6)).toMatchObject({ values: [] });
    expect(pageWindow({ page: 3, limit: 6 }, 6).sql(4)).toBe('limit 6 offset 12');
    expect(pageWindow({ page: LITERAL_PAGES + 1, limit: 6 }, 6)).toMatchObject({ values: [6, LITERAL_PAGES * 6] });
    expect(pageWindow({ page: LITERAL_PAGES + 1, limit: 6 }, 6).sql(4)).toBe('limit $4 offset $5');
    const other = pageWindow({ page: 2, limit: 20 }, 6);
    expect([other.sql(1), other.values]).toEqual(['limit $1 offset $2', [20, 20]]);
    // The rows through the page's end, from the same literals or values.
    expect(pageWindow({ page: 3, limit: 6 }, 6).through(4)).toBe('18');
    expect(other.through(3)).toBe('($3::bigint + $4::bigint)');
  });
});

describe('createKeptCache', () => {
  it('forgets a count after its time, and the oldest first when full', () => {
    let now = 0;
    const counts = createKeptCache<number>({ enabled: true, ttlMs: 1_000, maxEntries: 2, now: () => now });
    counts.set('a', 1, counts.generation);
    now = 999;
    expect(counts.get('a')).toBe(1);
    now = 1_000;
    expect(counts.get('a')).toBeUndefined();
    counts.set('a', 1, counts.generation);
    counts.set('b', 2, counts.generation);
    counts.set('c', 3, counts.generation);
    expect([counts.get('a'), counts.get('b'), counts.get('c')]).toEqual([undefined, 2, 3]);
  });
});
