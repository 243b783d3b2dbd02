import { SMS_CODE_LIFETIME_SECONDS } from '../contract/auth';
import { getCookie, removeCookie, setCookie } from './cookies';

/** Spec §9: the cookie lives 600 s and holds the code-received time plus 60 (Unix seconds). */
export const SMS_COUNTDOWN_COOKIE = 'sms_countdown';
export const SMS_COUNTDOWN_LIFETIME_SECONDS = 600;
export const SMS_RESEND_DELAY_SECONDS = 60;

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The tab's sessionStorage; a browser that refuses it (a sandbox, a full store) keeps and reads nothing. */
const tabStorage = {
  get(key: string): string | null {
    try {
      return sessionStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      sessionStorage.setItem(key, value);
    } catch {
      // Kept nowhere: the dialog asks for a new code next time.
    }
  },
  remove(key: string): void {
    try {
      sessionStorage.removeItem(key);
    } catch {
      // Nothing was kept.
    }
  },
};

/** This page's countdown in the device's own seconds, for the cookie's value it was started with. */
let countdownHere: { startedFor: number; until: number } | null = null;

/**
 * Starts the countdown of spec §9 (the cookie: `codeReceived` + 60). `codeReceived` is the
 * server's clock for a code just sent, or this device's for one a 429 told of (`sentEarlier`). A
 * device whose clock is minutes off counted «через 358 с», or offered a resend the server refused:
 * so the page counts in its own seconds, and a `codeReceived` outside the device's last minute is
 * the server's clock, off by the device's error, for a code just sent.
 */
export function setSmsCountdown(codeReceived: number, now: number = nowSeconds()): void {
  const until = codeReceived + SMS_RESEND_DELAY_SECONDS;
  setCookie(SMS_COUNTDOWN_COOKIE, String(until), SMS_COUNTDOWN_LIFETIME_SECONDS);
  const age = now - codeReceived;
  const here = now + SMS_RESEND_DELAY_SECONDS - (age >= 0 && age <= SMS_RESEND_DELAY_SECONDS ? age : 0);
  countdownHere = { startedFor: until, until: here };
}

/**
 * Seconds left before a new code may be requested (at most the delay); 0 when it may be requested
 * now. The page that started this very countdown counts in the device's seconds; another tab, or
 * this one after a reload (the cookie is what lasts), by the cookie.
 */
export function getSmsCountdownSeconds(now: number = nowSeconds()): number {
  const until = Number(getCookie(SMS_COUNTDOWN_COOKIE));
  if (!Number.isFinite(until) || until <= 0) return 0;
  const left = countdownHere?.startedFor === until ? countdownHere.until - now : until - now;
  return Math.min(SMS_RESEND_DELAY_SECONDS, Math.max(0, Math.ceil(left)));
}

export function clearSmsCountdown(): void {
  removeCookie(SMS_COUNTDOWN_COOKIE);
  countdownHere = null;
}

const sentCodeKey = (purpose: string) => `sms-code-sent:${purpose}`;
const spentCodeKey = (purpose: string) => `sms-code-spent:${purpose}`;

/**
 * A code was sent for `purpose` (signing document X, the executor's cancel of application Y): a
 * dialog closed or a page reloaded before it was entered comes back to the code's field instead
 * of sending another (each send counts against the phone's hourly limit). Kept for the tab only
 * (sessionStorage), and only the moment: nothing secret. A spent code before it no longer counts.
 */
export function rememberSentCode(purpose: string, codeReceived: number): void {
  tabStorage.set(sentCodeKey(purpose), String(codeReceived));
  tabStorage.remove(spentCodeKey(purpose));
}

/** Whether a code sent for `purpose` may still be entered. */
export function hasSentCode(purpose: string, now: number = nowSeconds()): boolean {
  const sent = Number(tabStorage.get(sentCodeKey(purpose)));
  if (Number.isFinite(sent) && sent > 0 && now < sent + SMS_CODE_LIFETIME_SECONDS) return true;
  tabStorage.remove(sentCodeKey(purpose));
  return false;
}

/**
 * The code was used, or refused for good (`spent`: its tries spent, expired): the next time starts
 * with «Получить код». A spent one is remembered for the tab: opened again within the resend wait,
 * the dialog's «Получить код» is refused as too soon, and that wait is for a new code, not for
 * typing the old one (`wasCodeSpent`).
 */
export function forgetSentCode(purpose: string, { spent = false }: { spent?: boolean } = {}): void {
  tabStorage.remove(sentCodeKey(purpose));
  if (spent) tabStorage.set(spentCodeKey(purpose), '1');
}

/** Whether the last code sent for `purpose` was refused for good (and no new one sent since). */
export function wasCodeSpent(purpose: string): boolean {
  return tabStorage.get(spentCodeKey(purpose)) === '1';
}
