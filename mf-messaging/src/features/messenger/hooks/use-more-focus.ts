import { useEffect, useRef, useState, type RefObject } from 'react';

/** Whether the keyboard's place is lost (on <body>) or still in `control`. */
function focusLostFrom(control: Element | null | undefined): boolean {
  const active = document.activeElement;
  return !active || active === document.body || Boolean(control?.contains(active));
}

/**
 * The keyboard's place after a «show more» button (older messages, more conversations): the
 * button is disabled while the page loads (the browser drops its focus to <body>) and is gone
 * after the last page. Once the page is in, the focus goes back to the button if it is still
 * there, else to the first item just added, the next one to read, else to `fallback`; unless the
 * reader has moved elsewhere meanwhile.
 */
export function useMoreFocus(fallback: RefObject<HTMLElement | null>, items: readonly { id: number }[], onMore: () => Promise<unknown>) {
  const moreBox = useRef<HTMLDivElement>(null);
  const nodes = useRef(new Map<number, HTMLElement>());
  // The ids shown when the page was asked for, set once it is in: the focus moves in the render after.
  const [loaded, setLoaded] = useState<ReadonlySet<number> | null>(null);

  useEffect(() => {
    if (!loaded) return;
    setLoaded(null);
    const button = moreBox.current?.querySelector('button');
    if (!focusLostFrom(button)) return;
    if (button && !button.disabled) return button.focus();
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
