import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createClient } from 'redis';

export type RedisClient = ReturnType<typeof createClient>;

export interface RedisClients {
  /** Rate-limit counters and the socket adapter's publishes. */
  command: RedisClient;
  /** The socket adapter's subscriptions: a client in subscriber mode can run nothing else. */
  subscriber: RedisClient;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Connected clients when REDIS_URL is set, else null (one process: sockets local, limits in PostgreSQL). */
    redis: RedisClients | null;
  }
}

/** Every key and channel of ours starts with this, so a Redis shared with others stays tidy. */
export const REDIS_KEY_PREFIX = 'market:';

/** REDIS_URL set but Redis not answering at start: the API stops with this message alone. */
export class RedisUnavailableError extends Error {}

/** The URL without its password, for log lines and errors. */
export function redactRedisUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(REDIS_URL is not a URL)';
  }
}

/**
 * One connected client. The first connection is all or nothing: a refused or unanswered connect
 * throws a clear error (server.ts logs it and exits) instead of serving without shared state.
 * Once up, a lost connection is retried with backoff; meanwhile commands fail at once (no
 * offline queue), so a request gets a 500 and a socket publish is dropped rather than piling up
 * in memory until Redis returns.
 */
async function connectClient(url: string, name: string, log: FastifyBaseLogger): Promise<RedisClient> {
  let up = false;
  const client: RedisClient = createClient({
    url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: 5000,
      // Stopping takes an Error of this realm: node-redis checks `instanceof Error`, which a socket
      // error fails under Jest's VM, and a number would retry forever.
      reconnectStrategy: (retries: number, cause: Error) => (up ? Math.min(100 * 2 ** Math.min(retries, 6), 5000) : new Error(cause.message)),
    },
  });
  // Without a listener an `error` event would throw; before the first connect, connect() rejects instead.
  client.on('error', (err: Error) => {
    if (up) log.error({ err: { message: err.message }, client: name }, 'redis connection error');
  });
  client.on('reconnecting', () => up && log.warn({ client: name }, 'redis reconnecting'));
  client.on('ready', () => up && log.info({ client: name }, 'redis connection restored'));
  try {
    await client.connect();
  } catch (err) {
    throw new RedisUnavailableError(`Redis at ${redactRedisUrl(url)} (REDIS_URL) is unreachable: ${(err as Error).message}`);
  }
  up = true;
  return client;
}

/** Ends a client whether or not it is connected now (a reconnecting one would never answer QUIT). */
async function closeClient(client: RedisClient): Promise<void> {
  try {
    if (client.isReady) await client.quit();
    else if (client.isOpen) await client.disconnect();
  } catch {
    // Closing anyway: the process is stopping or the test is over.
  }
}

/**
 * Connects to REDIS_URL when it is set. Registered before the socket plugin, so on close the
 * socket server (and its adapter's unsubscribes) goes first and the clients quit after it.
 */
export const redisPlugin = fp(async (app: FastifyInstance, opts: { url: string | undefined }) => {
  if (!opts.url) {
    app.decorate('redis', null);
    return;
  }
  const command = await connectClient(opts.url, 'command', app.log);
  let subscriber: RedisClient;
  try {
    subscriber = await connectClient(opts.url, 'subscriber', app.log);
  } catch (err) {
    await closeClient(command);
    throw err;
  }
  app.decorate('redis', { command, subscriber });
  app.log.info({ redis: redactRedisUrl(opts.url) }, 'redis connected: socket adapter and rate limits shared across API nodes');
  app.addHook('onClose', async () => {
    await Promise.all([closeClient(subscriber), closeClient(command)]);
  });
}, { name: 'redis' });
