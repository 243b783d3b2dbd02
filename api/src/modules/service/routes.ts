import type { FastifyInstance } from 'fastify';
import { serviceGet, serviceGetCollection, serviceGetCollectionFilter } from 'shared/contract';
import { registerCall } from '../../http/register';
import { serviceService } from './service';

export async function serviceRoutes(app: FastifyInstance, opts: { checkResponses: boolean }) {
  const services = serviceService({ db: app.db });
  registerCall(app, serviceGetCollection, async ({ query }) => ({ data: await services.list(query) }), opts);
  registerCall(app, serviceGetCollectionFilter, async ({ query }) => ({ data: await services.lookup(query.query, query.limit) }), opts);
  registerCall(app, serviceGet, async ({ query }) => ({ data: await services.get(query.id) }), opts);
}
