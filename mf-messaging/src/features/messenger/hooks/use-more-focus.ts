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
 * Where a page goes: after the items shown (a list read downwards, its button below them), or
 * before them (a log that grows upwards, its button above them).
 */
export type MoreAt = 'end' | 'start';

/**
 * The item just added next to where the reader was: the first one after the items shown (`end`),
 * or the newest one above them (`start`, the one right above the reader's place, not the oldest
 * at the far top).
 */
function nextToRead(items: readonly { id: number }[], shown: ReadonlySet<number>, at: MoreAt): { id: number } | undefined {
  if (at === 'end') return items.find((item) => !shown.has(item.id));
  const place = items.findIndex((item) => shown.has(item.id));
  return place > 0 ? items[place - 1] : undefined;
}

/**
 * The keyboard's place after a «show more» button (older messages, more conversations). While a
 * page loads the button keeps the focus (a loading Button stays focusable, aria-busy), and keeps
 * it after while there are more pages; what the page added before it (older messages above it in
 * a log kept in place) may have carried it off screen, so a keyboard's focus on it is scrolled
 * back just into view. After the last page the button is gone, and the focus with it (to
 * <body>): it goes to the item just added next to where the reader was (nextToRead), else to
 * `fallback`; unless the reader has moved elsewhere meanwhile. Below a list it is brought just
 * into view; above a log the reader's place stays (the log keeps its scroll anchored as the page
 * goes in above): the newly loaded history is above him, to be read upwards from there.
 */
export function useMoreFocus(fallback: RefObject<HTMLElement | null>, items: readonly { id: number }[], onMore: () => Promise<unknown>, at: MoreAt = 'end') {
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
    const added = nextToRead(items, loaded, at);
    const target = added ? nodes.current.get(added.id) : fallback.current;
    if (!target) return;
    target.focus({ preventScroll: true });
    if (at === 'end') reveal(target);
  }, [loaded, items, fallback, at]);

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
