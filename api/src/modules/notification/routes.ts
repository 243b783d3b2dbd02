import type { FastifyInstance } from 'fastify';
import { notificationGetCollection, notificationMessageGetCollection, notificationRead } from 'shared/contract';
import { registerCall } from '../../http/register';
import type { RouteOptions } from '../../http/route-options';
import { notificationService } from './service';

export async function notificationRoutes(app: FastifyInstance, opts: RouteOptions) {
  const notifications = notificationService({ db: app.db, io: app.io });
  registerCall(
    app,
    notificationGetCollection,
    async ({ query, user }) => ({ data: await notifications.list(user.userId, 'general', query.page, query.limit, { typeSort: query.typeSort }) }),
    opts,
  );
  // The messages badge (the contract: unread message notifications): a notice read with its
  // conversation (`message/read`) leaves the list. Written by messaging, one per message received.
  registerCall(
    app,
    notificationMessageGetCollection,
    async ({ query, user }) => ({ data: await notifications.list(user.userId, 'message', query.page, query.limit, { unreadOnly: true }) }),
    opts,
  );
  registerCall(app, notificationRead, async ({ body, user }) => ({ data: await notifications.read(user.userId, body.ids) }), opts);
}
