import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { WidgetBoundary } from './widget-boundary';

type Props = {
  /** Named in the console when the load fails. */
  name: string;
  /**
   * Fetches the widget's code: a remote's module through Module Federation, or a chunk of the
   * shell's own. Null: nothing serves the widget here, the placeholder stays. A stable function
   * (module level): a new one while loading would start the load again.
   */
  load: () => Promise<ComponentType | null>;
  /** Stands in while it loads (the same size, so nothing moves). */
  placeholder: ReactNode;
  /** Shown when it cannot be loaded or fails while rendering; a new `retryKey` (the path) tries again. */
  fallback: ReactNode;
  retryKey?: string;
};

type Loaded = { Component: ComponentType | null } | { failedAt: string | undefined };

/**
 * A header widget whose code is loaded at run time (mf-messaging's unread badge, the shell's own
 * account widgets). A failed load is kept in state, never thrown: the header stays, no unhandled
 * rejection reaches the chunk-error reload, and the next navigation tries once more. A widget that
 * throws while rendering shows the same fallback (its own boundary, reset by the same key).
 */
export function WidgetSlot({ name, load, placeholder, fallback, retryKey }: Props) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const needsLoad = loaded === null || ('failedAt' in loaded && loaded.failedAt !== retryKey);
  useEffect(() => {
    if (!needsLoad) return;
    let live = true;
    load().then(
      (Component) => live && setLoaded({ Component }),
      (error: unknown) => {
        if (!live) return;
        console.error(`[header: ${name}]`, error);
        setLoaded({ failedAt: retryKey });
      },
    );
    return () => {
      live = false;
    };
  }, [needsLoad, retryKey, name, load]);
  if (loaded && 'failedAt' in loaded) return fallback;
  const Component = loaded?.Component;
  if (!Component) return placeholder;
  return (
    <WidgetBoundary name={name} resetKey={retryKey} fallback={fallback}>
      <Component />
    </WidgetBoundary>
  );
}
