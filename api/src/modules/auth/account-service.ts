import type { AuthData } from 'shared/contract';
import type { Db } from '../../db';
import { AppError } from '../../http/errors';
import { isoAfter, type Clock } from '../../lib/clock';
import { hashPassword, needsRehash, verifyPassword } from '../../lib/password';
import { randomToken } from '../../lib/secure-token';
import type { AuthUser } from '../../plugins/auth';
import { unauthorized } from '../../plugins/auth';
import { verificationRepository } from './codes/repository';
import type { SmsCodes } from './codes/service';
import { fieldError, formatWait, MESSAGES, TooManyRequestsError } from './errors';
import { assertPasswordAcceptable } from './password-policy';
import type { LimitCheck, RateLimiter } from './rate-limit/service';
import type { ClientMeta, SessionService } from './session-service';
import { AUTH_TIMES, type AuthLimits } from './settings';
import { isUniqueViolation } from '../../db/sql';
import { toSessionUser, usersRepository } from '../user/users-repository';

export interface AccountDeps {
  db: Db;
  sessions: SessionService;
  codes: SmsCodes;
  limiter: RateLimiter;
  limits: AuthLimits;
  now: Clock;
}

/** Said at the phone (`errors.phone`): the registration's phone step marks its field (QA AAR-3), not a banner alone. */
const phoneTaken = () => new AppError(409, 'phone_taken', MESSAGES.phoneTaken, { phone: MESSAGES.phoneTaken });

/** The prefix of the key that counts one phone's failed logins from every IP. */
const LOGIN_PHONE_KEY = 'login-phone:';
/** The budget of failed logins to one phone from one address. */
const loginKey = (phone: string, ip: string | null) => `login:${phone}:${ip}`;
/** The budget of guesses at the current password by a signed-in user (per user and address). */
const CURRENT_PASSWORD_KEY = 'current-password:';

