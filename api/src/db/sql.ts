import { LIST_TOTAL_CAP } from 'shared/contract';
import type { Queryable } from './types';
// Small SQL helpers shared by the repositories.

/** The largest `integer` id: a larger one in a request can match no row (and must not reach SQL). */
export const MAX_DB_ID = 2_147_483_647;

/** Whether an id from a request can name a row at all (PostgreSQL refuses larger `integer`s). */
export const isStorableId = (id: number): boolean => Number.isInteger(id) && id > 0 && id <= MAX_DB_ID;

/**
 * The owner (`column`: a profile's or an organisation's id) of row `id` of `table`, or null when
 * there is none: what the cabinet's `ownRow` tells a 403 from a 404 by. `live` leaves soft-deleted
 * rows out; `lock` holds the row for the write that follows.
 */
export async function rowOwner(db: Queryable, table: string, column: string, id: number, { live = false, lock = false } = {}): Promise<number | null> {
  if (!isStorableId(id)) return null;
  const [row] = await db.query<{ owner: number }>(`select ${column} as owner from ${table} where id = $1${live ? ' and deleted_at is null' : ''}${lock ? ' for update' : ''}`, [id]);
  return row?.owner ?? null;
}

/** Looks a row up by an id from a request: an id no row can have answers undefined without a query. */
export function findByRequestId<T>(id: number, find: (id: number) => Promise<T | undefined>): Promise<T | undefined> {
  return isStorableId(id) ? find(id) : Promise.resolve(undefined);
}

/** The ids of a filter that can name rows; the others match nothing anyway. */
export const storableIds = (ids: readonly number[] | undefined): number[] | undefined => ids?.filter(isStorableId);

/** A json column's value: drivers answer it parsed, or as its text where they do not. */
export const jsonColumn = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** A `timestamptz` column as the contract's ISO text (`2026-11-23T07:56:06.000Z`). */
export const isoTimestamp = (column: string): string => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A `date` column as the contract's ISO calendar date (`2026-11-23`). */
export const isoDate = (column: string): string => `to_char(${column}, 'YYYY-MM-DD')`;

/**
 * A list's count, capped: at most `LIST_TOTAL_CAP + 1` matches are ever counted, so a broad
 * filter over 100,000 rows costs the same as one over 10,000. `fromWhere` is `from … where …`.
 */
export const cappedCountSql = (fromWhere: string, opts: { materialize?: boolean } = {}): string =>
  opts.materialize
    ? // A text search finds its matches in a GIN index (a bitmap). Planned apart from the LIMIT, the
      // CTE keeps that plan instead of walking a b-tree and testing every row until the cap is met;
      // it still yields rows only as the count asks, so at most the cap's worth are read.
      `with matches as materialized (select 1 ${fromWhere}) select count(*)::int as total from (select 1 from matches limit ${LIST_TOTAL_CAP + 1}) capped`
    : `select count(*)::int as total from (select 1 ${fromWhere} limit ${LIST_TOTAL_CAP + 1}) capped`;

/**
 * The public lists' statements are planned once per connection (a named prepared statement on a
 * PostgreSQL server): with a text query and the partial indexes, planning costs several times the run.
 */
export const PREPARE = { prepare: true } as const;

/** The pages of a list's usual size whose `limit … offset …` are written as literals (`pageWindow`). */
export const LITERAL_PAGES = 5;

/**
 * A page's `limit … offset …`, its placeholders numbered from `from`. With both bound, PostgreSQL
 * plans a prepared page statement anew on every run once the table is large: its generic plan,
 * costed for an unknown limit (a tenth of the rows), never wins against the custom one, and the
 * planning costs more than the run (at 100,000 applications, 0.8 ms of planning for 0.35 of
 * execution, where at 1,000 the generic plan is kept from the sixth run). So the first
 * `LITERAL_PAGES` pages of the list's usual size (`usualLimit`) are written as literals: each is a
 * statement of its own that PostgreSQL keeps a plan for, a few per filter and connection; another
 * size or a later page binds both.
 */
export function pageWindow(
  f: { page: number; limit: number },
  usualLimit: number,
): { sql: (from: number) => string; through: (from: number) => string; values: number[] } {
  const offset = (f.page - 1) * f.limit;
  if (f.limit === usualLimit && Number.isInteger(f.page) && f.page >= 1 && f.page <= LITERAL_PAGES) {
    return { sql: () => `limit ${usualLimit} offset ${offset}`, through: () => String(offset + usualLimit), values: [] };
  }
  return {
    sql: (from) => `limit $${from} offset $${from + 1}`,
    // How many rows reach the page's end (offset + limit), from the same two values.
    through: (from) => `($${from}::bigint + $${from + 1}::bigint)`,
    values: [f.limit, offset],
  };
}

/** The list payload's `total` and `totalExact` from a capped count. */
export function cappedTotal(counted: number | undefined): { total: number; totalExact: boolean } {
  const n = counted ?? 0;
  return n > LIST_TOTAL_CAP ? { total: LIST_TOTAL_CAP, totalExact: false } : { total: n, totalExact: true };
}

/** PostgreSQL's unique_violation, the same code from pg and PGlite. */
export const isUniqueViolation = (error: unknown): boolean => (error as { code?: string } | null)?.code === '23505';

export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * A query's words: letters and digits, joined by the marks PostgreSQL's text parser keeps inside one
 * token («3x2.5», «2,5», «mail.ru», «северо-запад»), so that a query splits as the stored text did:
 * «кабель 3x2.5» was looked up as '3x2':* & '5':*, and nothing holds a word beginning with «5» (QA AAP-6).
 * None of them is a tsquery operator.
 */
