import path from 'node:path';
import type { AppConfig } from '../config';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';
import type { Db } from './types';

export type { Db, Queryable } from './types';
export { migrate, unknownMigrations } from './migrate';
export { isDatabaseRefusal, isDatabaseUnavailable } from './unavailable';

/** A PostgreSQL server when DATABASE_URL is set, otherwise embedded PGlite in DATA_DIR/pglite. */
export function openDb(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'> & Partial<Pick<AppConfig, 'databasePoolSize'>>): Promise<Db> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, { max: config.databasePoolSize });
  return openPglite(path.join(config.dataDir, 'pglite'));
}
