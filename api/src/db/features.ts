import type { Queryable } from './types';

const trigramByDb = new WeakMap<Queryable, Promise<boolean>>();

/**
 * Whether migration 010 built the trigram indexes here (pg_trgm: a PostgreSQL server that has it,
 * and PGlite, which loads it, db/pglite.ts): the lists then also find a query as a substring. Asked
 * once per database; false for a database migrated without pg_trgm (a PGlite data folder made
 * before PGlite loaded it keeps prefix search).
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
