import type { Queryable } from '../../db';

/**
 * Rows nothing needs any more, deleted a batch at a time: each batch is a statement of its own, so
 * a backlog never holds long locks, and rows another transaction holds are left for the next one.
 * Every method answers how many it deleted. `before` is an ISO time from the API's clock.
 */
export function housekeepingRepository(db: Queryable) {
  /** Deletes up to `limit` rows `t` of `table` where `condition` holds ($1 is `before`). */
  const deleteBatch = async (table: string, condition: string, before: string, limit: number): Promise<number> => {
    const rows = await db.query<{ n: number }>(
      `with gone as (delete from ${table} where id in (
         select t.id from ${table} t where ${condition} limit $2 for update of t skip locked) returning 1)
       select count(*)::int as n from gone`,
      [before, limit],
    );
    return rows[0]!.n;
  };
  return {
    /** Sessions revoked before `before`, their refresh tokens with them (on delete cascade). */
    revokedSessions: (before: string, limit: number) => deleteBatch('auth_sessions', 't.revoked_at < $1', before, limit),
    /** Live sessions that cannot be renewed any more: none of their refresh tokens is valid after `before`. */
    expiredSessions: (before: string, limit: number) =>
      deleteBatch(
        'auth_sessions',
        't.revoked_at is null and not exists (select 1 from auth_refresh_tokens r where r.session_id = t.id and r.expires_at >= $1)',
        before,
        limit,
      ),
    /**
     * SMS codes expired before `before`. Only a target's newest code counts, so one is kept while
     * an older code of its target is valid after `before` (the code lifetime changed between the
     * two): deleting it would make that older one count again. A signature keeps its own copy of
     * the code's hash and send time.
     */
    expiredCodes: (before: string, limit: number) =>
      deleteBatch(
        'sms_codes',
        `t.expires_at < $1 and not exists (
           select 1 from sms_codes o
           where o.phone = t.phone and o.purpose = t.purpose and o.subject = t.subject
             and o.expires_at >= $1 and (o.created_at, o.id) < (t.created_at, t.id))`,
        before,
        limit,
      ),
    /** Phones confirmed for registration whose confirmation ran out before `before`. */
    expiredVerifications: (before: string, limit: number) => deleteBatch('phone_verifications', 't.expires_at < $1', before, limit),
    /** The development SMS inbox's messages sent before `before`. */
    devInbox: (before: string, limit: number) => deleteBatch('dev_sms_messages', 't.sent_at < $1', before, limit),
    /** The writes' answers kept for their re-sends (request-answers/repository.ts), given before `before`. */
    requestAnswers: (before: string, limit: number) => deleteBatch('request_answers', 't.created_at < $1', before, limit),
    /** The API processes' starts (request-answers/liveness.ts) last alive before `before`. */
    apiStarts: (before: string, limit: number) => deleteBatch('api_starts', 't.seen_at < $1', before, limit),
  };
}
