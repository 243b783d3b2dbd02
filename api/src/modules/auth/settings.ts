import { SMS_CODE_LIFETIME_SECONDS } from 'shared/contract';
import type { SmsProvider } from '../../providers/sms';

/** A sliding window: at most `max` events in any `windowSeconds` (not per clock-aligned window). */
export interface LimitRule {
  max: number;
  windowSeconds: number;
}

/**
 * Limits per user (every profile he acts as, personal or an organisation's) on what is cheap to
 * send and costly to keep: a script with one account must not flood a conversation, fill the disk
 * or the applications table (QA GG-4). Far above what a person does by hand; FLOOD_LIMITS_SCALE
 * multiplies every `max` (the e2e journeys and benchmarks do in seconds what a person does in hours).
 */
export interface FloodLimits {
  /** Messages sent (`message/create`, text or files, to any conversation): a person types a few a minute. */
  messagesPerMinute: LimitRule;
  /** The same over an hour: the per-minute pace kept up would be 1,800 an hour. */
  messagesPerHour: LimitRule;
  /**
   * Files uploaded by any upload call (application documents and photos, contracts and reports,
   * organisation documents, message attachments, facility photos): counted one by one, each
   * before it is stored.
   */
  uploadFilesPerHour: LimitRule;
  /**
   * Bytes uploaded by those calls: an upload's size is known only once it is stored, so it is
   * counted after the call succeeded, and the call that crosses the quota passes; the next one
   * (its first file) is refused until enough of the day's bytes have left the window.
   */
  uploadBytesPerDay: LimitRule;
  /** New applications: a draft made by `application/draft/upsert` or one published at once by `application/create`, both without an id. */
  newApplicationsPerDay: LimitRule;
}

export const defaultFloodLimits: FloodLimits = {
  messagesPerMinute: { max: 30, windowSeconds: 60 },
  messagesPerHour: { max: 500, windowSeconds: 3600 },
  uploadFilesPerHour: { max: 60, windowSeconds: 3600 },
  uploadBytesPerDay: { max: 1024 ** 3, windowSeconds: 24 * 3600 },
  newApplicationsPerDay: { max: 50, windowSeconds: 24 * 3600 },
};

/** The flood limits with every `max` multiplied by `scale` (FLOOD_LIMITS_SCALE). */
export function scaledFloodLimits(scale: number): FloodLimits {
  const scaled = Object.entries(defaultFloodLimits).map(([name, rule]) => [name, { ...rule, max: rule.max * scale }]);
  return Object.fromEntries(scaled) as unknown as FloodLimits;
}

export interface AuthLimits extends FloodLimits {
  /** SMS sends to one phone: registration, recovery, a phone change. */
  smsPerPhone: LimitRule;
  /**
   * Employee invites sent to one phone, by any organisation: a bucket of its own, so that a
   * director inviting a phone again and again cannot lock its owner out of registration or
   * password recovery (the organisation's own daily cap is in the invites service).
   */
  smsInvitePerPhone: LimitRule;
  /**
   * Codes a logged-in party asks for his own phone to sign a deal's documents or cancel it: one
   * deal with a revision takes five or more, so they have a bucket of their own (and no IP's).
   * A business customer or a crew signs a contract and a report per deal: 60 an hour is a working
   * day's batch of about 30 deals, where 20 stopped signing after 10.
   */
  smsDealPerPhone: LimitRule;
  /** SMS sends requested from one IP. */
  smsPerIp: LimitRule;
  /** SMS sends of the whole installation: caps the bill if someone scripts around the others. */
  smsGlobal: LimitRule;
  /** Failed logins (and wrong current passwords) per phone and IP. */
  loginFailures: LimitRule;
  /** Failed logins from one IP across all phones: stops password spraying over many accounts. */
  loginFailuresPerIp: LimitRule;
  /**
   * Failed logins to one phone from every IP: guesses spread over many addresses end here too. The
   * owner who is shut out by someone else's guesses lets himself in by password recovery, which
   * forgets this count.
   */
  loginFailuresPerPhone: LimitRule;
}

export const defaultAuthLimits: AuthLimits = {
  smsPerPhone: { max: 5, windowSeconds: 3600 },
  smsInvitePerPhone: { max: 5, windowSeconds: 3600 },
  smsDealPerPhone: { max: 60, windowSeconds: 3600 },
  smsPerIp: { max: 20, windowSeconds: 3600 },
  smsGlobal: { max: 60, windowSeconds: 60 },
  loginFailures: { max: 10, windowSeconds: 900 },
  loginFailuresPerIp: { max: 30, windowSeconds: 900 },
  loginFailuresPerPhone: { max: 50, windowSeconds: 3600 },
  ...defaultFloodLimits,
};

/** Fixed by ARCHITECTURE §3 and spec §9. */
export const AUTH_TIMES = {
  accessTokenSeconds: 3600,
  refreshTokenSeconds: 30 * 24 * 3600,
  /**
   * How long after a renewal the same renewal may be sent again (its `Idempotency-Key` and old
   * token) when its answer was lost: the client sends it on its next call, which may wait for
   * the user to come back to the tab; as long as an access token lives.
   */
  renewRetrySeconds: 3600,
  codeSeconds: SMS_CODE_LIFETIME_SECONDS,
  codeResendSeconds: 60,
  codeMaxAttempts: 5,
  /** How long a phone confirmed by code stays good for `register`. */
  phoneVerificationSeconds: 1800,
} as const;

/** What buildApp may inject into the accounts module (tests: small limits, a counting provider). */
export interface AuthModuleOptions {
  limits?: Partial<AuthLimits>;
  smsProvider?: SmsProvider;
}
