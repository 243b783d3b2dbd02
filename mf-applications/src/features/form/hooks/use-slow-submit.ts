import { useEffect, useState } from 'react';

/** How long a submit waits before it says it is still going (as a message's send does). */
export const SLOW_SUBMIT_MS = 3000;
/** One text for every submit of the form (publish, save the changes, publish again). */
export const SLOW_SUBMIT_TEXT = 'Сервер отвечает дольше обычного, ждём ответа…';

/**
 * Whether a submit has been waiting longer than SLOW_SUBMIT_MS. A write is never given up on (a
 * request sent may still be done there), so a hanging server showed only the busy button.
 */
export function useSlowSubmit(submitting: boolean): boolean {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!submitting) return;
    const timer = setTimeout(() => setSlow(true), SLOW_SUBMIT_MS);
    return () => {
      clearTimeout(timer);
      setSlow(false);
    };
  }, [submitting]);
  return slow;
}
