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
