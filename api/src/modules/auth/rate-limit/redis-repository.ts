import { randomUUID } from 'node:crypto';
import type { RedisClient } from '../../../plugins/redis';
import { REDIS_KEY_PREFIX } from '../../../plugins/redis';

/** One event to count against one rule's key, at the API's clock. */
export interface RedisHit {
  key: string;
  atMs: number;
  windowMs: number;
  max: number;
  /** What the event weighs (see LimitCheck.cost). */
  cost: number;
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

/** A member's weight rides in its name, `<uuid>:<cost>`; a bare uuid (every member before costs) weighs 1. */
const memberOf = (cost: number) => (cost === 1 ? randomUUID() : `${randomUUID()}:${cost}`);
const costOf = (member: string) => {
  const cost = member.split(':')[1];
  return cost === undefined ? 1 : Number(cost);
};

/**
 * The window's sum with the new event, and the event whose leaving lets the next one of the same
 * cost through (CountedEvent of the PostgreSQL store): from the newest back, the last one at whose
 * leaving (with every older one) what is newer than it and the new cost fit in `max`.
 */
function weighed(earlier: ReadonlyArray<{ value: string; score: number }>, hit: RedisHit): { hits: number; edgeAtMs: number | null } {
  const total = earlier.reduce((sum, e) => sum + costOf(e.value), 0);
  let newer = 0;
  let edgeAtMs: number | null = null;
  for (let i = earlier.length - 1; i >= 0 && newer + hit.cost <= hit.max; i--) {
    edgeAtMs = Number(earlier[i]!.score);
    newer += costOf(earlier[i]!.value);
  }
  return { hits: total + hit.cost, edgeAtMs };
}

/**
 * The sliding logs of rate_limit_events, kept in Redis: a sorted set per rule key, one member per
 * counted event, scored by its time in milliseconds.
 */
export function redisRateLimitRepository(client: RedisClient) {
  return {
    /**
     * Counts one event per hit, atomically (one MULTI): drops the events that left the window, reads
     * those left (to weigh them: a member's cost is in its name), adds this one. The key lives one
     * window after its newest event, in Redis's own time (PEXPIRE, not PEXPIREAT): the API's clock
     * is moved by the tests, and an expiry in the past would delete the key at once.
     */
    async hitAll(hits: readonly RedisHit[]): Promise<RedisCountedEvent[]> {
      const multi = client.multi();
      const members = hits.map((hit) => memberOf(hit.cost));
      for (const [i, hit] of hits.entries()) {
        const key = rateLogKey(hit.key);
        multi
          .zRemRangeByScore(key, '-inf', hit.atMs - hit.windowMs)
          .zRangeWithScores(key, 0, -1)
          .zAdd(key, { score: hit.atMs, value: members[i]! })
          .pExpire(key, hit.windowMs + 1000);
      }
      const replies = await multi.exec();
      return hits.map((hit, i) => {
        const earlier = replies[i * 4 + 1] as unknown as Array<{ value: string; score: number }>;
        return { key: hit.key, member: members[i]!, ...weighed(earlier, hit) };
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
