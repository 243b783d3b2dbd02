import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * The keyboard's place after a «show more» button (older messages, more conversations). While a
 * page loads the button keeps the focus (a loading Button stays focusable, aria-busy), and keeps
 * it after while there are more pages. After the last page the button is gone, and the focus
 * with it (to <body>): it goes to the first item just added, the next one to read, else to
 * `fallback`; unless the reader has moved elsewhere meanwhile.
 */
export function useMoreFocus(fallback: RefObject<HTMLElement | null>, items: readonly { id: number }[], onMore: () => Promise<unknown>) {
  const moreBox = useRef<HTMLDivElement>(null);
  const nodes = useRef(new Map<number, HTMLElement>());
  // The ids shown when the page was asked for, set once it is in: the focus moves in the render after.
  const [loaded, setLoaded] = useState<ReadonlySet<number> | null>(null);

  useEffect(() => {
    if (!loaded) return;
    setLoaded(null);
    const active = document.activeElement;
    if (moreBox.current || (active && active !== document.body)) return;
    const added = items.find((item) => !loaded.has(item.id));
    (added ? nodes.current.get(added.id) : fallback.current)?.focus();
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
  return { moreBox, more, itemRef };
}
