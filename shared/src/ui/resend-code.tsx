import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../api/api-error';
import { Button } from './button';

export interface ResendCodeProps {
  /** Seconds left (useSmsCountdown); 0 offers the button. */
  seconds: number;
  onResend: () => void;
  pending?: boolean;
  /**
   * The code sent can no longer be used (its tries spent, or expired: `isSpentCodeError`), so a
   * new one is the only way on: the wait says so («Новый код можно запросить через N с»), and the
   * button takes the focus when it is offered, at once or when the wait ends — unless the user
   * has gone elsewhere meanwhile (a comment being written keeps its focus).
   */
  spent?: boolean;
  /**
   * The code was sent before this form asked for one (another device or tab, an earlier try), as
   * the form says beside the field («Код уже отправлен»): the start of the wait says so too.
   */
  earlier?: boolean;
}

/**
 * The API's answer to a code that can no longer be used, whatever is typed: its tries spent
 * (`code_attempts_exceeded`, the last wrong try's answer too) or expired or used (`code_expired`).
 * A new code is the only way on.
 */
export function isSpentCodeError(error: unknown): boolean {
  return isApiError(error) && error.status === 422 && (error.code === 'code_attempts_exceeded' || error.code === 'code_expired');
}

/**
 * The API's refusal of a send by its SMS limits (the phone's hourly codes, the overall rate):
 * unlike a resend asked for too soon, nothing was sent for the purpose, so there is no code to type.
 */
export function isSmsLimitRefusal(error: unknown): boolean {
  return isApiError(error) && error.status === 429 && error.code === 'sms_rate_limited';
}

/**
 * How long an announcement stays in the live region: long enough for a screen reader to queue it,
 * then it goes, so that reading the page does not meet it again beside the timer or the button it
 * repeats (a stale «через 60 с» beside «через 42 с»).
 */
export const ANNOUNCEMENT_KEPT_MS = 7_000;

/**
 * How long an announcement stays where a screen reader browsing the page meets it: long enough for
 * the accessibility API to hand it to the reader (which queues it at once), then it is hidden from
 * reading while it stays for ANNOUNCEMENT_KEPT_MS — a dialog read through met it beside the timer
 * or the button it repeats.
 */
export const ANNOUNCEMENT_HEARD_MS = 2_000;

/**
 * 'Отправить код повторно через N с' while the countdown runs, then the button. The visible
 * timer is not live (a reader would hear every second); a polite status says once when the
 * countdown starts and once when it ends, is hidden from reading after ANNOUNCEMENT_HEARD_MS
 * (browsing the dialog meets the timer or the button alone; until then the timer's words are
 * hidden, so the wait is not met twice) and emptied after ANNOUNCEMENT_KEPT_MS. It starts as the
 * form does: «Код отправлен», or «Код уже отправлен» for a code sent `earlier`. For a
 * `spent` code the wait reads 'Новый код можно запросить через N с', said once when the code
 * is spent, and the button, once offered, takes the focus.
 */
export function ResendCode({ seconds, onResend, pending = false, spent = false, earlier = false }: ResendCodeProps) {
  const running = seconds > 0;
  // Each announcement is numbered: the same words said again are another announcement.
  const [{ announcement, serial }, setSaid] = useState({ announcement: '', serial: 0 });
  const setAnnouncement = (text: string) => setSaid((said) => ({ announcement: text, serial: text ? said.serial + 1 : said.serial }));
  const wasRunning = useRef(running);
  const root = useRef<HTMLDivElement>(null);
  /** Where the focus was when the code was spent: still there when the button comes, it moves to the button. */
  const focusWhenSpent = useRef<Element | null>(null);

  useEffect(() => {
    if (running) setAnnouncement(spent ? `Новый код можно запросить через ${seconds} с` : `${earlier ? 'Код уже отправлен' : 'Код отправлен'}. Отправить код повторно можно через ${seconds} с`);
    else if (wasRunning.current) setAnnouncement('Можно отправить код повторно');
    wasRunning.current = running;
    // Only the start and the end are announced, not every tick.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [running]);

  useEffect(() => {
    if (!spent) return;
    focusWhenSpent.current = document.activeElement;
    if (running) setAnnouncement(`Новый код можно запросить через ${seconds} с`);
    // Said once, when the code is spent.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [spent]);

  useEffect(() => {
    if (!spent || running) return;
    const active = document.activeElement;
    if (active === focusWhenSpent.current || active === null || active === document.body) root.current?.querySelector('button')?.focus();
  }, [spent, running]);

  // Heard: hidden from reading (its removal is not announced), then emptied.
  const [heard, setHeard] = useState(0);
  useEffect(() => {
    if (!announcement) return;
    const hide = setTimeout(() => setHeard(serial), ANNOUNCEMENT_HEARD_MS);
    const timer = setTimeout(() => setSaid((said) => ({ ...said, announcement: '' })), ANNOUNCEMENT_KEPT_MS);
    return () => {
      clearTimeout(hide);
      clearTimeout(timer);
    };
  }, [announcement, serial]);

  // Said and still where reading meets it (ANNOUNCEMENT_HEARD_MS).
  const fresh = Boolean(announcement) && heard !== serial;

  return (
    <div className="ui-resend" ref={root}>
      {running ? (
        <p className="ui-resend__timer" role="timer">
          {/* Its words are hidden from reading while the announcement beside it can be read: the wait is met once. */}
          <span aria-hidden={fresh || undefined}>{spent ? `Новый код можно запросить через ${seconds} с` : `Отправить код повторно через ${seconds} с`}</span>
        </p>
      ) : (
        <Button variant="ghost" size="sm" onClick={onResend} loading={pending}>
          Отправить код повторно
        </Button>
      )}
      <p className="ui-visually-hidden" aria-live="polite">
        {announcement && (
          // A new announcement is a new node: added to the region, it is said.
          <span key={serial} aria-hidden={heard === serial ? true : undefined}>
            {announcement}
          </span>
        )}
      </p>
    </div>
  );
}
