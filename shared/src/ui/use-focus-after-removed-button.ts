import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A list whose items each have a button that removes them («×», «Убрать»): the pressed button goes
 * with its item, and the browser would drop the focus to <body>. Told `removed(index)` as an item's
 * button removes it, once the list without it is on screen (`items` changed: the items, or a key
 * of them) the focus goes to the button now in its place, else — the last one removed — to the one
 * before it, else — none left, or the list gone with them — to `onEmpty` (the control the user
 * would go on with: the field the items were chosen by, the page's search field). `list` is the
 * element holding the items' buttons (and no other).
 */
export function useFocusAfterRemovedButton<T extends HTMLElement = HTMLElement>(items: unknown, onEmpty: () => void) {
  const list = useRef<T>(null);
  /** The removed item's place, until the items without it are on screen. */
  const removedAt = useRef<number | null>(null);
  const empty = useRef(onEmpty);
  empty.current = onEmpty;
  useLayoutEffect(() => {
    const at = removedAt.current;
    if (at === null) return;
    removedAt.current = null;
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>('button') ?? [];
    const next = buttons[Math.min(at, buttons.length - 1)];
    if (next) next.focus();
    else empty.current();
  }, [items]);
  const removed = useCallback((index: number) => {
    removedAt.current = index;
  }, []);
  return { list, removed };
}
