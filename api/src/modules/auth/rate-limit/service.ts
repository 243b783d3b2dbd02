import type { Queryable } from '../../../db';
import { AppError } from '../../../http/errors';
import type { Clock } from '../../../lib/clock';
import type { RedisClient } from '../../../plugins/redis';
import type { LimitRule } from '../settings';
import { redisRateLimitRepository, type RedisWindow } from './redis-repository';
import { rateLimitRepository } from './repository';

export interface LimitCheck extends LimitRule {
  key: string;
}

/** The first refused rule and how long until its window ends. */
export interface Refusal {
  key: string;
  retryAfterSeconds: number;
}

/** One interface for both stores: callers pass their Queryable, which only PostgreSQL uses. */
export interface RateLimiter {
  /** Counts one event against every rule; answers the refusal with the longest wait, if any. */
  consume(db: Queryable, checks: LimitCheck[]): Promise<Refusal | null>;
  /**
   * Counts an attempt against every rule before it is made, so that attempts made at once cannot
   * all pass one look at a counter (N parallel password guesses are N counted guesses). A refused
   * attempt counts nothing. `release` takes the attempt back when it succeeds: only failures are
   * limited, so a person who types the password right is never throttled.
   */
  reserve(db: Queryable, checks: LimitCheck[]): Promise<Reservation>;
}

export type Reservation = { refusal: Refusal; release?: undefined } | { refusal: null; release(): Promise<void> };

/**
 * Fixed-window limits that every API node sees: in Redis when REDIS_URL is set (`redis`), else in
 * PostgreSQL (rate_limit_counters).
 */
export function rateLimiter({ now, redis }: { now: Clock; redis?: RedisClient | null }): RateLimiter {
  const windowOf = (rule: LimitRule) => {
    const nowMs = now();
    const size = rule.windowSeconds * 1000;
    const start = Math.floor(nowMs / size) * size;
    return {
      startMs: start,
      start: new Date(start).toISOString(),
      end: new Date(start + size).toISOString(),
      // The counter may go when the window ends, in Redis's wall-clock time: the clock of the
      // tests is moved, and an expiry in the past would delete the key at once.
      expiresAtMs: Date.now() + (start + size - nowMs) + 1000,
      retryAfterSeconds: Math.max(1, Math.ceil((start + size - nowMs) / 1000)),
    };
  };
  const refusalOf = (checks: LimitCheck[], counts: number[], waits: number[]): Refusal | null => {
    let refusal: Refusal | null = null;
    for (const [i, check] of checks.entries()) {
      const wait = waits[i]!;
      if (counts[i]! > check.max && (!refusal || wait > refusal.retryAfterSeconds)) refusal = { key: check.key, retryAfterSeconds: wait };
    }
    return refusal;
  };
  return redis ? redisLimiter(redis, windowOf, refusalOf) : postgresLimiter(now, windowOf, refusalOf);
}

type WindowOf = (rule: LimitRule) => { startMs: number; start: string; end: string; expiresAtMs: number; retryAfterSeconds: number };
type RefusalOf = (checks: LimitCheck[], counts: number[], waits: number[]) => Refusal | null;

/** Takes a Queryable so a caller can count inside its own transaction (a refused send rolls back). */
function postgresLimiter(now: Clock, windowOf: WindowOf, refusalOf: RefusalOf): RateLimiter {
  return {
    async consume(db, checks) {
      const repo = rateLimitRepository(db);
      const counts: number[] = [];
      const waits: number[] = [];
      for (const check of checks) {
        const window = windowOf(check);
        counts.push(await repo.hit(check.key, window.start, window.end));
        waits.push(window.retryAfterSeconds);
      }
      // Old windows are dead weight; an occasional sweep keeps the table small without a job.
      if (Math.random() < 0.01) await repo.prune(new Date(now()).toISOString());
      return refusalOf(checks, counts, waits);
    },
    async reserve(db, checks) {
      const repo = rateLimitRepository(db);
      const windows = checks.map((check) => ({ key: check.key, ...windowOf(check) }));
      const counts: number[] = [];
      for (const window of windows) counts.push(await repo.hit(window.key, window.start, window.end));
      const release = async () => {
        for (const window of windows) await repo.unhit(window.key, window.start);
      };
      const refusal = refusalOf(checks, counts, windows.map((window) => window.retryAfterSeconds));
      if (!refusal) return { refusal: null, release };
      await release();
      return { refusal };
    },
  };
}

/**
 * The same limits in Redis (INCR and PEXPIREAT in one MULTI per call). Redis takes no part in the
 * caller's transaction, so `consume` keeps the PostgreSQL promise "a refused send does not use up
 * the limits" by taking back (DECR) what it counted before it answers a refusal. What cannot be
 * kept: (1) a consume that was allowed stays counted when the caller's transaction later rolls
 * back for another reason (PostgreSQL would forget it); (2) between the INCR and the DECR of a
 * refused call, a concurrent call on the same key sees one event too many and may be refused at
 * the very edge of a limit (PostgreSQL's row lock made it wait for the rollback instead); (3) if
 * the DECR itself fails (Redis went away in between), the refused call stays counted.
 */
export const LIMITS_UNAVAILABLE_MESSAGE = 'Сервис временно недоступен, попробуйте позже';

/**
 * Redis unreachable: a limit that cannot be counted refuses the call (503, the cause in the log)
 * rather than letting it through unlimited.
 */
async function counted<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw Object.assign(new AppError(503, 'limits_unavailable', LIMITS_UNAVAILABLE_MESSAGE), { cause: error });
  }
}

function redisLimiter(client: RedisClient, windowOf: WindowOf, refusalOf: RefusalOf): RateLimiter {
  const repo = redisRateLimitRepository(client);
  const counter = (check: LimitCheck): RedisWindow & { retryAfterSeconds: number } => {
    const window = windowOf(check);
    return { key: check.key, windowStartMs: window.startMs, expiresAtMs: window.expiresAtMs, retryAfterSeconds: window.retryAfterSeconds };
  };
  return {
    async consume(_db, checks) {
      if (checks.length === 0) return null;
      const windows = checks.map(counter);
      const counts = await counted(repo.hitAll(windows));
      const refusal = refusalOf(checks, counts, windows.map((w) => w.retryAfterSeconds));
      if (refusal) await repo.unhitAll(windows);
      return refusal;
    },
    async reserve(_db, checks) {
      const windows = checks.map(counter);
      const counts = await counted(repo.hitAll(windows));
      const release = () => repo.unhitAll(windows);
      const refusal = refusalOf(checks, counts, windows.map((w) => w.retryAfterSeconds));
      if (!refusal) return { refusal: null, release };
      await release();
      return { refusal };
    },
  };
}
