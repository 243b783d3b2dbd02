// Small SQL helpers shared by the repositories.

/** The largest `integer` id: a larger one in a request can match no row (and must not reach SQL). */
export const MAX_DB_ID = 2_147_483_647;

/** Whether an id from a request can name a row at all (PostgreSQL refuses larger `integer`s). */
export const isStorableId = (id: number): boolean => Number.isInteger(id) && id > 0 && id <= MAX_DB_ID;

/** Looks a row up by an id from a request: an id no row can have answers undefined without a query. */
export function findByRequestId<T>(id: number, find: (id: number) => Promise<T | undefined>): Promise<T | undefined> {
  return isStorableId(id) ? find(id) : Promise.resolve(undefined);
}

/** The ids of a filter that can name rows; the others match nothing anyway. */
export const storableIds = (ids: readonly number[] | undefined): number[] | undefined => ids?.filter(isStorableId);

/** A `timestamptz` column as the contract's ISO text (`2026-11-23T07:56:06.000Z`). */
export const isoTimestamp = (column: string): string => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A `date` column as the contract's ISO calendar date (`2026-11-23`). */
export const isoDate = (column: string): string => `to_char(${column}, 'YYYY-MM-DD')`;

/** PostgreSQL's unique_violation, the same code from pg and PGlite. */
export const isUniqueViolation = (error: unknown): boolean => (error as { code?: string } | null)?.code === '23505';

export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * A `to_tsquery` text matching every word of a visitor's query as a prefix
 * ("электропровод" → 'электропровод':* finds "электропроводки"); null when the query has no
 * letters or digits. Only letters and digits pass, so the text cannot carry tsquery operators.
 */
export function prefixTsQuery(query: string, maxWords = 8): string | null {
  const words = query.match(/[\p{L}\p{N}]+/gu)?.slice(0, maxWords) ?? [];
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
}
