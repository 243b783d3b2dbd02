import type { FastifyInstance } from 'fastify';
import { facilityGetMap, profileFacilityGet } from 'shared/contract';
import { registerCall } from '../../http/register';
import type { RouteOptions } from '../../http/route-options';
import { facilityService } from './service';

export async function facilityRoutes(app: FastifyInstance, opts: RouteOptions) {
  const facilities = facilityService({ db: app.db });
  registerCall(app, profileFacilityGet, async ({ query, user }) => ({ data: await facilities.get(query.id, user?.userId ?? null) }), opts);
  registerCall(app, facilityGetMap, async ({ query }) => ({ data: await facilities.map(query.limit) }), opts);
}
