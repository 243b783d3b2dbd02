import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { REDIS_KEY_PREFIX, type RedisClient, type RedisClients } from './redis';

/** Logs the first failure of a burst and then at most one line per interval: an outage fails every emit. */
function throttledWarn(log: FastifyBaseLogger, intervalMs = 10_000) {
  let last = 0;
  let dropped = 0;
  return (err: unknown, command: string) => {
    const now = Date.now();
    if (now - last < intervalMs) {
      dropped += 1;
      return;
    }
    log.warn({ err: { message: (err as Error)?.message }, command, droppedSinceLast: dropped }, 'redis adapter command failed; the event did not reach other API nodes');
    last = now;
    dropped = 0;
  };
}

/**
 * The adapter fires its publishes and (un)subscribes without awaiting them: with Redis away each
 * would be an unhandled rejection, which ends a Node process. Through this view every promise a
 * client method returns gets a handler that logs, so an emit during an outage reaches the local
 * sockets only and the API keeps running. Awaited calls (fetchSockets) still see the rejection.
 */
function withLoggedRejections(client: RedisClient, warn: (err: unknown, command: string) => void): RedisClient {
  return new Proxy(client, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const result: unknown = value.apply(target, args);
        if (result instanceof Promise) result.catch((err: unknown) => warn(err, String(prop)));
        return result;
      };
    },
  });
}

/** The socket.io Redis adapter over our clients: every emit and room operation reaches all API nodes. */
export function redisSocketAdapter(clients: RedisClients, log: FastifyBaseLogger) {
  const warn = throttledWarn(log);
  return createAdapter(withLoggedRejections(clients.command, warn), withLoggedRejections(clients.subscriber, warn), {
    key: `${REDIS_KEY_PREFIX}socket.io`,
  });
}
