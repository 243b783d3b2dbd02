import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server, type Socket } from 'socket.io';
import { BALANCE_CHANGED_EVENT, PROFILE_DATA_CHANGED_EVENT, USER_CHANGED_EVENT, type ProfileDataChangedEvent } from 'shared/contract';
import type { Queryable } from '../db';
import { sessionsRepository } from '../modules/auth/sessions-repository';
import { profilesRepository } from '../modules/user/profiles-repository';
import { TOKEN_INVALID_MESSAGE } from './auth';
import type { RedisClients } from './redis';
import { redisSocketAdapter } from './socket-redis-adapter';

declare module 'fastify' {
  interface FastifyInstance {
    io: Server;
  }
}

/** Every socket of a user sits in this room, so an emit reaches all its tabs on every node. */
export const userRoom = (userId: number) => `user:${userId}`;

/**
 * Every socket of every user who may act for the profile (its owner, an organisation's members)
 * sits in this room: messages and read marks go to the other party's profile room only.
 */
export const profileRoom = (profileId: number) => `profile:${profileId}`;

/** Every socket opened with a token of the session sits in this room, so revoking it can end them. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/**
 * Disconnects every socket opened with a token of these sessions, on every API node (through the
 * Redis adapter). The one way a revocation reaches sockets: call it after the revocation has
 * committed, so a socket that reconnects at once is refused by the handshake.
 */
export function disconnectSessions(io: Pick<Server, 'in' | 'local'>, sessionIds: readonly string[], log?: FastifyBaseLogger): void {
  // `in([])` would address every socket of the server.
  if (sessionIds.length === 0) return;
  const rooms = sessionIds.map(sessionRoom);
  try {
    // The Redis adapter disconnects even this node's sockets only when its own request comes back
    // from Redis: this node's go at once, so an outage cannot leave them open.
    io.local.in(rooms).disconnectSockets(true);
    io.in(rooms).disconnectSockets(true);
  } catch (err) {
    // The revocation has committed and the handshake refuses these sessions from now on: the
    // call that revoked them still succeeds.
    log?.error({ err, sessions: sessionIds.length }, 'disconnecting revoked sessions failed');
  }
}

/** The socket API both a local socket and a remote one (`fetchSockets`, Redis adapter) offer. */
type RoomMember = { rooms: Set<string>; join(room: string): unknown; leave(room: string): unknown };

/**
 * Puts the socket into its user's room and the rooms of every profile the user may act for now
 * (owned ones, organisations he is a member of), and out of any other user's or profile's room.
 * Called at the handshake and again by `PUT user/socket/update`, so a new membership or a
 * re-login in the same tab takes effect on the next bind.
 */
export async function joinUserRooms(db: Queryable, socket: RoomMember, userId: number): Promise<void> {
  const profiles = await profilesRepository(db).listProfiles(userId);
  const wanted = new Set([userRoom(userId), ...profiles.map((p) => profileRoom(p.id))]);
  for (const room of [...socket.rooms]) {
    if ((room.startsWith('user:') || room.startsWith('profile:')) && !wanted.has(room)) await socket.leave(room);
  }
  for (const room of wanted) await socket.join(room);
}

/**
 * A membership that begins or ends now: every socket of the user, on every node, joins or leaves
 * the profile's room at once — an ex-employee hears nothing more of an organisation's
 * conversations, a new one (or a new user's first profile of his own) hears them without
 * reconnecting. Best effort after the commit: the next bind (`joinUserRooms`) settles the rooms anyway.
 */
export function membershipChanged(io: Pick<Server, 'in'> | undefined, userId: number, profileId: number, member: boolean, log?: FastifyBaseLogger): void {
  if (!io) return;
  try {
    const sockets = io.in(userRoom(userId));
    if (member) sockets.socketsJoin(profileRoom(profileId));
    else sockets.socketsLeave(profileRoom(profileId));
  } catch (err) {
    log?.error({ err, userId, profileId }, 'socket rooms of a membership change failed');
  }
}

type EventLog = { error(obj: object, msg?: string): void };

/** An event to a room, best effort after the commit: a failed emit is logged, never fails the call. */
export function emitAfterCommit(io: Pick<Server, 'to'> | undefined, room: string | string[], event: string, payload: object | undefined, log: EventLog | undefined, context: object): void {
  if (!io) return;
  try {
    if (payload === undefined) io.to(room).emit(event);
    else io.to(room).emit(event, payload);
  } catch (err) {
    log?.error({ err, ...context }, `${event} event failed`);
  }
}

/**
 * The user's own data or active profile changed (USER_CHANGED_EVENT): every tab and device of his
 * loads them again.
 */
export function userChanged(io: Pick<Server, 'to'> | undefined, userId: number, log?: FastifyBaseLogger): void {
  emitAfterCommit(io, userRoom(userId), USER_CHANGED_EVENT, undefined, log, { userId });
}

/**
 * The profile's balance moved with no notification telling it (BALANCE_CHANGED_EVENT): a withdrawal
 * taken or paid out. Every tab and device in the profile's room (its user, an organisation's members)
 * reads the balance again.
 */
export function balanceChanged(io: Pick<Server, 'to'> | undefined, profileId: number, log?: EventLog): void {
  emitAfterCommit(io, profileRoom(profileId), BALANCE_CHANGED_EVENT, { profileId }, log, { profileId });
}