/** Login, registration and passwords: the rules of the issue "Accounts and sessions". */
export function accountService({ db, sessions, codes, limiter, limits, now }: AccountDeps) {
  const users = usersRepository(db);
  // Unknown phones are checked against this hash so that their answer takes as long as a wrong password.
  const timingHash = hashPassword(randomToken());
  // Awaited at login; a failure must surface there, not as an unhandled rejection at start.
  timingHash.catch(() => undefined);

  /**
   * Counts failures only, so people who type their password right are never throttled. Every
   * check is a separate budget (per phone and IP, per IP across phones): the first full one refuses.
   * The attempt is counted before the password is checked and taken back when it was right, so a
   * burst of parallel guesses meets the limit as a row of them does.
   */
  async function guardFailures(checks: LimitCheck[], attempt: () => Promise<boolean>, onFailure: () => Error) {
    const reservation = await limiter.reserve(db, checks);
    if (reservation.refusal) {
      const { key, retryAfterSeconds: wait } = reservation.refusal;
      if (key.startsWith(CURRENT_PASSWORD_KEY)) throw new TooManyRequestsError(wait, MESSAGES.tooManyPasswordTries(formatWait(wait)), 'password_rate_limited');
      // Shut out of his own account by guesses from elsewhere, the owner is shown the way back in.
      const message = key.startsWith(LOGIN_PHONE_KEY) ? MESSAGES.tooManyLoginsToPhone(formatWait(wait)) : MESSAGES.tooManyLogins(formatWait(wait));
      throw new TooManyRequestsError(wait, message, 'login_rate_limited');
    }
    if (!(await attempt())) throw onFailure();
    await reservation.release();
  }

  /**
   * The caller's current password, which a change of his credentials asks for (the password, the
   * phone: QA AAD-1); a wrong one is a 422 on `password`, and guesses share one budget per user
   * and address, whose refusal says so (not «попыток входа»: QA AAD-3).
   */
  async function checkCurrentPassword(userId: number, password: string, ip: string) {
    const user = await users.findById(userId);
    if (!user) throw unauthorized();
    await guardFailures(
      [{ key: `${CURRENT_PASSWORD_KEY}${userId}:${ip}`, ...limits.loginFailures }],
      async () => !!user.passwordHash && (await verifyPassword(password, user.passwordHash)),
      () => fieldError(422, 'wrong_password', 'password', MESSAGES.wrongCurrentPassword),
    );
    return user;
  }

  return {
    async login({ phone, password }: { phone: string; password: string }, meta: ClientMeta): Promise<AuthData> {
      const user = await users.findByPhone(phone);
      await guardFailures(
        [
          { key: loginKey(phone, meta.ip), ...limits.loginFailures },
          { key: `login-ip:${meta.ip}`, ...limits.loginFailuresPerIp },
          { key: `${LOGIN_PHONE_KEY}${phone}`, ...limits.loginFailuresPerPhone },
        ],
        async () => (await verifyPassword(password, user?.passwordHash ?? (await timingHash))) && !!user?.passwordHash,
        () => new AppError(401, 'invalid_credentials', MESSAGES.badCredentials),
      );
      if (needsRehash(user!.passwordHash!)) await users.setPassword(user!.id, await hashPassword(password), isoAfter(now));
      const pair = await db.transaction((tx) => sessions.start(tx, user!.id, meta));
      return { ...pair, user: toSessionUser(user!) };
    },

    /** A fresh pair for a refresh token, with the user as it is now (the name may have changed). */
    async renew(refreshToken: string, retryKey: string | null) {
      const { userId, ...pair } = await sessions.renew(refreshToken, retryKey);
      const user = await users.findById(userId);
      return { ...pair, user: user ? toSessionUser(user) : undefined };
    },

    async registerSendCode(phone: string, ip: string) {
      if (await users.phoneExists(phone)) {
        // The answer still says the phone is taken: registration has to tell a person to log in
        // instead, and a silent "code sent" would leave them waiting for an SMS that never comes.
        // What stops listing the registered phones is the cost: each such answer spends the
        // caller's per-IP SMS budget exactly as a send does, so a scan meets the same 429.
        await codes.chargeIp(ip);
        throw phoneTaken();
      }
      return codes.send({ phone, purpose: 'register', ip });
    },

    /** Consumes the code and remembers the phone as verified for `register` for a while. */
    async registerCheckCode(phone: string, code: string) {
      await codes.verify({ phone, purpose: 'register', code, consume: true });
      await verificationRepository(db).add(phone, 'register', isoAfter(now), isoAfter(now, AUTH_TIMES.phoneVerificationSeconds));
      return { phone, verified: true as const };
    },

    async register(input: { phone: string; name: string; password: string }, meta: ClientMeta): Promise<AuthData> {
      assertPasswordAcceptable(input.password, 'password', input.phone);
      if (await users.phoneExists(input.phone)) throw phoneTaken();
      const passwordHash = await hashPassword(input.password);
      try {
        return await db.transaction(async (tx) => {
          const verified = await verificationRepository(tx).consume(input.phone, 'register', isoAfter(now));
          if (!verified) {
            // The same registration sent twice at once: the first took the confirmation (and,
            // committed by now, the phone), the second is told as it would be after it (QA W-2).
            if (await usersRepository(tx).phoneExists(input.phone)) throw phoneTaken();
            throw fieldError(422, 'phone_not_verified', 'phone', MESSAGES.verifyPhone);
          }
          const user = await usersRepository(tx).create({ phone: input.phone, name: input.name, passwordHash, at: isoAfter(now) });
          return { ...(await sessions.start(tx, user.id, meta)), user };
        });
      } catch (error) {
        // Two registrations of one phone racing: the unique index decides, the loser gets 409.
        if (isUniqueViolation(error)) throw phoneTaken();
        throw error;
      }
    },

    /** Same answer, limits and interval for unknown phones; only the SMS is not sent. */
    async recoverySendCode(phone: string, ip: string) {
      const known = await users.phoneExists(phone);
      return codes.send({ phone, purpose: 'recovery', ip, deliver: known });
    },

    /** Checks the code, keeping it for the change, and remembers that it was accepted (ARCHITECTURE §3's order). */
    async recoveryCheck(phone: string, code: string) {
      await codes.verify({ phone, purpose: 'recovery', code, consume: false });
      await verificationRepository(db).add(phone, 'recovery', isoAfter(now), isoAfter(now, AUTH_TIMES.phoneVerificationSeconds));
      return { phone, verified: true as const };
    },

    /**
     * Consumes the code, sets the password and ends every session of the user: only after
     * `recoveryCheck` accepted the code (ARCHITECTURE §3: «after POST user/password/recovery has
     * accepted the code»; QA OOO-4), as registration comes only after its code check.
     */
    async recoveryChange(input: { phone: string; code: string; password: string }, ip: string) {
      assertPasswordAcceptable(input.password, 'password', input.phone);
      const notChecked = () => fieldError(422, 'code_not_checked', 'code', MESSAGES.recoveryNotChecked);
      if (!(await verificationRepository(db).has(input.phone, 'recovery', isoAfter(now)))) throw notChecked();
      // The code first: hashing is the costly step, and a guess at the code must not buy it.
      await codes.verify({ phone: input.phone, purpose: 'recovery', code: input.code, consume: true });
      const passwordHash = await hashPassword(input.password);
      const user = await users.findByPhone(input.phone);
      // Unreachable in practice: unknown phones never receive a code.
      if (!user) throw fieldError(422, 'code_expired', 'code', MESSAGES.codeExpired);
      const revoked = await db.transaction(async (tx) => {
        // The check's mark is used with the code (two changes at once: the code let one through already).
        if (!(await verificationRepository(tx).consume(input.phone, 'recovery', isoAfter(now)))) throw notChecked();
        await usersRepository(tx).setPassword(user.id, passwordHash, isoAfter(now));
        return sessions.revokeAll(tx, user.id, 'password_reset');
      });
      // The phone's owner has answered the code: the guesses of others no longer keep him out, nor
      // his own from this address (QA AAD-2: told «Войдите с новым паролем», he was refused for 15 minutes).
      await limiter.forget(db, [`${LOGIN_PHONE_KEY}${input.phone}`, loginKey(input.phone, ip)]);
      sessions.endSockets(revoked);
      return { ok: true as const };
    },

    checkCurrentPassword,

    /** Keeps the caller's session with a fresh pair and ends all the others. */
    async changePassword(caller: AuthUser, input: { password: string; newPassword: string }, ip: string): Promise<AuthData> {
      const user = await checkCurrentPassword(caller.userId, input.password, ip);
      assertPasswordAcceptable(input.newPassword, 'newPassword', user.phone);
      const passwordHash = await hashPassword(input.newPassword);
      const { pair, revoked } = await db.transaction(async (tx) => {
        // Compare-and-swap on the hash the current password was checked against: of changes made
        // at once only the first writes, the others find a password they no longer know (and each
        // would otherwise revoke the session of the other). Not counted as a failed guess.
        const replaced = await usersRepository(tx).replacePassword(user.id, user.passwordHash!, passwordHash, isoAfter(now));
        if (!replaced) throw fieldError(422, 'wrong_password', 'password', MESSAGES.wrongCurrentPassword);
        const ids = await sessions.revokeOthers(tx, user.id, caller.sessionId);
        return { pair: await sessions.reissue(tx, user.id, caller.sessionId), revoked: ids };
      });
      sessions.endSockets(revoked);
      return { ...pair, user: toSessionUser(user) };
    },
  };
}
export type AccountService = ReturnType<typeof accountService>;
