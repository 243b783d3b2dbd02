import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate } from '../src/db/migrate';
import { openPglite } from '../src/db/pglite';
import { openPostgres } from '../src/db/postgres';
import { seed } from '../src/seed';

/** `url` with its database replaced by `name`. */
export function databaseUrl(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** The run's template databases on DATABASE_URL: each test file's database is a copy of one. */
export const TEMPLATES = { seeded: 'api_test_template', empty: 'api_test_template_empty' } as const;

/**
 * Migrates and seeds once for the whole run, and lets every test file start from a copy.
 * PGlite: a fresh one takes seconds to initialise; its data directory is dumped, and each file
 * loads the dump (about 1 s). A PostgreSQL server (DATABASE_URL): two template databases,
 * migrated (and seeded), which `create database … template` copies for a file in about 0.3 s.
 */
export default async function globalSetup() {
  const url = process.env.DATABASE_URL;
  if (url) {
    const admin = await openPostgres(url, { max: 1 });
    try {
      for (const [kind, name] of Object.entries(TEMPLATES)) {
        await admin.exec(`drop database if exists ${name} with (force)`);
        await admin.exec(`create database ${name}`);
        const db = await openPostgres(databaseUrl(url, name), { max: 1 });
        try {
          await migrate(db);
          if (kind === 'seeded') await seed(db);
        } finally {
          await db.close();
        }
      }
    } finally {
      await admin.close();
    }
    // Seen by the workers, started after this: the templates are there to copy.
    process.env.API_TEST_TEMPLATES = '1';
    return;
  }
  const db = await openPglite();
  await migrate(db);
  await seed(db);
  const dump = await db.dump();
  await db.close();
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'api-test-')), 'pglite.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env.API_TEST_PGLITE_DUMP = file;
}
