import type { Queryable } from '../../db';

export interface RefreshTokenRow {
  id: number;
  session_id: string;
  user_id: number;
  expires_at: Date;
  rotated_at: Date | null;
  /** sha256 of the `Idempotency-Key` the renewal that rotated it was sent with, if any. */
  rotation_key_hash: string | null;
  /** The token that renewal issued. */
  successor_id: number | null;
  session_revoked_at: Date | null;
}

export type RevokeReason = 'logout' | 'reuse' | 'password_change' | 'password_reset';

export function sessionsRepository(db: Queryable) {
  return {
    /** The owner of a session that is not revoked (one indexed lookup per authenticated request). */
    async liveSessionUserId(sessionId: string): Promise<number | undefined> {
      const rows = await db.query<{ user_id: number }>('select user_id from auth_sessions where id = $1 and revoked_at is null', [sessionId]);
      return rows[0]?.user_id;
    },
    async createSession(s: { id: string; userId: number; at: string; ip: string | null; userAgent: string | null }): Promise<void> {
      await db.query(
        'insert into auth_sessions (id, user_id, created_at, last_used_at, ip, user_agent) values ($1, $2, $3, $3, $4, $5)',
        [s.id, s.userId, s.at, s.ip, s.userAgent],
      );
    },
    async addRefreshToken(t: { sessionId: string; tokenHash: string; at: string; expiresAt: string }): Promise<number> {
      const [row] = await db.query<{ id: number }>(
        'insert into auth_refresh_tokens (session_id, token_hash, created_at, expires_at) values ($1, $2, $3, $4) returning id',
        [t.sessionId, t.tokenHash, t.at, t.expiresAt],
      );
      return row!.id;
    },
    /**
     * Locks the token's row and its session's: two renewals with one token run one after the
     * other, and the second reads the session as the first left it. With the token's row alone
     * locked, PostgreSQL re-reads only that row once the first commits (READ COMMITTED), not the
     * joined session: a renewal that waited saw the family alive that the first had just revoked
     * for reuse, and revoked it again as reuse instead of being refused as invalid.
     */
    async findRefreshTokenForUpdate(tokenHash: string): Promise<RefreshTokenRow | null> {
      const rows = await db.query<RefreshTokenRow>(
        `select t.id, t.session_id, s.user_id, t.expires_at, t.rotated_at, t.rotation_key_hash, t.successor_id, s.revoked_at as session_revoked_at
         from auth_refresh_tokens t join auth_sessions s on s.id = t.session_id
         where t.token_hash = $1 for update of t, s`,
        [tokenHash],
      );
      const row = rows[0];
      return row ? { ...row, expires_at: new Date(row.expires_at), rotated_at: row.rotated_at && new Date(row.rotated_at) } : null;
    },
    async findSessionOfRefreshToken(tokenHash: string): Promise<string | null> {
      const rows = await db.query<{ session_id: string }>('select session_id from auth_refresh_tokens where token_hash = $1', [tokenHash]);
      return rows[0]?.session_id ?? null;
    },
    async markRotated(id: number, r: { at: string; keyHash: string | null; successorId: number }): Promise<void> {
      await db.query('update auth_refresh_tokens set rotated_at = $2, rotation_key_hash = $3, successor_id = $4 where id = $1', [id, r.at, r.keyHash, r.successorId]);
    },
    /**
     * Retires the token a renewal issued if it was never used (its answer was lost), so that the
     * renewal sent again can issue another in its place; answers whether it did. The row stays,
     * rotated without a key: whoever presents it later is reuse and ends the family (QA GG-1: a
     * replayed retry would otherwise take the session over, its owner merely «expired»). The
     * caller holds the session's row, so no renewal with that token runs meanwhile.
     */
    async retireUnusedSuccessor(id: number, at: string): Promise<boolean> {
      const rows = await db.query('update auth_refresh_tokens set rotated_at = $2 where id = $1 and rotated_at is null returning id', [id, at]);
      return rows.length === 1;
    },
    async replaceSuccessor(id: number, successorId: number): Promise<void> {
      await db.query('update auth_refresh_tokens set successor_id = $2 where id = $1', [id, successorId]);
    },
    /** Rotated tokens are kept to recognise reuse; past their expiry they are only clutter. */
    async pruneExpiredTokens(sessionId: string, at: string): Promise<void> {
      await db.query('delete from auth_refresh_tokens where session_id = $1 and expires_at < $2', [sessionId, at]);
    },
    /** A fresh pair for a kept session (password change): its earlier refresh tokens stop working. */
    async dropRefreshTokens(sessionId: string): Promise<void> {
      await db.query('delete from auth_refresh_tokens where session_id = $1', [sessionId]);
    },
    async touchSession(id: string, at: string): Promise<void> {
      await db.query('update auth_sessions set last_used_at = $2 where id = $1', [id, at]);
    },
    async revokeSession(id: string, reason: RevokeReason, at: string): Promise<void> {
      await db.query('update auth_sessions set revoked_at = $2, revoke_reason = $3 where id = $1 and revoked_at is null', [id, at, reason]);
    },
    /** Every live session of the user except `keep` (null: all of them); answers the ids it revoked. */
    async revokeUserSessions(userId: number, reason: RevokeReason, at: string, keep: string | null = null): Promise<string[]> {
      const rows = await db.query<{ id: string }>(
        `update auth_sessions set revoked_at = $2, revoke_reason = $3
         where user_id = $1 and revoked_at is null and ($4::uuid is null or id <> $4::uuid)
         returning id`,
        [userId, at, reason, keep],
      );
      return rows.map((r) => r.id);
    },
  };
}
export type SessionsRepository = ReturnType<typeof sessionsRepository>;
