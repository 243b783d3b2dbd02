import { useEffect, useRef } from 'react';
import { NETWORK_ERROR_MESSAGE, TIMEOUT_MESSAGE } from '../api/api-error';
import { useBusEvent } from '../bus/use-bus-event';

/** The texts that say the server was not reached: out of date once the connection is back. */
const UNREACHED: readonly string[] = [NETWORK_ERROR_MESSAGE, TIMEOUT_MESSAGE];

/** Whether `message` says the server was not reached («Сервер недоступен…», «Сервер не отвечает…»). */
export const saysUnreached = (message: string | undefined): boolean => message !== undefined && UNREACHED.includes(message);

/**
 * Calls `onBack` when the connection comes back (the socket reconnected, the browser online again)
 * while `active`: a «Сервер недоступен» that describes the past goes then, not at the next press
 * (a form's alert, QA RR-3; the messenger's composer, QA UU-3).
 */
export function useConnectionBack(active: boolean, onBack: () => void): void {
  const back = useRef(onBack);
  useEffect(() => {
    back.current = onBack;
  });
  useBusEvent('socket:status', ({ connected }) => {
    if (connected && active) back.current();
  });
  useEffect(() => {
    if (!active) return undefined;
    const online = () => back.current();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [active]);
}
