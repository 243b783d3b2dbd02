import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate } from '../src/db/migrate';
import { openPglite } from '../src/db/pglite';
import { seed } from '../src/seed';

/**
 * A fresh PGlite takes seconds to initialise; migrate and seed one once, dump its data
 * directory, and let every test file start from the dump (about 1 s).
 */
export default async function globalSetup() {
  if (process.env.DATABASE_URL) return;
  const db = await openPglite();
  await migrate(db);
  await seed(db);
  const dump = await db.dump();
  await db.close();
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'api-test-')), 'pglite.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env.API_TEST_PGLITE_DUMP = file;
}
