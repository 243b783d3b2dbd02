import { useEffect, useRef, useState } from 'react';
import { Button } from './button';

export interface ResendCodeProps {
  /** Seconds left (useSmsCountdown); 0 offers the button. */
  seconds: number;
  onResend: () => void;
  pending?: boolean;
}

/**
 * How long an announcement stays in the live region: long enough for a screen reader to queue it,
 * then it goes, so that reading the page does not meet it again beside the timer or the button it
 * repeats (a stale «через 60 с» beside «через 42 с»).
 */
export const ANNOUNCEMENT_KEPT_MS = 7_000;

/**
 * 'Отправить код повторно через N с' while the countdown runs, then the button. The visible
 * timer is not live (a reader would hear every second); a polite status says once when the
 * countdown starts and once when it ends, and is emptied after ANNOUNCEMENT_KEPT_MS.
 */
export function ResendCode({ seconds, onResend, pending = false }: ResendCodeProps) {
  const running = seconds > 0;
  const [announcement, setAnnouncement] = useState('');
  const wasRunning = useRef(running);

  useEffect(() => {
    if (running) setAnnouncement(`Код отправлен. Отправить код повторно можно через ${seconds} с`);
    else if (wasRunning.current) setAnnouncement('Можно отправить код повторно');
    wasRunning.current = running;
    // Only the start and the end are announced, not every tick.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [running]);

  useEffect(() => {
    if (!announcement) return;
    const timer = setTimeout(() => setAnnouncement(''), ANNOUNCEMENT_KEPT_MS);
    return () => clearTimeout(timer);
  }, [announcement]);

  return (
    <div className="ui-resend">
      {running ? (
        <p className="ui-resend__timer" role="timer">{`Отправить код повторно через ${seconds} с`}</p>
      ) : (
        <Button variant="ghost" size="sm" onClick={onResend} loading={pending}>
          Отправить код повторно
        </Button>
      )}
      <p className="ui-visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
