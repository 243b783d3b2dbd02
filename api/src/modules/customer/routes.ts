import type { FastifyInstance } from 'fastify';
import { customerGet, customerGetCollection, customerGetCollectionFilter } from 'shared/contract';
import { registerCall } from '../../http/register';
import type { RouteOptions } from '../../http/route-options';
import { customerService } from './service';

export async function customerRoutes(app: FastifyInstance, opts: RouteOptions) {
  const customers = customerService({ db: app.db });
  registerCall(app, customerGetCollection, async ({ query }) => ({ data: await customers.list(query) }), opts);
  registerCall(app, customerGetCollectionFilter, async ({ query }) => ({ data: await customers.lookup(query.query, query.limit) }), opts);
  registerCall(app, customerGet, async ({ query }) => ({ data: await customers.get(query.id) }), opts);
}
