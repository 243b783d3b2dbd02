import { useEffect, useRef, useState, type RefObject } from 'react';
import { focusLost } from 'shared';

/** Whether the browser shows the focus ring (a keyboard's focus), where it can say; else yes. */
function focusVisible(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true;
  }
}

/** Scrolls the focused element just into view, no further than needed (the reader's place stays). */
function reveal(element: HTMLElement): void {
  element.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
}

/**
 * The keyboard's place after a «show more» button (older messages, more conversations). While a
 * page loads the button keeps the focus (a loading Button stays focusable, aria-busy), and keeps
 * it after while there are more pages; what the page added before it (older messages above it in
 * a log kept in place) may have carried it off screen, so a keyboard's focus on it is scrolled
 * back just into view. After the last page the button is gone, and the focus with it (to
 * <body>): it goes to the first item just added, the next one to read, else to `fallback`, and is
 * brought just into view; unless the reader has moved elsewhere meanwhile.
 */
export function useMoreFocus(fallback: RefObject<HTMLElement | null>, items: readonly { id: number }[], onMore: () => Promise<unknown>) {
  const moreBox = useRef<HTMLDivElement>(null);
  const nodes = useRef(new Map<number, HTMLElement>());
  // The ids shown when the page was asked for, set once it is in: the focus moves in the render after.
  const [loaded, setLoaded] = useState<ReadonlySet<number> | null>(null);

  useEffect(() => {
    if (!loaded) return;
    setLoaded(null);
    const box = moreBox.current;
    if (box) {
      const active = document.activeElement;
      if (active instanceof HTMLElement && box.contains(active) && focusVisible(active)) reveal(active);
      return;
    }
    if (!focusLost()) return;
    const added = items.find((item) => !loaded.has(item.id));
    const target = added ? nodes.current.get(added.id) : fallback.current;
    if (!target) return;
    target.focus({ preventScroll: true });
    reveal(target);
  }, [loaded, items, fallback]);

  const more = async () => {
    const shown = new Set(items.map((item) => item.id));
    await onMore();
    setLoaded(shown);
  };
  const itemRef = (id: number) => (node: HTMLElement | null) => {
    if (node) nodes.current.set(id, node);
    else nodes.current.delete(id);
  };
  /** An item's element, while it is shown. */
  const itemNode = (id: number) => nodes.current.get(id);
  return { moreBox, more, itemRef, itemNode };
}
