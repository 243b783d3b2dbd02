import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../lib/clock';
import type { FileStorage } from '../../providers/storage/types';
import { housekeeping } from './sweeper';

/** The housekeeping sweep (sweeper.ts), running while the app is up. */
export async function housekeepingModule(app: FastifyInstance, { now, storage }: { now?: Clock; storage?: Pick<FileStorage, 'sweepPartial'> }) {
  const sweeper = housekeeping({ db: app.db, storage, log: app.log, now });
  // Once the port is the app's: a start refused (the port in use) sweeps nothing (QA III-6).
  app.addHook('onListen', async () => sweeper.start());
  app.addHook('preClose', async () => sweeper.stop());
}
