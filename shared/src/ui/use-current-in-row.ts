import { useEffect, useLayoutEffect, useRef, type DependencyList } from 'react';

/** Room left beside a link scrolled in from an edge: its focus ring shows whole. */
const EDGE = 16;

/** Where `item` starts in the row's scrolled content (both laid out against the same parent). */
const startIn = (row: HTMLElement, item: HTMLElement) => item.offsetLeft - row.offsetLeft;

/**
 * A row of links that scrolls sideways on a phone (the cabinet's sections, a list's status tabs):
 * after each change of `deps`, the current one (`aria-current="page"`) is scrolled into the row,
 * centred, when it is out of view — the row alone, as `scrollIntoView` would move the page too.
 * A link that takes the focus (Tab) is scrolled in whole, to the nearer edge: a browser scrolls
 * only one that is wholly out of view, and leaves a half-shown one cut with its ring.
 * Answers the ref for the row.
 */
export function useCurrentInRow<T extends HTMLElement>(deps: DependencyList) {
  const row = useRef<T>(null);
  useLayoutEffect(() => {
    const nav = row.current;
    const current = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !current) return;
    const start = startIn(nav, current);
    if (start < nav.scrollLeft || start + current.offsetWidth > nav.scrollLeft + nav.clientWidth) {
      nav.scrollLeft = Math.max(0, start - (nav.clientWidth - current.offsetWidth) / 2);
    }
    // The caller's deps are what moves the current link.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  useEffect(() => {
    const nav = row.current;
    if (!nav) return;
    const onFocus = (event: FocusEvent) => {
      const item = event.target;
      if (!(item instanceof HTMLElement) || item === nav) return;
      const start = startIn(nav, item);
      const end = start + item.offsetWidth;
      if (start < nav.scrollLeft) nav.scrollLeft = Math.max(0, start - EDGE);
      else if (end > nav.scrollLeft + nav.clientWidth) nav.scrollLeft = end - nav.clientWidth + EDGE;
    };
    nav.addEventListener('focusin', onFocus);
    return () => nav.removeEventListener('focusin', onFocus);
  }, []);
  return row;
}
