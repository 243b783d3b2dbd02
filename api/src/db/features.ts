import type { Queryable } from './types';

const trigramByDb = new WeakMap<Queryable, Promise<boolean>>();

/**
 * Whether migration 010 built the trigram indexes here (a PostgreSQL server with pg_trgm): the
 * lists then also find a query as a substring. Asked once per database; PGlite answers false.
 */
export function hasTrigramSearch(db: Queryable): Promise<boolean> {
  let known = trigramByDb.get(db);
  if (!known) {
    known = db
      .query<{ ok: boolean }>(`select to_regclass('applications_text_trgm_idx') is not null as ok`)
      .then(([row]) => row?.ok === true)
      .catch(() => false);
    trigramByDb.set(db, known);
  }
  return known;
}
