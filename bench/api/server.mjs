// The API under test, in its own process (so the load generator does not share its event
// loop): opens the database of DATA_DIR (PGlite) or DATABASE_URL (schema bench_api), migrates,
// seeds, tops applications up to BENCH_ROWS, and listens on 127.0.0.1:PORT.
// Run by run.mjs as `node --import tsx bench/api/server.mjs` from api/ (tsx is api's dev dependency).
import { buildApp } from '../../api/src/app.ts';
import { loadConfig } from '../../api/src/config.ts';
import { migrate, openDb } from '../../api/src/db/index.ts';
import { openPostgres } from '../../api/src/db/postgres.ts';
import { seed } from '../../api/src/seed/index.ts';
import { insertBulkApplications } from '../../api/src/seed/bulk.ts';

const SCHEMA = 'bench_api';
const rows = Number(process.env.BENCH_ROWS);
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });

// The parent holds an IPC channel: when it goes away, so does this server.
process.on('disconnect', () => process.exit(0));

async function open() {
  if (!config.databaseUrl) return openDb(config);
  if (process.env.BENCH_FRESH === '1') {
    const admin = await openPostgres(config.databaseUrl, { max: 1 });
    await admin.exec(`drop schema if exists ${SCHEMA} cascade; create schema ${SCHEMA}`);
    await admin.close();
  }
  return openPostgres(config.databaseUrl, { schema: SCHEMA, max: config.databasePoolSize });
}

const db = await open();
await migrate(db);
await seed(db, { filesDir: config.filesDir });
const [{ n }] = await db.query('select count(*)::int as n from applications');
const started = Date.now();
if (n < rows) await insertBulkApplications(db, rows - n);
await db.exec('vacuum analyze');
const insertMs = Date.now() - started;
// The bulk insert's dirty pages and WAL are written now rather than by checkpoints spread over the
// minutes of measurement (at 100,000 rows, gigabytes of WAL). Measured during those checkpoints, the
// filter mix at 100,000 ran at 246 req/s on a 2-core machine; the same code on the same data once
// written, 450–467. Needs superuser or pg_checkpoint on a server; without, the measurement starts as
// before.
await db.exec('checkpoint').catch(() => {});
const [{ total, published }] = await db.query(
  `select count(*)::int as total, count(*) filter (where status = 'published')::int as published from applications`,
);
// Request logging off: the figures are about routing, validation, SQL and serialisation.
const app = await buildApp({ config, db, ownsDb: true, logger: false });
await app.listen({ port: config.port, host: '127.0.0.1' });
// The synthetic cities of the generated rows (api/src/seed/bulk.ts), for filter URLs.
const cities = (await db.query(`select md5('city-' || n)::uuid::text as city from generate_series(0, 299) n order by n`)).map((r) => r.city);
process.send?.({ ready: true, port: app.server.address().port, db: db.kind, applications: total, published, insertMs, cities });
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => app.close().then(() => process.exit(0)));
