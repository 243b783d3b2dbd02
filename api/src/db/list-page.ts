import { hasTrigramSearch } from './features';
import { cappedTotal, PREPARE, substringStems } from './sql';
import type { Queryable } from './types';

interface Statement {
  text: string;
  values: unknown[];
}

/**
 * One page of a public list: the substrings of its `query` where pg_trgm is there, the capped count,
 * then the page's rows unless the page lies past the last match (both statements prepared). Where the
 * builder has a `countedPage` (one statement counting and paging the matches), that answers alone
 * unless the count reaches the cap, when `page` reads the page, or it finds no row for a later page
 * than the first (no match, or a page past the last), when the count tells which.
 */
export async function readListPage<R, T>(
  db: Queryable,
  f: { query?: string; page: number; limit: number },
  build: (substrings: string[] | null) => { count: Statement; page: Statement; countedPage?: Statement },
  toItem: (row: R) => T,
): Promise<{ items: T[]; total: number; totalExact: boolean }> {
  const substrings = f.query !== undefined && (await hasTrigramSearch(db)) ? await substringStems(db, f.query) : null;
  const { count, page, countedPage } = build(substrings);
  if (countedPage) {
    const rows = await db.query<R & { total: number }>(countedPage.text, countedPage.values, PREPARE);
    if (rows.length > 0) {
      const { total, totalExact } = cappedTotal(rows[0]!.total);
      if (totalExact) return { items: rows.map(toItem), total, totalExact };
      const past = await db.query<R>(page.text, page.values, PREPARE);
      return { items: past.map(toItem), total, totalExact };
    }
    // The first page has a row whenever anything matches: nothing to count.
    if (f.page === 1) return { items: [], total: 0, totalExact: true };
  }
  const [counted] = await db.query<{ total: number }>(count.text, count.values, PREPARE);
  const { total, totalExact } = cappedTotal(counted?.total);
  // Past the last page there is nothing to read (beyond the cap there may be: read to know).
  if (totalExact && total <= (f.page - 1) * f.limit) return { items: [], total, totalExact };
  const rows = await db.query<R>(page.text, page.values, PREPARE);
  return { items: rows.map(toItem), total, totalExact };
}
