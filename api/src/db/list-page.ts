import type { KeptCache } from '../lib/kept-cache';
import { hasTrigramSearch } from './features';
import { cappedTotal, PREPARE, substringStems } from './sql';
import type { Queryable } from './types';

export interface Statement {
  text: string;
  values: unknown[];
}

/**
 * The lists' counts kept between writes (issue 12: "an exact count capped or cached"), keyed by the
 * count's statement and values (`countKey`): a page is read from the sort's index whatever the
 * table's size, but a count reads every match up to the cap.
 */
export type CountCache = KeptCache<number>;

/** A count statement's key among the kept counts: two filters share one only when they count the same rows. */
export const countKey = (statement: Statement): string => `${statement.text}\u0000${JSON.stringify(statement.values)}`;

export interface ListStatements {
  /** The matches, counted up to the cap. */
  count: Statement;
  /** The page's rows, in order. */
  page: Statement;
  /** One statement counting the matches and reading the page (each row with `total`). */
  countedPage?: Statement;
  /**
   * Where a filter has a `countedPage`, the page's rows alone, read without every match, for when
   * its count is kept (below the cap).
   */
  keptPage?: Statement;
}

type Counted = { total: number; totalExact: boolean };

/**
 * §3's list envelope of a picker's lookup: one page of at most `limit` matches (page 1, `limit` as
 * asked). A page that is not full holds every match; a full one has its matches counted (`count`),
 * capped as the lists' counts are, so a lookup on every keystroke counts only when there are more.
 */
export async function lookupPage<T>(
  db: Queryable,
  limit: number,
  items: T[],
  count: () => Statement,
): Promise<{ items: T[]; total: number; totalExact: boolean; page: number; limit: number }> {
  if (items.length < limit) return { items, total: items.length, totalExact: true, page: 1, limit };
  const { text, values } = count();
  const [row] = await db.query<{ total: number }>(text, values);
  // A row written between the two reads: never fewer than the page shows.
  return { items, ...cappedTotal(Math.max(row?.total ?? 0, items.length)), page: 1, limit };
}

/**
 * §3's list envelope of a list that has no pages (the caller's profiles, his profile's services):
 * everything is page 1, and `limit`, the page's size, is how many there are. It is at least 1, as
 * the envelope's `limit` is: with nothing to list, a page of one holds it all the same.
 */
export const onePage = <T>(items: T[]): { items: T[]; total: number; page: number; limit: number } => ({
  items,
  total: items.length,
  page: 1,
  limit: Math.max(items.length, 1),
});

/**
 * One page of a public list: the substrings of its `query` where pg_trgm is there, the capped count,
 * then the page's rows unless the page lies past the last match (both statements prepared). Where the
 * builder has a `countedPage` (one statement counting and paging the matches), that answers alone
 * unless the count reaches the cap, when `page` reads the page, or it finds no row for a later page
 * than the first (no match, or a page past the last), when the count tells which.
 *
 * With `counts` (the counts kept between writes) a count read is kept, and a filter
 * whose count is kept reads its page alone (`page`). A filter with a `countedPage` reads its
 * `keptPage` instead where it has one, and otherwise still reads the `countedPage`: its matches are
 * read for the page's top-N sort anyway (the walk of the sort's index can pass every row where the
 * matches sort last), and it keeps the count it reads.
 */
export async function readListPage<R, T>(
  db: Queryable,
  f: { query?: string; page: number; limit: number },
  build: (substrings: string[] | null) => ListStatements,
  toItem: (row: R) => T,
  counts?: CountCache,
): Promise<{ items: T[]; total: number; totalExact: boolean }> {
  const substrings = f.query !== undefined && (await hasTrigramSearch(db)) ? await substringStems(db, f.query) : null;
  const { count, page, countedPage, keptPage } = build(substrings);
  const readPage = async (counted: Counted, statement = page) => ({
    items: (await db.query<R>(statement.text, statement.values, PREPARE)).map(toItem),
    ...counted,
  });
  const key = counts?.enabled ? countKey(count) : '';
  const kept = counts?.get(key);
  if (kept !== undefined) {
    const counted = cappedTotal(kept);
    if (counted.totalExact && counted.total <= (f.page - 1) * f.limit) return { items: [], ...counted };
    if (!countedPage || !counted.totalExact) return readPage(counted);
    if (keptPage) return readPage(counted, keptPage);
  }
  // A count read while a write ran is not kept (the generation moved on).
  const readAt = counts?.generation ?? 0;
  const keep = (total: number) => {
    counts?.set(key, total, readAt);
    return cappedTotal(total);
  };
  if (countedPage) {
    const rows = await db.query<R & { total: number }>(countedPage.text, countedPage.values, PREPARE);
    if (rows.length > 0) {
      const counted = keep(rows[0]!.total);
      return counted.totalExact ? { items: rows.map(toItem), ...counted } : readPage(counted);
    }
    // The first page has a row whenever anything matches: nothing to count.
    if (f.page === 1) return { items: [], ...keep(0) };
  }
  const [row] = await db.query<{ total: number }>(count.text, count.values, PREPARE);
  const counted = keep(row?.total ?? 0);
  // Past the last page there is nothing to read (beyond the cap there may be: read to know).
  if (counted.totalExact && counted.total <= (f.page - 1) * f.limit) return { items: [], ...counted };
  return readPage(counted);
}
