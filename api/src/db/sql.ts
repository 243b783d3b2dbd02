// Small SQL helpers shared by the repositories.

/** The largest `integer` id: a larger one in a request can match no row (and must not reach SQL). */
export const MAX_DB_ID = 2_147_483_647;

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
