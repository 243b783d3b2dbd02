import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server, type Socket } from 'socket.io';
import { TOKEN_INVALID_MESSAGE } from './auth';

declare module 'fastify' {
  interface FastifyInstance {
    io: Server;
  }
}

/** Every socket of a user sits in this room, so an emit reaches all its tabs on every node. */
export const userRoom = (userId: number) => `user:${userId}`;

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
 * its user's room at once; a guest socket connects but joins nothing until
 * `PUT user/socket/update` binds it.
 */
export const socketPlugin = fp(async (app: FastifyInstance, opts: { origins: string[] }) => {
  const allowed = new Set(opts.origins);
  const io = new Server(app.server, {
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
      next();
    } catch (err) {
      app.log.error({ err, socketId: socket.id }, 'socket handshake failed');
      next(Object.assign(new Error(SOCKET_SERVER_ERROR_MESSAGE), { data: { code: 'internal' } }));
    }
  });

  io.on('connection', (socket) => {
    const userId = socket.data.userId as number | undefined;
    if (userId !== undefined) void socket.join(userRoom(userId));
    app.log.info({ socketId: socket.id, userId }, 'socket connected');
    socket.on('disconnect', (reason) => app.log.info({ socketId: socket.id, reason }, 'socket disconnected'));
  });
  app.decorate('io', io);
  app.addHook('onClose', async () => {
    await io.close();
  });
}, { name: 'socket', dependencies: ['auth'] });
