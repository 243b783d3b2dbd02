import { useLayoutEffect, useRef, useState } from 'react';
import { applicationStatusLabel, calendarDateIn, useBusEvent, type ApplicationLkDetail } from 'shared';

/** How long a toast's news stays the word on the next change the page shows (its refetch follows at once). */
export const TOLD_FOR_MS = 10_000;

/**
 * What the status region of the open application says: «Статус: …» when the status changes with no
 * toast telling of it (a change caught up after the socket came back, a refusal because someone
 * acted first). A change a toast tells of is said by that toast alone, with its fuller words: the
 * other party's step by its notification («Заявка № 1042: в работе» and the reason given, toasted by
 * the shell), the caller's own by its success toast. Heard once, not twice.
 *
 * A toast's news silences the next version of the detail only (its refetch), and only for a while:
 * one that changed no status (a document added) does not silence a later change.
 */
export function useStatusAnnouncement(detail: ApplicationLkDetail): string {
  const toldAt = useRef<number | null>(null);
  const shown = useRef({ id: detail.id, status: detail.status });
  const [said, setSaid] = useState('');

  // The shell sends `notification:received` before the notification's toast; no id: it may be about this one.
  useBusEvent('notification:received', ({ applicationId }) => {
    if (applicationId === detail.id || applicationId === undefined) toldAt.current = Date.now();
  });
  // The page's own call succeeded: its success toast says what was done.
  useBusEvent('toast:show', ({ type }) => {
    if (type === 'success') toldAt.current = Date.now();
  });

  // Before the browser paints: the new status and what the region says of it arrive in one commit, so
  // nothing (a screen reader, a test) sees the one without the other.
  useLayoutEffect(() => {
    const told = toldAt.current !== null && Date.now() - toldAt.current < TOLD_FOR_MS;
    toldAt.current = null;
    const before = shown.current;
    shown.current = { id: detail.id, status: detail.status };
    // Another application opened in its place is no change of status.
    if (before.id !== detail.id || before.status === detail.status) return;
    // Emptied when a toast told it: the next untold change is new words, said even if they are these again.
    setSaid(told ? '' : `Статус: ${applicationStatusLabel(detail, calendarDateIn())}`);
  }, [detail]);

  return said;
}
