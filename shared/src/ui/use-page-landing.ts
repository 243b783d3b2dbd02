import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { focusables } from './dialog';
import { focusLost } from './focus-fallback';

/** What a paged list shows now: the page of its data, and whether a fetch is still under way. */
export interface ShownPage {
  page: number | undefined;
  fetching: boolean;
  failed: boolean;
}

/**
 * Where a visitor lands after picking another page of a list. The pagination sits under the list,
 * and the page it chose starts above: without this the window stayed at the bottom, and the focus
 * fell to <body> — the skeleton shown while the page loads takes the pagination away, and «Вперёд»
 * turns into plain text on the last page — so a keyboard or screen-reader user started again at the
 * top of the document, filters and all.
 *
 * Returns the function the pagination calls with the page chosen. Once that page is shown (or its
 * fetch failed), the list's top is scrolled into view if it is above the window, and a focus that
 * was lost or is still in the pagination goes to the first control of the results: the first item's
 * link, the empty state's or the error's action. A focus the visitor has put elsewhere meanwhile is
 * left where it is; a page reached otherwise (Back, a filter) moves nothing.
 */
export function usePageLanding(container: RefObject<HTMLElement | null>, shown: ShownPage): (page: number) => void {
  const chosen = useRef<number | null>(null);
  const { page, fetching, failed } = shown;

  useEffect(() => {
    const target = chosen.current;
    if (target === null || fetching) return;
    chosen.current = null;
    const root = container.current;
    if (!root || (page !== target && !failed)) return;
    if (root.getBoundingClientRect().top < 0) root.scrollIntoView({ block: 'start' });
    const active = document.activeElement;
    if (!focusLost() && !active?.closest('.ui-pagination')) return;
    focusables(root)
      .find((control) => !control.closest('.ui-pagination'))
      ?.focus({ preventScroll: true });
  }, [container, page, fetching, failed]);

  return useCallback((target: number) => {
    chosen.current = target;
  }, []);
}