/**
 * The profile's facilities or bank requisites changed (PROFILE_DATA_CHANGED_EVENT): every tab and
 * device in the profile's room (its user, an organisation's members) reads them again, the acting
 * tab's own included.
 */
export function profileDataChanged(io: Pick<Server, 'to'> | undefined, profileId: number, what: ProfileDataChangedEvent['what'], log?: EventLog): void {
  const payload: ProfileDataChangedEvent = { profileId, what };
  emitAfterCommit(io, profileRoom(profileId), PROFILE_DATA_CHANGED_EVENT, payload, log, { profileId, what });
}

/**
 * A route's write of the caller's profile's `what` told to that profile's room once it succeeded
 * (committed): wraps the service's call, `told(caller, service.create(...))`.
 */
export function tellingProfileData(io: Pick<Server, 'to'> | undefined, what: ProfileDataChangedEvent['what'], log?: EventLog) {
  return async <T>(caller: { profile: { id: number } | null }, write: Promise<T>): Promise<T> => {
    const result = await write;
    if (caller.profile) profileDataChanged(io, caller.profile.id, what, log);
    return result;
  };
}

export const SOCKET_SERVER_ERROR_MESSAGE = 'Внутренняя ошибка сервера';

function handshakeToken(socket: Socket): string | null | undefined {
  const token: unknown = socket.handshake.auth?.token;
  if (token === undefined || token === null || token === '') return null;
  if (typeof token !== 'string') return undefined;
  return token.replace(/^Bearer\s+/i, '');
}

/**
 * socket.io on the API's own HTTP server. A handshake with `auth.token` is checked exactly as
 * a bearer header is (app.authenticateToken: signature, expiry, live session) and the socket joins
 * its user's and its session's rooms at once; a guest socket connects but joins nothing until
 * `PUT user/socket/update` binds it. With REDIS_URL the Redis adapter carries emits, room
 * changes and disconnects to every API node.
 */
export const socketPlugin = fp(async (app: FastifyInstance, opts: { origins: string[]; redis?: RedisClients | null }) => {
  const allowed = new Set(opts.origins);
  const io = new Server(app.server, {
    ...(opts.redis ? { adapter: redisSocketAdapter(opts.redis, app.log) } : {}),
    path: '/socket.io',
    transports: ['websocket'],
    serveClient: false,
    cors: { origin: opts.origins, credentials: true },
    // Browsers do not apply CORS to WebSocket upgrades, so the allow-list is checked here;
    // clients without an Origin header (servers, tests) are not browsers and pass.
    allowRequest: (req, cb) => {
      const origin = req.headers.origin;
      cb(null, origin === undefined || allowed.has(origin));
    },
  });

  io.use(async (socket, next) => {
    const token = handshakeToken(socket);
    if (token === null) return next();
    const refused = Object.assign(new Error(TOKEN_INVALID_MESSAGE), { data: { code: 'token_invalid' } });
    if (token === undefined) return next(refused);
    try {
      const user = await app.authenticateToken(token);
      if (!user) return next(refused);
      socket.data.userId = user.userId;
      socket.data.sessionId = user.sessionId;
      next();
    } catch (err) {
      app.log.error({ err, socketId: socket.id }, 'socket handshake failed');
      next(Object.assign(new Error(SOCKET_SERVER_ERROR_MESSAGE), { data: { code: 'internal' } }));
    }
  });

  io.on('connection', (socket) => {
    const userId = socket.data.userId as number | undefined;
    const sessionId = socket.data.sessionId as string | undefined;
    if (sessionId !== undefined) {
      void socket.join(sessionRoom(sessionId));
      // A revocation that committed between the handshake's check and this join found no socket
      // in the room; the session is read again after the join, so one of the two ends this socket.
      sessionsRepository(app.db)
        .liveSessionUserId(sessionId)
        .then((owner) => {
          if (owner !== userId) socket.disconnect(true);
        })
        .catch((err: unknown) => app.log.error({ err, socketId: socket.id }, 'socket session check failed'));
    }
    if (userId !== undefined) {
      // The user's room at once (synchronously, before any event can be missed), the profile rooms after one query.
      void socket.join(userRoom(userId));
      joinUserRooms(app.db, socket, userId).catch((err: unknown) => app.log.error({ err, socketId: socket.id }, 'socket rooms failed'));
    }
    app.log.info({ socketId: socket.id, userId, sessionId }, 'socket connected');
    socket.on('disconnect', (reason) => app.log.info({ socketId: socket.id, reason }, 'socket disconnected'));
  });
  app.decorate('io', io);
  // Before the HTTP server is closed, which waits for every connection to end: the sockets' own
  // would hold it until server.ts's 10 s timer exits with 1 (a clean SIGTERM said "code 1", QA I).
  // Their connections are cut, not the sockets ended: socket.io's DISCONNECT says «your session is
  // over» (as `disconnectSessions` means it), after which a client does not reconnect, and every
  // open tab went without messages and notifications after a deploy (QA PPP-1). A cut connection
  // is retried until this API, or the next, is up.
  app.addHook('preClose', async () => {
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    await io.close();
  });
}, { name: 'socket', dependencies: ['auth'] });
