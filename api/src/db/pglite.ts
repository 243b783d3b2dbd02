import { mkdirSync } from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { plannerSetStatements } from './planner';
import type { Db, Queryable } from './types';

function wrap(conn: PGlite | Transaction): Queryable {
  return {
    async query<T>(sql: string, params: unknown[] = []) {
      const result = await conn.query<T>(sql, params);
      return result.rows;
    },
    async exec(sql: string) {
      await conn.exec(sql);
    },
  };
}

export type PgliteDb = Db & { dump(): Promise<Blob> };

/**
 * Embedded PostgreSQL: persistent in `dir`, in memory when `dir` is undefined.
 * `loadDataDir` starts from a dump (tests), skipping the slow initdb.
 */
export async function openPglite(dir?: string, options: { loadDataDir?: Blob } = {}): Promise<PgliteDb> {
  if (dir) mkdirSync(dir, { recursive: true });
  // pg_trgm as on a server (migration 010): the lists find a query as a substring inside a word, and
  // a text query reads the published applications' words (migration 013), the same SQL as there.
  const settings = { loadDataDir: options.loadDataDir, extensions: { pg_trgm } };
  const pg = dir ? new PGlite(dir, settings) : new PGlite(settings);
  await pg.waitReady;
  // One session for the whole process: the settings hold for every later statement.
  await pg.exec(plannerSetStatements());
  return {
    kind: 'pglite',
    ...wrap(pg),
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
    async dump() {
      // Without a checkpoint the dump can miss recently committed pages.
      await pg.exec('checkpoint');
      return pg.dumpDataDir('none');
    },
  };
}
