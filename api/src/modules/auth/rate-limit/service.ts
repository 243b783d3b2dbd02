import type { Db, Queryable } from '../../../db';
import { AppError, UNAVAILABLE_MESSAGE } from '../../../http/errors';
import type { Clock } from '../../../lib/clock';
import type { RedisClient } from '../../../plugins/redis';
import type { LimitRule } from '../settings';
import { redisRateLimitRepository } from './redis-repository';
import { rateLimitRepository } from './repository';

export interface LimitCheck extends LimitRule {
  key: string;
  /**
   * What this event weighs against `max` (1: an event; the bytes of an upload against a byte
   * quota). A key's events are weighed alike by every caller: the window holds at most `max` of their sum.
   */
  cost?: number;
}

/** The first refused rule and how long until the next event would pass it. */
export interface Refusal {
  key: string;
  retryAfterSeconds: number;
}

/** One interface for both stores: callers pass their Queryable, which only PostgreSQL uses. */
export interface RateLimiter {
  /**
   * Counts one event against every rule; answers the refusal with the longest wait, if any. A
   * refused event is taken back from every rule: asking again and again does not keep a limit closed.
   */
  consume(db: Queryable, checks: LimitCheck[]): Promise<Refusal | null>;
  /**
   * Counts an attempt against every rule before it is made, so that attempts made at once cannot
   * all pass one look at a count (N parallel password guesses are N counted guesses). A refused
   * attempt counts nothing. `release` takes the attempt back when it succeeds: only failures are
   * limited, so a person who types the password right is never throttled.
   */
  reserve(db: Queryable, checks: LimitCheck[]): Promise<Reservation>;
  /** Forgets every event counted against these keys (a count its owner has answered for). */
  forget(db: Queryable, keys: readonly string[]): Promise<void>;
}

export type Reservation = { refusal: Refusal; release?: undefined } | { refusal: null; release(): Promise<void> };

/** What a store answers for one counted event: the window's sum with it and the event whose leaving frees the next one. */
interface Counted {
  hits: number;
  edgeAtMs: number | null;
}

/**
 * Sliding-window limits that every API node sees: at most `max` events in any `windowSeconds`,
 * not per clock-aligned window (5 an hour must not be 5 at 10:59 and 5 more at 11:00). Each
 * counted event is kept with its time (a sliding log), in Redis when REDIS_URL is set (`redis`),
 * else in PostgreSQL (rate_limit_events). Times are the API's clock (`now`), as everywhere else.
 * A refusal says when the next event would pass: when the oldest event of the full window (the
 * newest `max`-th, if ever more were counted) leaves it, `windowSeconds` after it was counted.
 * An event may weigh more than one (`cost`): the window then holds at most `max` of the sum, and
 * the wait runs until enough of the oldest have left for the refused one to fit.
 */
export function rateLimiter({ now, redis }: { now: Clock; redis?: RedisClient | null }): RateLimiter {
  return redis ? redisLimiter(now, redis) : postgresLimiter(now);
}

const refusalOf = (checks: LimitCheck[], counted: Counted[], nowMs: number): Refusal | null => {
  let refusal: Refusal | null = null;
  for (const [i, check] of checks.entries()) {
    const { hits, edgeAtMs } = counted[i]!;
    if (hits <= check.max) continue;
    // A rule of max 0 refuses every event: there is no event whose leaving would free one.
    const waitMs = check.max > 0 && edgeAtMs !== null ? edgeAtMs + check.windowSeconds * 1000 - nowMs : check.windowSeconds * 1000;
    const wait = Math.max(1, Math.ceil(waitMs / 1000));
    if (!refusal || wait > refusal.retryAfterSeconds) refusal = { key: check.key, retryAfterSeconds: wait };
  }
  return refusal;
};

/** The Db itself, not a transaction of it: only it can open one. */
const isDb = (db: Queryable): db is Db => typeof (db as Partial<Db>).transaction === 'function';

