import type { Queryable } from '../../../db';

/** One event counted by `hit`. */
export interface CountedEvent {
  /** The event's row, for `unhit`. */
  id: string;
  /** The key's events in the window, this one included. */
  hits: number;
  /**
   * The newest `max`-th of the events counted before this one (null when fewer): the next event
   * passes once it has left the window. With at most `max` events before, it is the oldest.
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
     * Adds one event at `at` and counts the key's events after `since` (the window's start). Run
     * under `lock` in a statement of its own: its snapshot then holds every event counted before.
     * The new row is invisible to the statement that inserts it, hence the + 1.
     */
    async hit(key: string, e: { at: string; since: string; expiresAt: string; max: number }): Promise<CountedEvent> {
      const rows = await db.query<CountedEvent>(
        `with added as (insert into rate_limit_events (key, at, expires_at) values ($1, $2, $3) returning id)
         select added.id::text as id,
           (select count(*)::int from rate_limit_events where key = $1 and at > $4) + 1 as hits,
           (select at from rate_limit_events where key = $1 and at > $4 order by at desc offset $5 limit 1) as "edgeAt"
         from added`,
        [key, e.at, e.expiresAt, e.since, Math.max(0, e.max - 1)],
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
