import type { Queryable } from '../../../db';

export function rateLimitRepository(db: Queryable) {
  return {
    /** Counts one event in the window atomically and answers the window's count so far. */
    async hit(key: string, windowStart: string, expiresAt: string): Promise<number> {
      const rows = await db.query<{ hits: number }>(
        `insert into rate_limit_counters (key, window_start, hits, expires_at) values ($1, $2, 1, $3)
         on conflict (key, window_start) do update set hits = rate_limit_counters.hits + 1
         returning hits`,
        [key, windowStart, expiresAt],
      );
      return rows[0]!.hits;
    },
    /** Takes back one event of the window (a refused or successful attempt, see `reserve`). */
    async unhit(key: string, windowStart: string): Promise<void> {
      await db.query('update rate_limit_counters set hits = hits - 1 where key = $1 and window_start = $2 and hits > 0', [key, windowStart]);
    },
    async prune(before: string): Promise<void> {
      await db.query('delete from rate_limit_counters where expires_at < $1', [before]);
    },
  };
}
export type RateLimitRepository = ReturnType<typeof rateLimitRepository>;
