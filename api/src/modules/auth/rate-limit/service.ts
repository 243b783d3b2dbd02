import type { Queryable } from '../../../db';
import type { Clock } from '../../../lib/clock';
import type { LimitRule } from '../settings';
import { rateLimitRepository } from './repository';

export interface LimitCheck extends LimitRule {
  key: string;
}

/** The first refused rule and how long until its window ends. */
export interface Refusal {
  key: string;
  retryAfterSeconds: number;
}

/**
 * Fixed-window limits kept in PostgreSQL so that every API node sees the same counts. Takes a
 * Queryable so a caller can count inside its own transaction (a refused send rolls back).
 */
export function rateLimiter({ now }: { now: Clock }) {
  const windowOf = (rule: LimitRule) => {
    const nowMs = now();
    const size = rule.windowSeconds * 1000;
    const start = Math.floor(nowMs / size) * size;
    return {
      start: new Date(start).toISOString(),
      end: new Date(start + size).toISOString(),
      retryAfterSeconds: Math.max(1, Math.ceil((start + size - nowMs) / 1000)),
    };
  };

  return {
    /** Counts one event against every rule; answers the refusal with the longest wait, if any. */
    async consume(db: Queryable, checks: LimitCheck[]): Promise<Refusal | null> {
      const repo = rateLimitRepository(db);
      let refusal: Refusal | null = null;
      for (const check of checks) {
        const window = windowOf(check);
        const hits = await repo.hit(check.key, window.start, window.end);
        if (hits > check.max && (!refusal || window.retryAfterSeconds > refusal.retryAfterSeconds)) {
          refusal = { key: check.key, retryAfterSeconds: window.retryAfterSeconds };
        }
      }
      // Old windows are dead weight; an occasional sweep keeps the table small without a job.
      if (Math.random() < 0.01) await repo.prune(new Date(now()).toISOString());
      return refusal;
    },
    /** Answers a refusal when the rule's window is already full, without counting. */
    async check(db: Queryable, check: LimitCheck): Promise<Refusal | null> {
      const window = windowOf(check);
      const hits = await rateLimitRepository(db).count(check.key, window.start);
      return hits >= check.max ? { key: check.key, retryAfterSeconds: window.retryAfterSeconds } : null;
    },
    async record(db: Queryable, check: LimitCheck): Promise<void> {
      const window = windowOf(check);
      await rateLimitRepository(db).hit(check.key, window.start, window.end);
    },
  };
}
export type RateLimiter = ReturnType<typeof rateLimiter>;
