import type { RedisClient } from '../../../plugins/redis';
import { REDIS_KEY_PREFIX } from '../../../plugins/redis';

/** One counter of a fixed window: its name and when (wall-clock ms) Redis may forget it. */
export interface RedisWindow {
  key: string;
  windowStartMs: number;
  expiresAtMs: number;
}

const counterKey = (w: Pick<RedisWindow, 'key' | 'windowStartMs'>) => `${REDIS_KEY_PREFIX}rate:${w.key}:${w.windowStartMs}`;

/** The counters of rate_limit_counters, kept in Redis: one key per rule key and window. */
export function redisRateLimitRepository(client: RedisClient) {
  return {
    /** Counts one event in each window, atomically (one MULTI), and answers the counts so far. */
    async hitAll(windows: readonly RedisWindow[]): Promise<number[]> {
      const multi = client.multi();
      for (const w of windows) {
        const key = counterKey(w);
        multi.incr(key).pExpireAt(key, w.expiresAtMs);
      }
      const replies = await multi.exec();
      return windows.map((_, i) => Number(replies[i * 2]));
    },
    /**
     * Takes back one event from each window (a refused consume, a released reservation). The expiry is set again: a window
     * that ended in between would otherwise leave a key at -1 that never expires.
     */
    async unhitAll(windows: readonly RedisWindow[]): Promise<void> {
      const multi = client.multi();
      for (const w of windows) {
        const key = counterKey(w);
        multi.decr(key).pExpireAt(key, w.expiresAtMs);
      }
      await multi.exec();
    },
  };
}
