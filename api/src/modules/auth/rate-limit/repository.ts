import type { Queryable } from '../../../db';

/** One event counted by `hit`. */
export interface CountedEvent {
  /** The event's row, for `unhit`. */
  id: string;
  /** What the key's events in the window weigh together (their count, when each costs 1), this one included. */
  hits: number;
  /**
   * The event whose leaving the window lets the next one of the same cost through: the oldest of
   * those counted before this one whose leaving, with every older one, brings the sum down to
   * `max` less that cost (null when none does). Each costing 1, it is the newest `max`-th of them.
   */
  edgeAt: Date | null;
}

/** The sliding logs of rate_limit_events: one row per counted event. */
export function rateLimitRepository(db: Queryable) {
  return {
    /**
     * Holds the keys' logs until the transaction ends, on every API node: a key's events are
     * counted by one caller at a time, so N attempts made at once are N counted attempts. Taken
     * together and in one order, so two callers holding some of the same keys never wait on each
     * other. The two-number form with this table's class keeps them apart from other advisory locks.
     */
    async lock(keys: readonly string[]): Promise<void> {
      await db.query(
        `select count(*) from (
           select pg_advisory_xact_lock(hashtext('rate_limit_events'), h)
           from (select distinct hashtext(k) as h from unnest($1::text[]) as k order by h) as ordered
         ) as locked`,
        [keys],
      );
    },
    /**
     * Adds one event at `at`, weighing `cost`, and sums the key's events after `since` (the
     * window's start). Run under `lock` in a statement of its own: its snapshot then holds every
     * event counted before. The new row is invisible to the statement that inserts it, hence the
     * + cost. `newer` is what the events at or after each one weigh: once it and every older one
     * has left, `newer - cost` remain.
     */
    async hit(key: string, e: { at: string; since: string; expiresAt: string; max: number; cost: number }): Promise<CountedEvent> {
      const rows = await db.query<CountedEvent>(
        `with added as (insert into rate_limit_events (key, at, expires_at, cost) values ($1, $2, $3, $6::bigint) returning id),
         earlier as (
           select at, cost, sum(cost) over (order by at desc, id desc) as newer
           from rate_limit_events where key = $1 and at > $4
         )
         select added.id::text as id,
           (select coalesce(sum(cost), 0) from earlier)::float8 + $6::float8 as hits,
           (select at from earlier where newer - cost + $6::bigint <= $5::bigint order by newer desc limit 1) as "edgeAt"
         from added`,
        [key, e.at, e.expiresAt, e.since, e.max, e.cost],
      );
      return rows[0]!;
    },
    /** Takes back exactly the events `hit` added (a refused attempt, a released reservation). */
    async unhit(ids: readonly string[]): Promise<void> {
      if (ids.length > 0) await db.query('delete from rate_limit_events where id = any($1::bigint[])', [ids]);
    },
    /** Every event of these keys. */
    async forget(keys: readonly string[]): Promise<void> {
      await db.query('delete from rate_limit_events where key = any($1::text[])', [keys]);
    },
    /** Events past every window; rows another caller is deleting are left to the next sweep. */
    async prune(before: string): Promise<void> {
      await db.query('delete from rate_limit_events where id in (select id from rate_limit_events where expires_at < $1 for update skip locked)', [before]);
    },
  };
}
export type RateLimitRepository = ReturnType<typeof rateLimitRepository>;
