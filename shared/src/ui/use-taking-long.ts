import { useEffect, useState } from 'react';

/**
 * How long a write waits before the page says it is still going (a form's submit, a message's
 * send): the client sets no time limit on a write (a request sent may still be done there), so a
 * hanging server showed only a busy button.
 */
export const SLOW_ANSWER_MS = 3000;
/** What a form or a dialog says once its write has waited SLOW_ANSWER_MS. */
export const SLOW_ANSWER_TEXT = 'Сервер отвечает дольше обычного, ждём ответа…';

/**
 * Whether the wait in progress has lasted `ms`: the one clock behind each «still waiting» notice
 * (each caller says it in its own words). `wait` is what is awaited — `true`, or the request itself
 * — and falsy when nothing is; a new value is a new wait, whose clock starts again (a queued
 * message after a slow one is not slow from its start).
 */
export function useTakingLong(wait: unknown, ms: number = SLOW_ANSWER_MS): boolean {
  const [longWait, setLongWait] = useState<unknown>(null);
  useEffect(() => {
    if (!wait) return;
    const timer = setTimeout(() => setLongWait(() => wait), ms);
    return () => {
      clearTimeout(timer);
      setLongWait(null);
    };
  }, [wait, ms]);
  // Compared, not kept: the render that ends the wait or starts another does not say it still.
  return Boolean(wait) && Object.is(longWait, wait);
}
