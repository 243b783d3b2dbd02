import { useIsMutating } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { bus } from 'shared';

/** Why a dialog closed on its own when nothing more particular is known: its action is no longer offered. */
export const ACTION_GONE_MESSAGE = 'Заявка изменилась: это действие больше недоступно';

/**
 * A dialog opened for one of the page's actions, about `subject` (which dialog of the bar, which
 * reply, which edition of a document). It is shown only while the page still offers that action,
 * as a confirmation is (drawn by its action's button, it goes with it). When a refetch takes the
 * action away (the other party's step, a colleague's), `gone` answers why (null while it stands):
 * the dialog closes, a warning toast says why, and `onGone` tidies up after it. Its opener went
 * with the action, so the focus goes where the page puts a lost one (useFocusRescue), not to the
 * body. Left open, the dialog's submit met the server's refusal, and what was typed was lost then.
 * Not while a call of the page is on its way: the page's own step, sent from this very dialog, takes
 * its action away too (its socket event may refresh the page before its answer comes), and the
 * dialog closes on that answer as it always did, without a word of «изменилась».
 */
export function useOfferedDialog<T>(gone: (subject: T) => string | null, onGone?: (subject: T) => void) {
  const [subject, setSubject] = useState<T | null>(null);
  const sending = useIsMutating() > 0;
  const reason = subject === null || sending ? null : gone(subject);
  useEffect(() => {
    if (subject === null || reason === null) return;
    onGone?.(subject);
    setSubject(null);
    bus.emit('toast:show', { type: 'warning', message: reason });
  }, [subject, reason, onGone]);
  return {
    /** What the dialog is open for; null when it is closed, or its action is gone (in the very render that finds it). */
    subject: reason === null ? subject : null,
    open: (next: T) => setSubject(next),
    close: () => setSubject(null),
  };
}
