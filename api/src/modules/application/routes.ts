import type { FastifyInstance } from 'fastify';
import { applicationGetCollection } from 'shared/contract';
import { registerCall } from '../../http/register';
import { applicationService } from './service';

export async function applicationRoutes(app: FastifyInstance, opts: { checkResponses: boolean }) {
  const applications = applicationService({ db: app.db, counts: app.publicCache.counts });
  registerCall(app, applicationGetCollection, async ({ query }) => ({ data: await applications.listPublic(query) }), opts);
}
