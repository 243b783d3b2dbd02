import { isApiError } from '../api/api-error';
import { SMS_CODE_LIFETIME_SECONDS } from '../contract/auth';
import { SMS_RESEND_DELAY_SECONDS } from '../session/sms-countdown';

/** What a form knows of the SMS code it is waiting for. */
export interface SentCode {
  /** Unix seconds when the code was sent, for the countdown cookie (spec §9). */
  codeReceived: number;
  /**
   * Unix seconds, by this browser's clock, when the code stops being usable (ARCHITECTURE §3: 10
   * minutes): counted from when the answer came, so a clock that is off does not end it early.
   */
  expires: number;
  /** Sent before this «Получить код» (from another device or tab, before a reload): «Код уже отправлен». */
  earlier: boolean;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The code the send just answered. */
export function sentNow(codeReceived: number): SentCode {
  return { codeReceived, expires: nowSeconds() + SMS_CODE_LIFETIME_SECONDS, earlier: false };
}

/**
 * A send refused as too soon (429 `code_resend_too_soon` with `Retry-After`): a code went to this
 * phone for this purpose less than a minute ago (from another device or tab, or before a reload),
 * and it may be the one in the user's hands. Answers that code, dated by the server's wait; null
 * for any other failure (the SMS limits' 429 `sms_rate_limited` sent nothing: there is no code to
 * enter). The login and recovery dialogs and the cabinet's change of phone read it alike.
 */
export function sentEarlier(error: unknown): SentCode | null {
  if (!isApiError(error) || error.status !== 429 || error.code !== 'code_resend_too_soon' || !error.retryAfter) return null;
  const received = nowSeconds() - SMS_RESEND_DELAY_SECONDS + Math.min(error.retryAfter, SMS_RESEND_DELAY_SECONDS);
  return { codeReceived: received, expires: received + SMS_CODE_LIFETIME_SECONDS, earlier: true };
}
