import { SMS_CODE_LIFETIME_SECONDS } from '../contract/auth';
import { getCookie, removeCookie, setCookie } from './cookies';

/** Spec §9: the cookie lives 600 s and holds the code-received time plus 60 (Unix seconds). */
export const SMS_COUNTDOWN_COOKIE = 'sms_countdown';
export const SMS_COUNTDOWN_LIFETIME_SECONDS = 600;
export const SMS_RESEND_DELAY_SECONDS = 60;

const nowSeconds = () => Math.floor(Date.now() / 1000);

export function setSmsCountdown(codeReceived: number): void {
  setCookie(SMS_COUNTDOWN_COOKIE, String(codeReceived + SMS_RESEND_DELAY_SECONDS), SMS_COUNTDOWN_LIFETIME_SECONDS);
}

/** Seconds left before a new code may be requested; 0 when it may be requested now. */
export function getSmsCountdownSeconds(now: number = nowSeconds()): number {
  const until = Number(getCookie(SMS_COUNTDOWN_COOKIE));
  if (!Number.isFinite(until) || until <= 0) return 0;
  return Math.max(0, Math.ceil(until - now));
}

export function clearSmsCountdown(): void {
  removeCookie(SMS_COUNTDOWN_COOKIE);
}

const sentCodeKey = (purpose: string) => `sms-code-sent:${purpose}`;

/**
 * A code was sent for `purpose` (signing document X, the executor's cancel of application Y): a
 * dialog closed or a page reloaded before it was entered comes back to the code's field instead
 * of sending another (each send counts against the phone's hourly limit). Kept for the tab only
 * (sessionStorage), and only the moment: nothing secret.
 */
export function rememberSentCode(purpose: string, codeReceived: number): void {
  try {
    sessionStorage.setItem(sentCodeKey(purpose), String(codeReceived));
  } catch {
    // Without storage the dialog asks for a new code next time.
  }
}

/** Whether a code sent for `purpose` may still be entered. */
export function hasSentCode(purpose: string, now: number = nowSeconds()): boolean {
  try {
    const sent = Number(sessionStorage.getItem(sentCodeKey(purpose)));
    if (Number.isFinite(sent) && sent > 0 && now < sent + SMS_CODE_LIFETIME_SECONDS) return true;
    sessionStorage.removeItem(sentCodeKey(purpose));
  } catch {
    // As if none was sent.
  }
  return false;
}

/** The code was used (or refused for good): the next time starts with «Получить код». */
export function forgetSentCode(purpose: string): void {
  try {
    sessionStorage.removeItem(sentCodeKey(purpose));
  } catch {
    // Nothing to forget.
  }
}