const QUERY_WORDS = /[\p{L}\p{N}]+(?:[.,/@_-][\p{L}\p{N}]+)*/gu;

/**
 * A `to_tsquery` text matching every word of a visitor's query as a prefix
 * ("электропровод" → 'электропровод':* finds "электропроводки"); null when the query has no
 * letters or digits. Only letters, digits and the marks inside words pass (QUERY_WORDS), so the text
 * cannot carry tsquery operators.
 */
export function prefixTsQuery(query: string, maxWords = 8): string | null {
  const words = normalizeSearchText(query).match(QUERY_WORDS)?.slice(0, maxWords) ?? [];
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
}

/**
 * The tsquery of `prefixTsQuery`'s text bound at `placeholder`: Russian stemming, but a query of
 * stop words alone («Про», «под», «за»: the first letters of «Проект», «Подключение», «Замена»),
 * which the Russian configuration drops to an empty query that matched nothing, is looked up as
 * typed, each word a prefix of the stems (QA AAL-4). A stop word beside other words still drops.
 */
export const prefixTsQuerySql = (placeholder: string): string =>
  `(case when numnode(to_tsquery('russian', ${placeholder})) > 0 then to_tsquery('russian', ${placeholder}) else to_tsquery('simple', ${placeholder}) end)`;

/**
 * A visitor's text folded as the lists compare it: composed as stored texts are (NFC: an «é» pasted
 * as «e» and a combining accent found nothing, QA AAP-6), lower case, ё as е.
 */
export function normalizeSearchText(value: string): string {
  return value.normalize('NFC').toLowerCase().replace(/ё/g, 'е');
}

/** The SQL of `normalizeSearchText` over an expression; migration 010's indexes use exactly this. */
export const normText = (expression: string): string => `translate(lower(${expression}), 'ё', 'е')`;

/**
 * The key of an alphabetical sort by a name: `normText` compared byte by byte in collation "C", the
 * same on every server whatever its locale. Folding ё to е puts «Ёмкость» with «Емкость», between
 * «Ель» and «Жалюзи», as Russian collation does; `lower(name)` alone put it after «Я» (ё is U+0451,
 * after я). The name indexes of migration 017 and `application_terms.name_key` hold exactly this
 * expression: a sort written otherwise is no longer read from them.
 */
export const nameSortKey = (expression: string): string => `${normText(expression)} collate "C"`;

/** A LIKE pattern finding `query` anywhere in a `normText` column. */
export const containsPattern = (query: string): string => `%${escapeLike(normalizeSearchText(query))}%`;

/**
 * `containsPattern` of each word of `query` (split at spaces), at most `maxWords`: a search where
 * every word is to be found, in any order («Орлов Николай» finds «Николай Орлов», QA BAB-3).
 */
export const wordPatterns = (query: string, maxWords = 8): string[] =>
  query.split(/\s+/u).filter(Boolean).slice(0, maxWords).map(containsPattern);

/**
 * The words a trigram index can look up: every word of at least 3 letters or digits (a shorter one
 * has no trigram, and its LIKE would read the whole index), at most `maxWords`; null otherwise.
 */
export function trigramWords(query: string, maxWords = 8): string[] | null {
  const words = normalizeSearchText(query).match(/[\p{L}\p{N}]+/gu)?.slice(0, maxWords) ?? [];
  return words.length && words.every((w) => w.length >= 3) ? words : null;
}

/**
 * The condition of a list's `query`. Without `substrings`: every word as a prefix of a stem of
 * `tsvector` (Russian stemming; case and ё/е do not matter; the GIN index of the tsvector). With
 * `substrings` (a server with pg_trgm, see `substringStems`): every one found anywhere in the
 * normalised `text` (its trigram index), so "монт" finds "демонтаж" and "ремонта" finds "ремонтные".
 * A query without letters or digits matches nothing rather than everything. `add` binds a value
 * and answers its placeholder.
 */
export function textSearchCondition(opts: {
  tsvector: string;
  text: string;
  query: string;
  substrings?: readonly string[] | null;
  add: (value: unknown) => string;
}): string {
  if (opts.substrings?.length) return opts.substrings.map((w) => `${opts.text} like ${opts.add(containsPattern(w))}`).join(' and ');
  const tsQuery = prefixTsQuery(opts.query);
  return tsQuery ? `${opts.tsvector} @@ ${prefixTsQuerySql(opts.add(tsQuery))}` : 'false';
}

const stems = new Map<string, string>();

/**
 * What a query looks for as substrings on a server with pg_trgm: each word's Russian stem (the
 * stemmer only cuts endings, so a text word whose stem starts with the query's contains it), or
 * the word itself where the stemmer has none (a stop word, a number). Null, so the full-text prefix
 * search answers instead, when a word is shorter than 3 letters (no trigram to look up) or a stem
 * shorter than 4 (as a substring it would match inside too many unrelated words).
 */
export async function substringStems(db: Queryable, query: string): Promise<string[] | null> {
  const words = trigramWords(query);
  if (!words) return null;
  const out: string[] = [];
  for (const word of words) {
    let stem = stems.get(word);
    if (stem === undefined) {
      const [row] = await db.query<{ stem: string | null }>(`select (ts_lexize('russian_stem', $1))[1] as stem`, [word]);
      stem = row?.stem ?? word;
      if (stems.size < 10_000) stems.set(word, stem);
    }
    // A stem of 3 letters ("ванная" → "ван") would be found inside unrelated words ("диван").
    if (stem.length < 4) return null;
    out.push(stem);
  }
  return out;
}
