import { useEffect, useRef } from 'react';

/** `unmount`: a navigation inside the app; `pagehide` and `hidden`: the browser's own (a reload, another tab). */
export type LeaveReason = 'unmount' | 'pagehide' | 'hidden';

export interface FlushOnLeave {
  /** Edits no save has taken yet (or a save that failed). */
  hasUnsaved(): boolean;
  /** The last save failed: leaving now would lose edits the visitor was told were not saved. */
  couldNotSave(): boolean;
  /** Saves at once, in a request that outlives the page; `reason` says how the form is left. */
  flush(reason: LeaveReason): void;
}

/**
 * The visitor leaves within the autosave's pause (Back, a link, a reload, closing the tab): what
 * is pending is saved at once — on unmount for a navigation inside the app, on `pagehide` or the
 * page going hidden for the browser's own (a phone may never fire `pagehide` for a tab it closes).
 * The browser's «leave the page?» prompt only while edits could not be saved.
 */
export function useFlushOnLeave(handlers: FlushOnLeave): void {
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    const flushIfUnsaved = (reason: LeaveReason) => {
      if (latest.current.hasUnsaved()) latest.current.flush(reason);
    };
    const onPageHide = () => flushIfUnsaved('pagehide');
    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden') flushIfUnsaved('hidden');
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!latest.current.couldNotSave()) return;
      event.preventDefault();
      // Older browsers show the prompt only for a returnValue.
      event.returnValue = '';
    };
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('visibilitychange', onVisibilityChange);
      flushIfUnsaved('unmount');
    };
  }, []);
}
