import type { FastifyInstance, FastifyRequest } from 'fastify';
import { profileServiceAdd, profileServiceRemove } from 'shared/contract';
import { registerCall } from '../../http/register';
import type { RouteOptions } from '../../http/route-options';
import type { AuthUser } from '../../plugins/auth';
import { unauthorized } from '../../plugins/auth';
import { callerOf } from '../../policy/caller';
import { profileServicesService } from './service';

/** `profile/service/add` and `profile/service/remove` (the list itself is the user module's). */
export async function profileServiceRoutes(app: FastifyInstance, opts: RouteOptions) {
  const services = profileServicesService({ db: app.db });
  const callerFor = async (request: FastifyRequest, user: AuthUser) => {
    const caller = await callerOf(request, app.db, user);
    if (!caller) throw unauthorized();
    return caller;
  };
  registerCall(app, profileServiceAdd, async ({ body, user, request }) => services.add(await callerFor(request, user), body.serviceId), opts);
  registerCall(app, profileServiceRemove, async ({ query, user, request }) => services.remove(await callerFor(request, user), query.id), opts);
}