/**
 * Takes a Queryable so a caller can count inside its own transaction (a refused send rolls back).
 * The keys' advisory locks are held until that transaction ends, as the upserted counter rows
 * were before; given the Db, the count runs in a short transaction of its own. The caller's
 * transaction must be READ COMMITTED (the default): each statement then sees what was counted
 * before it took the locks.
 */
function postgresLimiter(now: Clock): RateLimiter {
  const inTransaction = <T>(db: Queryable, work: (tx: Queryable) => Promise<T>): Promise<T> => (isDb(db) ? db.transaction(work) : work(db));
  /** Counts one event per check; a refusal takes them all back (rolled back anyway in a caller's transaction that throws). */
  const count = (db: Queryable, checks: LimitCheck[]) =>
    inTransaction(db, async (tx) => {
      const repo = rateLimitRepository(tx);
      const nowMs = now();
      const at = new Date(nowMs).toISOString();
      await repo.lock(checks.map((check) => check.key));
      const events = [];
      for (const check of checks) {
        const windowMs = check.windowSeconds * 1000;
        const since = new Date(nowMs - windowMs).toISOString();
        events.push(await repo.hit(check.key, { at, since, expiresAt: new Date(nowMs + windowMs).toISOString(), max: check.max, cost: check.cost ?? 1 }));
      }
      const ids = events.map((e) => e.id);
      const refusal = refusalOf(
        checks,
        events.map((e) => ({ hits: e.hits, edgeAtMs: e.edgeAt ? new Date(e.edgeAt).getTime() : null })),
        nowMs,
      );
      if (refusal) await repo.unhit(ids);
      // Events past their window are dead weight; an occasional sweep keeps the table small without a job.
      if (Math.random() < 0.01) await repo.prune(at);
      return { refusal, ids };
    });
  return {
    async consume(db, checks) {
      if (checks.length === 0) return null;
      return (await count(db, checks)).refusal;
    },
    async reserve(db, checks) {
      const { refusal, ids } = await count(db, checks);
      if (refusal) return { refusal };
      return { refusal: null, release: () => rateLimitRepository(db).unhit(ids) };
    },
    async forget(db, keys) {
      if (keys.length > 0) await rateLimitRepository(db).forget(keys);
    },
  };
}

/**
 * The same limits in Redis (one MULTI per call). Redis takes no part in the caller's transaction,
 * so `consume` keeps the PostgreSQL promise "a refused send does not use up the limits" by taking
 * back (ZREM) what it counted before it answers a refusal. What cannot be kept: (1) a consume
 * that was allowed stays counted when the caller's transaction later rolls back for another
 * reason (PostgreSQL would forget it); (2) between the ZADD and the ZREM of a refused call, a
 * concurrent call on the same key sees one event too many and may be refused at the very edge of
 * a limit (PostgreSQL's lock made it wait for the rollback instead); (3) if the ZREM itself fails
 * (Redis went away in between), the refused call stays counted until it leaves the window.
 */

/**
 * Redis unreachable: a limit that cannot be counted refuses the call (503, the cause in the log)
 * rather than letting it through unlimited.
 */
async function counted<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw Object.assign(new AppError(503, 'limits_unavailable', UNAVAILABLE_MESSAGE), { cause: error });
  }
}

function redisLimiter(now: Clock, client: RedisClient): RateLimiter {
  const repo = redisRateLimitRepository(client);
  const count = async (checks: LimitCheck[]) => {
    const nowMs = now();
    const events = await counted(repo.hitAll(checks.map((check) => ({ key: check.key, atMs: nowMs, windowMs: check.windowSeconds * 1000, max: check.max, cost: check.cost ?? 1 }))));
    return { events, refusal: refusalOf(checks, events, nowMs) };
  };
  return {
    async consume(_db, checks) {
      if (checks.length === 0) return null;
      const { events, refusal } = await count(checks);
      if (refusal) await repo.unhitAll(events);
      return refusal;
    },
    async reserve(_db, checks) {
      const { events, refusal } = await count(checks);
      const release = () => repo.unhitAll(events);
      if (!refusal) return { refusal: null, release };
      await release();
      return { refusal };
    },
    async forget(_db, keys) {
      if (keys.length > 0) await counted(repo.forget(keys));
    },
  };
}
