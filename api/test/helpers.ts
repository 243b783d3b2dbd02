import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { testConfig, type AppConfig } from '../src/config';
import type { Db } from '../src/db';
import { migrate } from '../src/db/migrate';
import { openPglite } from '../src/db/pglite';
import { openPostgres } from '../src/db/postgres';
import { seed } from '../src/seed';
import { signAccessToken } from '../src/lib/jwt';
import { databaseUrl, TEMPLATES } from './global-setup';

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  close(): Promise<void>;
}

/** One database per test file, dropped and recreated, so runs repeat and files run in parallel. */
function databaseName(): string {
  const file = path.basename(expect.getState().testPath ?? 'test', '.test.ts');
  return `api_test_${file.replace(/[^a-z0-9]+/gi, '_').toLowerCase()}`;
}

/**
 * A migrated and seeded database: PGlite from the global dump, or on DATABASE_URL a database
 * copied from the run's template (test/global-setup.ts migrates and seeds it once: a copy takes
 * 0.3 s, the migrations and the seed took 1.5 s of every file).
 * `seeded: false` leaves it empty (migrated only), for a test of the seed itself.
 */
export async function openTestDb({ seeded = true }: { seeded?: boolean } = {}): Promise<{ db: Db; close(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (url) {
    // An empty one beside a file's seeded one gets its own name: the same name would drop the other.
    const name = `${databaseName()}${seeded ? '' : '_empty'}`;
    const template = process.env.API_TEST_TEMPLATES ? TEMPLATES[seeded ? 'seeded' : 'empty'] : undefined;
    const admin = await openPostgres(url, { max: 1 });
    await admin.exec(`drop database if exists ${name} with (force)`);
    await admin.exec(`create database ${name}${template ? ` template ${template}` : ''}`);
    await admin.close();
    const db = await openPostgres(databaseUrl(url, name), { max: 4 });
    if (!template) {
      await migrate(db);
      if (seeded) await seed(db);
    }
    return {
      db,
      async close() {
        await db.close();
        const cleanup = await openPostgres(url, { max: 1 });
        await cleanup.exec(`drop database if exists ${name} with (force)`);
        await cleanup.close();
      },
    };
  }
  const dump = seeded ? process.env.API_TEST_PGLITE_DUMP : undefined;
  const db = dump ? await openPglite(undefined, { loadDataDir: new Blob([readFileSync(dump)]) }) : await openPglite();
  if (!dump) {
    await migrate(db);
    if (seeded) await seed(db);
  }
  return { db, close: () => db.close() };
}

/** `now`: the app's clock, which the test moves. */
export async function setupTestApp(config: Partial<AppConfig> = {}, { now }: { now?: () => number } = {}): Promise<TestContext> {
  const { db, close } = await openTestDb();
  const app = await buildApp({ config: testConfig(config), db, logger: false, now });
  return {
    app,
    db,
    async close() {
      await app.close();
      await close();
    },
  };
}

export async function getJson<T = any>(app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, body: res.json() as T, headers: res.headers };
}

/**
 * A bearer header for a user without going through login: a live session row and a signed
 * access token, as the auth module issues them.
 */
export async function authHeader(db: Db, userId: number, secret = 'test-secret'): Promise<Record<string, string>> {
  const sessionId = randomUUID();
  await db.query('insert into auth_sessions (id, user_id) values ($1, $2)', [sessionId, userId]);
  return { authorization: `Bearer ${signAccessToken({ sub: userId, sid: sessionId }, secret, 3600)}` };
}

/** The id of a seeded user by phone (`79990000001` is the demo customer, `…02` the demo executor). */
export async function userIdByPhone(db: Db, phone: string): Promise<number> {
  const rows = await db.query<{ id: number }>('select id from users where phone = $1', [phone]);
  if (!rows[0]) throw new Error(`no seeded user ${phone}`);
  return rows[0].id;
}

/**
 * Asserts that a list is not empty and that every item passes: `expect(list.every(p)).toBe(true)`
 * alone passes on an empty list, so a filter that dropped everything would look correct.
 */
/** The seeded catalogue's group with the most services, and their ids in order. */
export async function largestServiceGroup(db: Db): Promise<{ id: number; children: number[] }> {
  const [group] = await db.query<{ id: number; children: number[] }>(
    `select g.id, array_agg(c.id order by c.id) as children from services g join services c on c.parent_id = g.id
     group by g.id order by count(*) desc, g.id limit 1`,
  );
  return group!;
}

export function expectEvery<T>(items: readonly T[], predicate: (item: T) => boolean): void {
  expect(items.length).toBeGreaterThan(0);
  expect(items.filter((item) => !predicate(item))).toEqual([]);
}

/**
 * A pattern for a secret standing whole in a log: not inside a longer run of letters or digits.
 * A six-digit SMS code also occurs, by chance, inside a 13-digit epoch time or a response time
 * of the log's own fields; that is not a leak, and a plain substring check failed on it.
 */
export function wholeSecret(secret: string): RegExp {
  const escaped = secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![0-9A-Za-z_-])${escaped}(?![0-9A-Za-z_-])`);
}
