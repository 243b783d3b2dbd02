import type { Queryable } from '../../db';

/** A write's key as the table knows it: whose, which, and what it was sent with (http/answer-replay.ts). */
export interface RequestAnswerKey {
  userId: number;
  key: string;
  call: string;
  bodySha256: string;
}

/** The row holding a key: a claim (no answer yet) or a kept answer. */
export interface HeldKey {
  call: string;
  body_sha256: string;
  /** The API process that claimed it (answer-replay.ts `claimant`); null for an upload's answer or an older row. */
  claimed_by: string | null;
  status: number | null;
  answer: unknown;
  /** Older than the kept answers' lifetime. */
  stale: boolean;
  /** Older than a write may run: its server stopped mid-write. */
  abandoned: boolean;
  /** Claimed by a start of an API process that has not said it is alive for a while (liveness.ts): it died. */
  dead: boolean;
}

/**
 * The writes' kept answers (`request_answers`): a row claims a key while its write runs and keeps
 * its answer once done. Housekeeping deletes the old ones (housekeeping/repository.ts).
 */
export function requestAnswersRepository(db: Queryable) {
  return {
    /** Takes the key for this write (a row with no answer yet) as `claimant`: true, or false when a row holds it. */
    async claim(key: RequestAnswerKey, claimant: string): Promise<boolean> {
      const rows = await db.query(
        `insert into request_answers (user_id, key, call, body_sha256, claimed_by) values ($1, $2, $3, $4, $5)
         on conflict (user_id, key) do nothing returning id`,
        [key.userId, key.key, key.call, key.bodySha256, claimant],
      );
      return rows.length > 0;
    },

    /**
     * The row holding the key, with whether it is older than `keptMs` (stale) or `abandonedMs`, and
     * whether its claimant's start (after the last «#» of `claimed_by`) has been silent `deadMs`.
     */
    async held(key: RequestAnswerKey, keptMs: number, abandonedMs: number, deadMs: number): Promise<HeldKey | null> {
      const [row] = await db.query<HeldKey>(
        `select r.call, r.body_sha256, r.claimed_by, r.status, r.answer,
                r.created_at < now() - make_interval(secs => $3::float8 / 1000) as stale,
                r.created_at < now() - make_interval(secs => $4::float8 / 1000) as abandoned,
                exists (select 1 from api_starts s
                        where s.start = substring(r.claimed_by from '#([^#]*)$')
                          and s.seen_at < now() - make_interval(secs => $5::float8 / 1000)) as dead
         from request_answers r where r.user_id = $1 and r.key = $2`,
        [key.userId, key.key, keptMs, abandonedMs, deadMs],
      );
      return row ?? null;
    },

    /** This start of an API process (`start`, on `node`: host and port) is alive now. */
    async alive(start: string, node: string): Promise<void> {
      await db.query('insert into api_starts (start, node) values ($1, $2) on conflict (start) do update set seen_at = now(), node = excluded.node', [start, node]);
    },

    /** Frees the key held as `held` (stale or abandoned); a row another request put there meanwhile stays. */
    async drop(key: RequestAnswerKey, held: Pick<HeldKey, 'call' | 'body_sha256'>): Promise<void> {
      await db.query('delete from request_answers where user_id = $1 and key = $2 and call = $3 and body_sha256 = $4', [key.userId, key.key, held.call, held.body_sha256]);
    },

    /** Frees this write's claim (its write failed or its answer is not kept), never a kept answer. */
    async release(key: RequestAnswerKey): Promise<void> {
      await db.query('delete from request_answers where user_id = $1 and key = $2 and status is null', [key.userId, key.key]);
    },

    /** Keeps the answer on this write's claim. */
    async keep(key: RequestAnswerKey, status: number, answer: string): Promise<void> {
      await db.query('update request_answers set status = $3, answer = $4::jsonb where user_id = $1 and key = $2 and status is null', [key.userId, key.key, status, answer]);
    },

    /** Keeps the answer of a write that ran without a claim (an upload); a row already there stays. */
    async keepUnclaimed(key: RequestAnswerKey, status: number, answer: string): Promise<void> {
      await db.query(
        `insert into request_answers (user_id, key, call, body_sha256, status, answer) values ($1, $2, $3, $4, $5, $6::jsonb)
         on conflict (user_id, key) do nothing`,
        [key.userId, key.key, key.call, key.bodySha256, status, answer],
      );
    },
  };
}
