import { mkdirSync } from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
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
  const pg = dir ? new PGlite(dir, { loadDataDir: options.loadDataDir }) : new PGlite({ loadDataDir: options.loadDataDir });
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
