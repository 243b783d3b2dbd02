import { randomUUID } from 'node:crypto';
import type { RedisClient } from '../../../plugins/redis';
import { REDIS_KEY_PREFIX } from '../../../plugins/redis';

/** One event to count against one rule's key, at the API's clock. */
export interface RedisHit {
  key: string;
  atMs: number;
  windowMs: number;
  max: number;
}

/** One counted event: see CountedEvent of the PostgreSQL store. */
export interface RedisCountedEvent {
  key: string;
  /** The sorted set's member `hitAll` added, for `unhitAll`. */
  member: string;
  hits: number;
  edgeAtMs: number | null;
}

/** Not `rate:`, the fixed windows' string counters before: a node of either kind never meets the other's type. */
export const rateLogKey = (key: string) => `${REDIS_KEY_PREFIX}rate-log:${key}`;

/**
 * The sliding logs of rate_limit_events, kept in Redis: a sorted set per rule key, one member per
 * counted event, scored by its time in milliseconds.
 */
export function redisRateLimitRepository(client: RedisClient) {
  return {
    /**
     * Counts one event per hit, atomically (one MULTI): drops the events that left the window, reads
     * the newest `max`-th of those before (ZRANGE from the end), adds this one and counts. The key
     * lives one window after its newest event, in Redis's own time (PEXPIRE, not PEXPIREAT): the
     * API's clock is moved by the tests, and an expiry in the past would delete the key at once.
     */
    async hitAll(hits: readonly RedisHit[]): Promise<RedisCountedEvent[]> {
      const multi = client.multi();
      const members = hits.map(() => randomUUID());
      for (const [i, hit] of hits.entries()) {
        const key = rateLogKey(hit.key);
        multi
          .zRemRangeByScore(key, '-inf', hit.atMs - hit.windowMs)
          .zRangeWithScores(key, -Math.max(1, hit.max), -Math.max(1, hit.max))
          .zAdd(key, { score: hit.atMs, value: members[i]! })
          .zCard(key)
          .pExpire(key, hit.windowMs + 1000);
      }
      const replies = await multi.exec();
      return hits.map((hit, i) => {
        const edge = replies[i * 5 + 1] as unknown as Array<{ score: number }>;
        return { key: hit.key, member: members[i]!, hits: Number(replies[i * 5 + 3]), edgeAtMs: edge[0] ? Number(edge[0].score) : null };
      });
    },
    /** Takes back exactly the events `hitAll` added (a refused consume, a released reservation). */
    async unhitAll(events: readonly Pick<RedisCountedEvent, 'key' | 'member'>[]): Promise<void> {
      if (events.length === 0) return;
      const multi = client.multi();
      for (const e of events) multi.zRem(rateLogKey(e.key), e.member);
      await multi.exec();
    },
    /** Every event of these keys. */
    async forget(keys: readonly string[]): Promise<void> {
      await client.del(keys.map(rateLogKey));
    },
  };
}
