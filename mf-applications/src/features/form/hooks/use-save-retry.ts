import { onlineManager } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError, useBusEvent, useMounted } from 'shared';

/**
 * Why the draft is not saved: the server was not reached or failed (`unreachable`: tried again by
 * itself), or it refused the save (`refused`: a retry would be refused alike; an edit or a press tries).
 */
export type DraftFailure = 'unreachable' | 'refused';

/** The first try by itself after a failure; each that fails too doubles the wait, up to a minute. */
export const DRAFT_RETRY_FIRST_MS = 5000;
export const DRAFT_RETRY_MAX_MS = 60_000;

export const draftFailureOf = (error: unknown): DraftFailure => (isApiError(error) && error.isClientError ? 'refused' : 'unreachable');

/**
 * Tries a save the server could not take again by itself (QA X-2): an API restart or a proxy's 502
 * fires no browser `online` event, so once the shell's socket is connected again (`socket:status`),
 * and meanwhile on a timer backing off from 5 s to a minute, for a page whose socket is not
 * connected at all. `retry` serialises its saves (the autosave's `save`). Offline the timer waits
 * for the `online` retry; nothing is tried after `stop` until the next failure, nor after unmount.
 */
export function useSaveRetry(retry: () => void) {
  const [failure, setFailure] = useState<DraftFailure | null>(null);
  const current = useRef<DraftFailure | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const tries = useRef(0);
  const mounted = useMounted();
  const retryRef = useRef(retry);
  retryRef.current = retry;

  const stop = useCallback(() => clearTimeout(timer.current), []);

  const settle = useCallback(
    (next: DraftFailure | null) => {
      current.current = next;
      if (mounted.current) setFailure(next);
    },
    [mounted],
  );

  /** A save failed; `schedule` false while saving is stopped (publishing): its retry waits for `resume`. */
  const failed = useCallback(
    (kind: DraftFailure, schedule = true) => {
      settle(kind);
      stop();
      if (kind !== 'unreachable' || !schedule || !mounted.current) return;
      const delay = Math.min(DRAFT_RETRY_FIRST_MS * 2 ** tries.current, DRAFT_RETRY_MAX_MS);
      tries.current += 1;
      timer.current = setTimeout(() => {
        if (onlineManager.isOnline()) retryRef.current();
      }, delay);
    },
    [settle, stop, mounted],
  );

  /** Nothing is left unsaved, or nothing to retry (the edits wait for another profile). */
  const clear = useCallback(() => {
    stop();
    tries.current = 0;
    settle(null);
  }, [stop, settle]);

  useBusEvent('socket:status', ({ connected }) => {
    if (!connected || current.current !== 'unreachable') return;
    stop();
    retryRef.current();
  });

  useEffect(() => stop, [stop]);

  const failing = useCallback(() => current.current, []);

  return { failure, failing, failed, clear, stop };
}
