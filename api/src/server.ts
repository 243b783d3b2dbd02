import { buildApp } from './app';
import { loadConfig } from './config';
import { isDatabaseRefusal, isDatabaseUnavailable, migrate, openDb, unknownMigrations } from './db';
import { RedisUnavailableError } from './plugins/redis';
import { assertSmsProviderAllowed } from './providers/sms';
import { createFileStorage } from './providers/storage';
import { seed } from './seed';

/** A refused setting or an unreachable service: said in one line, without a stack. */
class StartRefused extends Error {}

async function main() {
  // Before the database is opened, migrated and seeded: a refused configuration fails at once.
  // Every refused setting is named at once, the SMS provider's and the storage's among them.
  let config: ReturnType<typeof loadConfig>;
  let storage!: ReturnType<typeof createFileStorage>;
  try {
    config = loadConfig(process.env, [
      assertSmsProviderAllowed,
      // The demo files go where the app reads them: the local folder, or S3 when it is configured.
      (settings) => {
        storage = createFileStorage(settings);
      },
    ]);
  } catch (error) {
    throw new StartRefused((error as Error).message);
  }
  const unreachable = (error: Error) => {
    if (!config.databaseUrl) throw error;
    if (isDatabaseUnavailable(error)) throw new StartRefused(`cannot reach the database (DATABASE_URL): ${error.message}`);
    if (isDatabaseRefusal(error)) throw new StartRefused(`the database refused the connection (DATABASE_URL): ${error.message}`);
    // A file its options name (`sslrootcert=`, `sslcert=`) that is not there (QA DDD-4).
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new StartRefused(`a file DATABASE_URL names cannot be read: ${error.message}`);
    throw error;
  };
  const db = await openDb(config).catch(unreachable);
  const applied = await migrate(db).catch(unreachable);
  const unknown = await unknownMigrations(db);
  // Production gets the services catalogue without the demo accounts (SEED_DEMO).
  const seeded = await seed(db, { storage, feePercent: config.platformFeePercent, demo: config.seedDemo });
  const app = await buildApp({ config, db, ownsDb: true, payoutWorker: true, housekeeping: true });
  // An upgrade shows in the log: which migrations this start applied (none on a second start).
  app.log.info({ db: db.kind, dataDir: config.dataDir, seeded, migrationsApplied: applied }, 'database ready');
  if (unknown.length > 0) {
    app.log.warn({ unknownMigrations: unknown }, 'the database was migrated by a newer release than this one: what the newer schema carries may not work');
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // A hung connection must not keep the process alive forever.
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host }).catch((error: NodeJS.ErrnoException) => {
    // A port taken or a HOST that names no address here is the operator's to fix: said in one line (QA DDD-3).
    if (error.code === 'EADDRINUSE') throw new StartRefused(`PORT ${config.port} is in use on ${config.host}: stop what listens there or set another PORT`);
    if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN') {
      throw new StartRefused(`HOST ${config.host} is not an address of this machine (${error.code}): set HOST to one of its addresses, or 0.0.0.0`);
    }
    throw error;
  });
}

main().catch((err) => {
  // A refused setting, an unreachable database or Redis is an operations problem, not a bug: one line, no stack.
  console.error('API failed to start:', err instanceof RedisUnavailableError || err instanceof StartRefused ? err.message : err);
  process.exit(1);
});
