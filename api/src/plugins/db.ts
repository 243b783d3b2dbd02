import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

/** Exposes the database; closes it with the app only when the app owns it (not in tests). */
export const dbPlugin = fp(async (app: FastifyInstance, opts: { db: Db; closeOnShutdown: boolean }) => {
  app.decorate('db', opts.db);
  if (opts.closeOnShutdown) app.addHook('onClose', async () => opts.db.close());
}, { name: 'db' });
