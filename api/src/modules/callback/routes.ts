import type { FastifyInstance } from 'fastify';
import { callbackCreate } from 'shared/contract';
import { registerCall } from '../../http/register';
import type { RouteOptions } from '../../http/route-options';
import { CALLBACK_ACCEPTED_MESSAGE, callbackService } from './service';

export async function callbackRoutes(app: FastifyInstance, opts: RouteOptions) {
  const callbacks = callbackService({ db: app.db });
  registerCall(
    app,
    callbackCreate,
    async ({ body, request }) => ({
      data: await callbacks.create({ ...body, ip: request.ip }),
      message: CALLBACK_ACCEPTED_MESSAGE,
    }),
    opts,
  );
}
