import type { FastifyInstance } from 'fastify';
import {
  balanceGetToken,
  profileServiceGetCollection,
  userGetToken,
  userProfileList,
  userProfileUpdate,
  userSocketUpdate,
} from 'shared/contract';
import { callerRoutes } from '../../http/caller';
import { registerCall } from '../../http/register';
import type { RouteOptions } from '../../http/route-options';
import { membershipChanged, userChanged } from '../../plugins/socket';
import { notificationRoutes } from '../notification/routes';
import { userService } from './service';

export async function userRoutes(app: FastifyInstance, opts: RouteOptions) {
  const users = userService({ db: app.db, io: app.io });
  registerCall(app, userGetToken, async ({ user }) => ({ data: await users.currentUser(user.userId) }), opts);
  registerCall(app, userProfileList, async ({ user }) => ({ data: await users.listProfiles(user.userId) }), opts);
  registerCall(
    app,
    userProfileUpdate,
    async ({ user, body }) => {
      const { result, message } = await users.updateProfile(user.userId, body);
      // A profile made now (a new user's first): his sockets, this tab's too, join its room at once,
      // so its messages and read marks reach them without a reconnect (joinUserRooms does the rest).
      membershipChanged(app.io, user.userId, result.profile.id, true, app.log);
      // His other tabs and devices act as this profile from now on: they are told to load it.
      userChanged(app.io, user.userId, app.log);
      return { data: result, message };
    },
    opts,
  );
  const route = callerRoutes(app, opts);
  route(balanceGetToken, async (caller) => ({ data: await users.balance(caller) }));
  route(profileServiceGetCollection, async (caller) => ({ data: await users.profileServices(caller) }));
  registerCall(
    app,
    userSocketUpdate,
    async ({ user, body }) => {
      await users.bindSocket(user.userId, body.id);
      return { data: { ok: true as const } };
    },
    opts,
  );
  // app.ts registers the stubs it knows of; notifications are the user's, so they ride along here.
  await notificationRoutes(app, opts);
}
