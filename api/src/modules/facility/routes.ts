import type { FastifyInstance } from 'fastify';
import { facilityGetMap, profileFacilityGet } from 'shared/contract';
import { registerCall } from '../../http/register';
import type { RouteOptions } from '../../http/route-options';
import { documentRoutes } from '../document/routes';
import { facilityRepository } from './repository';
import { facilityService } from './service';

export async function facilityRoutes(app: FastifyInstance, opts: RouteOptions) {
  const facilities = facilityService(facilityRepository(app.db));
  registerCall(app, profileFacilityGet, async ({ query, user }) => ({ data: await facilities.get(query.id, user?.userId ?? null) }), opts);
  registerCall(app, facilityGetMap, async ({ query }) => ({ data: await facilities.map(query.limit) }), opts);
  // Both public downloads (facility and application documents) need config.filesDir, and of
  // the modules app.ts registers only this one receives the config today; app.ts should
  // register documentRoutes itself (and this line go) once the application module gets it too.
  await documentRoutes(app, opts);
}
