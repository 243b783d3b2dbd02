import { useCallback, useEffect, useRef, type MouseEvent } from 'react';
import { useBlocker, type Blocker, type BlockerFunction } from 'react-router-dom';
import { useSessionStore } from 'shared';
import { ConfirmDialog } from './form-dialog';

export interface UnsavedChangesGuard {
  blocker: Blocker;
  /** The form leaves on purpose (it is being saved or deleted): no question until `resume`. */
  release(): void;
  /** The save or delete failed: the form stays and its edits are guarded again. */
  resume(): void;
  /** Runs a save that leads on to another page when it succeeds: released while it runs, guarded again after. */
  releaseDuring<T>(run: () => Promise<T>): Promise<T>;
  /**
   * A link's `onClick` for leaving without the edits on purpose (the form's «Отмена»): releases for a
   * click the router follows in this tab, not for one that opens a new tab or window.
   */
  releaseOnFollow(event: MouseEvent): void;
}

/**
 * Edits only a form's submit saves (an application changed after publication, a facility) are not
 * dropped without a question: leaving for another page of the app asks «Уйти без
 * сохранения?» (`LeaveUnsavedDialog`), and the browser's own leaving (a reload, closing the tab) gets
 * its prompt. A change of the address's search or hash (a dialog opened over the page) is no leaving,
 * and a session that has ended (a logout, here or in another tab) leaves without asking: its edits
 * could no longer be saved.
 */
export function useUnsavedChangesGuard(unsaved: boolean): UnsavedChangesGuard {
  const guarded = useRef(unsaved);
  guarded.current = unsaved;
  const released = useRef(false);
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      guarded.current && !released.current && useSessionStore.getState().isAuthenticated() && currentLocation.pathname !== nextLocation.pathname,
    [],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!guarded.current || released.current) return;
      event.preventDefault();
      // Older browsers show the prompt only for a returnValue.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  const release = useCallback(() => {
    released.current = true;
  }, []);
  const resume = useCallback(() => {
    released.current = false;
  }, []);
  const releaseDuring = useCallback(async <T,>(run: () => Promise<T>): Promise<T> => {
    release();
    try {
      return await run();
    } finally {
      resume();
    }
  }, [release, resume]);
  const releaseOnFollow = useCallback(
    (event: MouseEvent) => {
      if (event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey) release();
    },
    [release],
  );
  return { blocker, release, resume, releaseDuring, releaseOnFollow };
}

export interface LeaveUnsavedDialogProps {
  blocker: Blocker;
  /** What is lost, e.g. «Изменения заявки не сохранены и пропадут, если уйти со страницы.» */
  description: string;
}

/** The question of a blocked leaving: «Отмена» (the focus) stays with the edits, the other button leaves without them. */
export function LeaveUnsavedDialog({ blocker, description }: LeaveUnsavedDialogProps) {
  if (blocker.state !== 'blocked') return null;
  return (
    <ConfirmDialog
      title="Уйти без сохранения?"
      description={description}
      confirmLabel="Уйти без сохранения"
      danger
      pending={false}
      onConfirm={() => blocker.proceed()}
      onClose={() => blocker.reset()}
    />
  );
}
