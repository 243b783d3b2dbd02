import type { FastifyBaseLogger } from 'fastify';
import { SMS_CODE_LENGTH, type SmsPurpose } from 'shared/contract';
import type { Db, Queryable } from '../../../db';
import { AppError } from '../../../http/errors';
import { isoAfter, type Clock } from '../../../lib/clock';
import { hexEquals, hmacHex, randomDigits } from '../../../lib/secure-token';
import type { SmsMessage, SmsProvider } from '../../../providers/sms';
import { fieldError, formatWait, MESSAGES, TooManyRequestsError } from '../errors';
import type { LimitCheck, RateLimiter, Refusal } from '../rate-limit/service';
import { AUTH_TIMES, type AuthLimits } from '../settings';
import { codeRepository } from './repository';
import { smsText } from './texts';

export interface SmsCodesDeps {
  db: Db;
  sms: SmsProvider;
  limiter: RateLimiter;
  limits: AuthLimits;
  /** HMAC key of stored codes (the JWT secret). */
  secret: string;
  now: Clock;
  log?: FastifyBaseLogger;
}

const smsIpCheck = (limits: AuthLimits, ip: string): LimitCheck => ({ key: `sms:ip:${ip}`, ...limits.smsPerIp });

/** The codes a logged-in party asks for his own phone in a deal (`smsDealPerPhone`). */
const DEAL_PURPOSES: readonly SmsPurpose[] = ['sign', 'executor_cancel'];

/** The key of the per-phone bucket of employee invites (`smsInvitePerPhone`). */
export const invitePhoneKey = (phone: string) => `sms:invite:${phone}`;

/**
 * The send limits every SMS to `phone` counts against (ARCHITECTURE §3): per phone, per IP and
 * overall; a deal's codes per phone in their own bucket, and overall; invites per phone in their
 * own bucket (the invitee did not ask for them) and overall. Invites are sent by a signed-in
 * director whose organisation and user have daily caps of their own (invites-service), so they
 * take nothing from his IP's bucket, which is the anonymous sends' (an office hiring a team would
 * otherwise stop at 20 an hour, and shut its own registrations out).
 */
export const smsSendChecks = (limits: AuthLimits, phone: string, ip: string, purpose?: SmsPurpose): LimitCheck[] => {
  const global = { key: 'sms:global', ...limits.smsGlobal };
  if (purpose && DEAL_PURPOSES.includes(purpose)) return [{ key: `sms:deal:${phone}`, ...limits.smsDealPerPhone }, global];
  if (purpose === 'invite') return [{ key: invitePhoneKey(phone), ...limits.smsInvitePerPhone }, global];
  return [{ key: `sms:phone:${phone}`, ...limits.smsPerPhone }, smsIpCheck(limits, ip), global];
};

/**
 * Sends the SMS that carries a code. When the provider fails, `undo` takes the code back (so the
 * person may ask again at once instead of waiting out the interval) and the caller gets a 502.
 */
export async function deliverCode(
  { sms, log }: Pick<SmsCodesDeps, 'sms' | 'log'>,
  message: SmsMessage & { meta: { purpose: string } },
  undo: () => Promise<unknown>,
  failure: string,
): Promise<void> {
  try {
    await sms.send(message);
  } catch (error) {
    await undo();
    log?.error({ reason: (error as Error).message, purpose: message.meta.purpose }, 'sms delivery failed');
    throw new AppError(502, 'sms_failed', failure);
  }
}

export interface CodeTarget {
  phone: string;
  purpose: SmsPurpose;
  /** E.g. a document id for `sign`: a code for one document does not sign another. */
  subject?: string;
}

/** The code `verify` accepted, as a signature records it. */
export interface AcceptedCode {
  id: number;
  codeHash: string;
  sentAt: Date;
}

/**
 * One-time SMS codes for any purpose (ARCHITECTURE §3): 6 digits from a CSPRNG, 10 minutes,
 * single use, dead after 5 wrong tries, stored as an HMAC, at most one per 60 s per phone and
 * purpose, and within the per-phone, per-IP and global send limits.
 */
