import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server } from 'socket.io';

declare module 'fastify' {
  interface FastifyInstance {
    io: Server;
  }
}

/** socket.io on the API's own HTTP server; the accounts issue adds the handshake auth. */
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
  io.on('connection', (socket) => {
    app.log.info({ socketId: socket.id }, 'socket connected');
    socket.on('disconnect', (reason) => app.log.info({ socketId: socket.id, reason }, 'socket disconnected'));
  });
  app.decorate('io', io);
  app.addHook('onClose', async () => {
    await io.close();
  });
});
