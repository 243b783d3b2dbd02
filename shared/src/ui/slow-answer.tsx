import type { ReactNode } from 'react';
import { SLOW_ANSWER_MS, SLOW_ANSWER_TEXT, useTakingLong } from './use-taking-long';

/**
 * How long a page's read waits before its loading state says the server is slow: longer than a
 * write's SLOW_ANSWER_MS, since a page's data may well take a few seconds on a phone's network;
 * REQUEST_TIMEOUT_MS ends the wait with «Сервер не отвечает» (QA CCC-1: a grey skeleton said
 * nothing for as long as the read hung).
 */
export const SLOW_READ_MS = 8000;

/**
 * «Сервер отвечает дольше обычного, ждём ответа…» once a wait has lasted `ms`: under a dialog's
 * buttons (a write has no time limit, and on a bad network the button alone spun with no end and no
 * words, QA O-7), and under a page's loading state (`SLOW_READ_MS`). A polite live region, there
 * from the start so that what comes into it is read.
 */
export function SlowAnswer({ pending, ms = SLOW_ANSWER_MS }: { pending: boolean; ms?: number }) {
  const slow = useTakingLong(pending, ms);
  return (
    <p className={slow ? 'ui-slow-answer' : 'ui-visually-hidden'} aria-live="polite">
      {slow ? SLOW_ANSWER_TEXT : ''}
    </p>
  );
}

/**
 * A read's loading state of its own (skeletons shaped like its content, a card's, a list's, a
 * dialog's) that says after SLOW_READ_MS the server is slow, as PageSkeleton's does: every branch
 * that shows skeletons while a query's first answer is awaited wraps them in it (QA DDD-1: a page
 * with its own skeleton waited in silence until «Сервер не отвечает»).
 */
export function LoadingSkeleton({ children }: { children: ReactNode }) {
  return (
    <>
      <SlowAnswer pending ms={SLOW_READ_MS} />
      {children}
    </>
  );
}
