import type { FastifyInstance } from 'fastify';
import { profileServiceAdd, profileServiceRemove } from 'shared/contract';
import { callerRoutes } from '../../http/caller';
import type { RouteOptions } from '../../http/route-options';
import { profileServicesService } from './service';

/** `profile/service/add` and `profile/service/remove` (the list itself is the user module's). */
export async function profileServiceRoutes(app: FastifyInstance, opts: RouteOptions) {
  const services = profileServicesService({ db: app.db });
  const route = callerRoutes(app, opts);
  route(profileServiceAdd, (caller, { body }) => services.add(caller, body.serviceId));
  route(profileServiceRemove, (caller, { query }) => services.remove(caller, query.id));
}
