import { useEffect, useRef } from 'react';

export interface FlushOnLeave {
  /** Edits no save has taken yet (or a save that failed). */
  hasUnsaved(): boolean;
  /** The last save failed: leaving now would lose edits the visitor was told were not saved. */
  couldNotSave(): boolean;
  /** Saves at once, in a request that outlives the page. */
  flush(): void;
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
    const flushIfUnsaved = () => {
      if (latest.current.hasUnsaved()) latest.current.flush();
    };
    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden') flushIfUnsaved();
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!latest.current.couldNotSave()) return;
      event.preventDefault();
      // Older browsers show the prompt only for a returnValue.
      event.returnValue = '';
    };
    window.addEventListener('pagehide', flushIfUnsaved);
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      window.removeEventListener('pagehide', flushIfUnsaved);
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('visibilitychange', onVisibilityChange);
      flushIfUnsaved();
    };
  }, []);
}
