import { buildApp } from './app';
import { loadConfig } from './config';
import { migrate, openDb } from './db';
import { RedisUnavailableError } from './plugins/redis';
import { assertSmsProviderAllowed } from './providers/sms';
import { createFileStorage } from './providers/storage';
import { seed } from './seed';

async function main() {
  const config = loadConfig();
  // Before the database is opened and seeded: a refused configuration should fail at once.
  assertSmsProviderAllowed(config);
  const db = await openDb(config);
  await migrate(db);
  // The demo files go where the app reads them: the local folder, or S3 when it is configured.
  // Production gets the services catalogue without the demo accounts (SEED_DEMO).
  const seeded = await seed(db, { storage: createFileStorage(config), feePercent: config.platformFeePercent, demo: config.seedDemo });
  const app = await buildApp({ config, db, ownsDb: true, payoutWorker: true });
  app.log.info({ db: db.kind, dataDir: config.dataDir, seeded }, 'database ready');

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

  await app.listen({ port: config.port, host: config.host });
}

main().catch((err) => {
  // An unreachable Redis is an operations problem, not a bug: one line, no stack.
  console.error('API failed to start:', err instanceof RedisUnavailableError ? err.message : err);
  process.exit(1);
});