export function smsCodes({ db, sms, limiter, limits, secret, now, log }: SmsCodesDeps) {
  const hashOf = (t: CodeTarget, code: string) => hmacHex(secret, `sms-code:${t.purpose}:${t.subject ?? ''}:${t.phone}:${code}`);

  const refuse = (refusal: Refusal, purpose: string): never => {
    log?.warn({ limit: refusal.key.split(':').slice(0, 2).join(':'), purpose }, 'sms send refused by rate limit');
    throw new TooManyRequestsError(refusal.retryAfterSeconds, MESSAGES.tooManySms(formatWait(refusal.retryAfterSeconds)), 'sms_rate_limited');
  };

  return {
    /**
     * Spends one send of the caller's per-IP budget without sending: for answers that tell
     * something about a phone (registered or not), so that asking costs what a send costs.
     */
    async chargeIp(ip: string): Promise<void> {
      const refusal = await limiter.consume(db, [smsIpCheck(limits, ip)]);
      if (refusal) refuse(refusal, 'register');
    },

    /**
     * Creates and sends a code; answers `codeReceived` (Unix seconds). With `deliver: false`
     * everything but the SMS happens, so an unknown phone gets the same answers and limits.
     */
    async send(target: CodeTarget & { ip: string; deliver?: boolean; about?: string }): Promise<{ codeReceived: number }> {
      const { phone, purpose, ip, deliver = true } = target;
      const code = randomDigits(SMS_CODE_LENGTH);
      const sentAt = now();
      const id = await db.transaction(async (tx) => {
        const repo = codeRepository(tx);
        const subject = target.subject ?? '';
        await repo.lock(`sms:${phone}:${purpose}:${subject}`);
        const last = await repo.lastSentAt(phone, purpose, subject);
        const wait = last ? Math.ceil((last.getTime() + AUTH_TIMES.codeResendSeconds * 1000 - sentAt) / 1000) : 0;
        if (wait > 0) throw new TooManyRequestsError(wait, MESSAGES.resend(formatWait(wait)), 'code_resend_too_soon');
        // Counted inside the transaction: a refused send rolls back and does not use up the limits.
        const refusal = await limiter.consume(tx, smsSendChecks(limits, phone, ip, purpose));
        if (refusal) refuse(refusal, purpose);
        return repo.insert({
          phone,
          purpose,
          subject: target.subject ?? '',
          codeHash: hashOf(target, code),
          createdAt: new Date(sentAt).toISOString(),
          expiresAt: new Date(sentAt + AUTH_TIMES.codeSeconds * 1000).toISOString(),
        });
      });
      if (deliver) {
        await deliverCode({ sms, log }, { phone, text: smsText(purpose, code, target.about), meta: { code, purpose } }, () => codeRepository(db).delete(id), MESSAGES.smsFailed);
      }
      return { codeReceived: Math.floor(sentAt / 1000) };
    },

    /**
     * Whether a code sent for one of `subjects` could still be used (unspent, in time, tries
     * left): lets a caller tell «this code was for something else» from «no code at all».
     */
    hasLive: ({ phone, purpose, subjects }: { phone: string; purpose: SmsPurpose; subjects: readonly string[] }): Promise<boolean> =>
      codeRepository(db).anyLive(phone, purpose, subjects, isoAfter(now), AUTH_TIMES.codeMaxAttempts),

    /**
     * Checks the newest code of the target. `consume: false` leaves it usable for the next step
     * (recovery: check, then change). Throws a 422 with `errors.code` when it does not match.
     * Answers the accepted code's stored hash and send time: a signature records both as the
     * evidence of how it was confirmed.
     */
    async verify(target: CodeTarget & { code: string; consume: boolean }): Promise<AcceptedCode> {
      const expected = hashOf(target, target.code);
      // A wrong try must be counted even though the call fails, so the outcome leaves the
      // transaction as a value and becomes an error only after the commit.
      const outcome = await db.transaction(async (tx) => {
        const repo = codeRepository(tx);
        const row = await repo.latestForUpdate(target.phone, target.purpose, target.subject ?? '');
        if (!row || row.consumed_at || row.expires_at.getTime() <= now()) return { kind: 'expired' as const };
        if (row.attempts >= AUTH_TIMES.codeMaxAttempts) return { kind: 'dead' as const };
        if (!hexEquals(row.code_hash, expected)) {
          const attempts = await repo.addAttempt(row.id);
          return { kind: 'wrong' as const, left: Math.max(0, AUTH_TIMES.codeMaxAttempts - attempts) };
        }
        if (target.consume) await repo.spend(row.id, isoAfter(now));
        else await repo.markVerified(row.id, isoAfter(now));
        return { kind: 'ok' as const, accepted: { id: row.id, codeHash: row.code_hash, sentAt: row.created_at } };
      });
      switch (outcome.kind) {
        case 'ok':
          return outcome.accepted;
        case 'expired':
          throw fieldError(422, 'code_expired', 'code', MESSAGES.codeExpired);
        case 'dead':
          throw fieldError(422, 'code_attempts_exceeded', 'code', MESSAGES.codeDead);
        case 'wrong':
          // The last wrong try spends the code: said as wrong, coded as spent (only a new one leads on).
          throw fieldError(422, outcome.left > 0 ? 'code_invalid' : 'code_attempts_exceeded', 'code', MESSAGES.wrongCode(outcome.left));
      }
    },

    /**
     * Spends a code `verify` accepted without consuming, inside the transaction of the step it
     * confirms: a step that then loses (409: the other side acted first) leaves the code usable,
     * so the retry hears the real reason, not «code expired». A code spent meanwhile (the same
     * code in a parallel call) is refused as expired and the step rolls back.
     */
    async spend(tx: Queryable, accepted: AcceptedCode): Promise<void> {
      if (!(await codeRepository(tx).spend(accepted.id, isoAfter(now)))) throw fieldError(422, 'code_expired', 'code', MESSAGES.codeExpired);
    },
  };
}
export type SmsCodes = ReturnType<typeof smsCodes>;
