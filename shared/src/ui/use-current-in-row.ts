import { useLayoutEffect, useRef, type DependencyList } from 'react';

/**
 * A row of links that scrolls sideways on a phone (the cabinet's sections, a list's status tabs):
 * after each change of `deps`, the current one (`aria-current="page"`) is scrolled into the row,
 * centred, when it is out of view — the row alone, as `scrollIntoView` would move the page too.
 * Answers the ref for the row.
 */
export function useCurrentInRow<T extends HTMLElement>(deps: DependencyList) {
  const row = useRef<T>(null);
  useLayoutEffect(() => {
    const nav = row.current;
    const current = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !current) return;
    const start = current.offsetLeft - nav.offsetLeft;
    if (start < nav.scrollLeft || start + current.offsetWidth > nav.scrollLeft + nav.clientWidth) {
      nav.scrollLeft = Math.max(0, start - (nav.clientWidth - current.offsetWidth) / 2);
    }
    // The caller's deps are what moves the current link.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return row;
}
