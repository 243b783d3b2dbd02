import { randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../../db';
import { AppError } from '../../http/errors';
import { unixSeconds, type Clock } from '../../lib/clock';
import { signAccessToken, verifyAccessToken } from '../../lib/jwt';
import { randomToken, sha256Hex } from '../../lib/secure-token';
import { MESSAGES } from './errors';
import { sessionsRepository, type RefreshTokenRow } from './sessions-repository';
import { AUTH_TIMES } from './settings';

export interface TokenPair {
  token: string;
  refresh_token: string;
}

export interface ClientMeta {
  ip: string | null;
  userAgent: string | null;
}

type RenewOutcome = { kind: 'ok'; userId: number; sessionId: string; refreshToken: string } | { kind: 'invalid' } | { kind: 'reused'; sessionId: string };

export interface SessionServiceDeps {
  db: Db;
  secret: string;
  now: Clock;
  /**
   * Ends the sockets of revoked sessions on every node (plugins/socket disconnectSessions). Called
   * once the revocation has committed: here for logout and reuse, by the caller for the
   * revocations that run in its transaction (revokeAll, revokeOthers answer the ids).
   */
  onRevoked?: (sessionIds: readonly string[]) => void;
}

/**
 * Sessions are refresh-token families (auth_sessions). Renewal rotates the refresh token; a
 * rotated token presented again revokes the family at once (ARCHITECTURE §3), unless it is the
 * same renewal sent again with its `Idempotency-Key` after a lost answer (`isRetry`). Tabs of one
 * browser take turns renewing and adopt their sibling's pair (shared `renewSession`), so they
 * never send a rotated token.
 */
export function sessionService({ db, secret, now, onRevoked = () => {} }: SessionServiceDeps) {
  const at = () => new Date(now()).toISOString();
  const refreshExpiry = () => new Date(now() + AUTH_TIMES.refreshTokenSeconds * 1000).toISOString();
  const accessToken = (userId: number, sessionId: string) =>
    signAccessToken({ sub: userId, sid: sessionId }, secret, AUTH_TIMES.accessTokenSeconds, unixSeconds(now));

  async function addRefreshToken(tx: Queryable, sessionId: string, token: string): Promise<number> {
    return sessionsRepository(tx).addRefreshToken({ sessionId, tokenHash: sha256Hex(token), at: at(), expiresAt: refreshExpiry() });
  }

  /**
   * The same renewal sent again after its answer was lost: the old token with the key it was
   * first sent with, within `renewRetrySeconds` of it, and the token it issued never used (a
   * client that had received it would send that one). A stolen old token comes without the key.
   */
  function isRetry(row: RefreshTokenRow, retryKey: string | null): row is RefreshTokenRow & { rotated_at: Date; successor_id: number } {
    return (
      retryKey !== null &&
      row.rotation_key_hash === sha256Hex(retryKey) &&
      row.successor_id !== null &&
      row.rotated_at !== null &&
      now() - row.rotated_at.getTime() <= AUTH_TIMES.renewRetrySeconds * 1000
    );
  }

  async function renewInTx(tx: Queryable, refreshToken: string, retryKey: string | null): Promise<RenewOutcome> {
    const repo = sessionsRepository(tx);
    const row = await repo.findRefreshTokenForUpdate(sha256Hex(refreshToken));
    if (!row || row.session_revoked_at || row.expires_at.getTime() <= now()) return { kind: 'invalid' };
    const next = randomToken();
    if (!row.rotated_at) {
      const successorId = await addRefreshToken(tx, row.session_id, next);
      await repo.markRotated(row.id, { at: at(), keyHash: retryKey === null ? null : sha256Hex(retryKey), successorId });
      await repo.touchSession(row.session_id, at());
      await repo.pruneExpiredTokens(row.session_id, at());
      return { kind: 'ok', userId: row.user_id, sessionId: row.session_id, refreshToken: next };
    }
    // The row lock on the session keeps any renewal with the successor out until this commits.
    if (isRetry(row, retryKey) && (await repo.retireUnusedSuccessor(row.successor_id, at()))) {
      await repo.replaceSuccessor(row.id, await addRefreshToken(tx, row.session_id, next));
      await repo.touchSession(row.session_id, at());
      return { kind: 'ok', userId: row.user_id, sessionId: row.session_id, refreshToken: next };
    }
    await repo.revokeSession(row.session_id, 'reuse', at());
    return { kind: 'reused', sessionId: row.session_id };
  }

  return {
    /** A new session (login, registration) with its first pair; runs in the caller's transaction. */
    async start(tx: Queryable, userId: number, meta: ClientMeta): Promise<TokenPair> {
      const sessionId = randomUUID();
      const refreshToken = randomToken();
      await sessionsRepository(tx).createSession({ id: sessionId, userId, at: at(), ip: meta.ip, userAgent: meta.userAgent?.slice(0, 500) ?? null });
      await addRefreshToken(tx, sessionId, refreshToken);
      return { token: accessToken(userId, sessionId), refresh_token: refreshToken };
    },

    /** A fresh pair for a session that stays (password change); its older refresh tokens die. */
    async reissue(tx: Queryable, userId: number, sessionId: string): Promise<TokenPair> {
      const refreshToken = randomToken();
      await sessionsRepository(tx).dropRefreshTokens(sessionId);
      await addRefreshToken(tx, sessionId, refreshToken);
      return { token: accessToken(userId, sessionId), refresh_token: refreshToken };
    },

    /** `retryKey`: the renewal's `Idempotency-Key`, which lets it be sent again if its answer is lost. */
    async renew(refreshToken: string, retryKey: string | null = null): Promise<TokenPair & { userId: number }> {
      // Reuse must revoke the family even though the call fails: the outcome leaves the
      // transaction as a value and becomes a 401 after the commit.
      const outcome = await db.transaction((tx) => renewInTx(tx, refreshToken, retryKey));
      if (outcome.kind === 'invalid') throw new AppError(401, 'refresh_invalid', MESSAGES.sessionExpired);
      if (outcome.kind === 'reused') {
        onRevoked([outcome.sessionId]);
        throw new AppError(401, 'refresh_reused', MESSAGES.sessionReused);
      }
      return { token: accessToken(outcome.userId, outcome.sessionId), refresh_token: outcome.refreshToken, userId: outcome.userId };
    },

    /** Ends the refresh token's family and the bearer's session; unknown tokens are ignored. */
    async logout(refreshToken: string | undefined, bearer: string | null): Promise<void> {
      const repo = sessionsRepository(db);
      const ended: string[] = [];
      if (refreshToken) {
        const sessionId = await repo.findSessionOfRefreshToken(sha256Hex(refreshToken));
        if (sessionId) ended.push(sessionId);
      }
      if (bearer) {
        // Expiry does not matter for ending a session: a good signature proves it is ours.
        const claims = verifyAccessToken(bearer, secret, 0);
        if (claims) ended.push(claims.sid);
      }
      for (const sessionId of new Set(ended)) await repo.revokeSession(sessionId, 'logout', at());
      // Already revoked ones too: ending their sockets again costs nothing and misses none.
      onRevoked([...new Set(ended)]);
    },

    /** Revokes in the caller's transaction; answers the ids, for `endSockets` after the commit. */
    revokeAll: (tx: Queryable, userId: number, reason: 'password_reset') => sessionsRepository(tx).revokeUserSessions(userId, reason, at()),
    revokeOthers: (tx: Queryable, userId: number, keep: string) => sessionsRepository(tx).revokeUserSessions(userId, 'password_change', at(), keep),
    /** Ends the sockets of sessions revoked in a transaction that has committed. */
    endSockets: (sessionIds: readonly string[]) => onRevoked(sessionIds),
  };
}
export type SessionService = ReturnType<typeof sessionService>;
