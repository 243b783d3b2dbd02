import type { FastifyInstance } from 'fastify';
import { executorGet, executorGetCollection } from 'shared/contract';
import { registerCall } from '../../http/register';
import type { RouteOptions } from '../../http/route-options';
import { executorService } from './service';

export async function executorRoutes(app: FastifyInstance, opts: RouteOptions) {
  const executors = executorService({ db: app.db });
  registerCall(app, executorGetCollection, async ({ query }) => ({ data: await executors.list(query) }), opts);
  registerCall(app, executorGet, async ({ query }) => ({ data: await executors.get(query.id) }), opts);
}
