import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import type { RemoteWidget } from '../../remotes/registry';
import { loadRemoteWidget } from '../../remotes/remote-widget';

type Props = {
  widget: RemoteWidget;
  /** Stands in while the remote loads (the same size, so nothing moves). */
  placeholder: ReactNode;
  /** Shown when the remote cannot be loaded; a new `retryKey` (the path) tries again. */
  fallback: ReactNode;
  retryKey?: string;
  /** Null: no remote serves the widget here, the placeholder stays. */
  load?: (widget: RemoteWidget) => Promise<ComponentType | null>;
};

type Loaded = { Component: ComponentType | null } | { failedAt: string | undefined };

/**
 * A remote's widget loaded through Module Federation at run time. A failed load is kept in state,
 * never thrown: the header stays, and no unhandled rejection reaches the chunk-error reload.
 */
export function RemoteWidgetSlot({ widget, placeholder, fallback, retryKey, load = loadRemoteWidget }: Props) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const needsLoad = loaded === null || ('failedAt' in loaded && loaded.failedAt !== retryKey);
  useEffect(() => {
    if (!needsLoad) return;
    let live = true;
    load(widget).then(
      (Component) => live && setLoaded({ Component }),
      (error: unknown) => {
        if (!live) return;
        console.error(`[header: ${widget.exposed}]`, error);
        setLoaded({ failedAt: retryKey });
      },
    );
    return () => {
      live = false;
    };
  }, [needsLoad, retryKey, widget, load]);
  if (loaded && 'failedAt' in loaded) return fallback;
  const Component = loaded?.Component;
  return Component ? <Component /> : placeholder;
}
