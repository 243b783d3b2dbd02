import { rmSync } from 'node:fs';
import path from 'node:path';
import { openPostgres } from '../src/db/postgres';
import { TEMPLATES } from './global-setup';

export default async function globalTeardown() {
  const file = process.env.API_TEST_PGLITE_DUMP;
  if (file) rmSync(path.dirname(file), { recursive: true, force: true });
  const url = process.env.DATABASE_URL;
  if (url && process.env.API_TEST_TEMPLATES) {
    const admin = await openPostgres(url, { max: 1 });
    try {
      for (const name of Object.values(TEMPLATES)) await admin.exec(`drop database if exists ${name} with (force)`);
    } finally {
      await admin.close();
    }
  }
}
