import { useCallback, useEffect, useState } from 'react';
import { getSmsCountdownSeconds, setSmsCountdown } from './sms-countdown';

const TICK_MS = 1000;

/**
 * Seconds before a new SMS code may be requested, read from the countdown cookie of spec §9,
 * so a reload or a remount picks up where the countdown was. `start(codeReceived)` stores a
 * new countdown from the server's `codeReceived`.
 */
export function useSmsCountdown() {
  const [seconds, setSeconds] = useState(() => getSmsCountdownSeconds());
  const running = seconds > 0;

  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => setSeconds(getSmsCountdownSeconds()), TICK_MS);
    return () => clearInterval(timer);
  }, [running]);

  const start = useCallback((codeReceived: number) => {
    setSmsCountdown(codeReceived);
    setSeconds(getSmsCountdownSeconds());
  }, []);

  return { seconds, start };
}
