import { useCallback, useEffect, useLayoutEffect, useRef, type MouseEvent, type RefObject } from 'react';
import { focusables } from './dialog';
import { focusLost } from './focus-fallback';

/** What a paged list shows now: its data (a new object for each answer), and whether a fetch is under way or failed. */
export interface ShownResults {
  data: unknown;
  fetching: boolean;
  failed: boolean;
}

/**
 * Where a visitor lands after asking a list for other results from inside it: another page in the
 * pagination, a service tag on a card, «Сбросить фильтры» or «К первой странице» in an empty state.
 * The control was at the bottom or inside the results, and what it asked for starts above: without
 * this the window stayed where it was, and the focus fell to <body> — the skeleton shown while the
 * results load takes the control away, and «Вперёд» turns into plain text on the last page — so a
 * keyboard or screen-reader user started again at the top of the document, filters and all.
 *
 * Returns the function to call as the control acts. Once new results are shown (or their fetch
 * failed), the list's top is scrolled into view if it is above the window, and a focus that was
 * lost or is still in the pagination goes to the first control of the results: the first item's
 * link, the empty state's or the error's action — or, for rows with no control, the first element
 * made focusable by script (`tabIndex={-1}`, the list). A focus the visitor has put elsewhere meanwhile is
 * left where it is; results reached otherwise (Back, the filter form) move nothing.
 *
 * Meanwhile a focus lost with the control (the skeleton took the pagination's place) waits on the
 * list's status line (its `role="status"`, else the container), which says the results are loading
 * and then how many came: never on <body>, in the same render that took the control away.
 */
export function usePageLanding(container: RefObject<HTMLElement | null>, shown: ShownResults): () => void {
  const asked = useRef<{ from: unknown } | null>(null);
  /** Where a lost focus waits for the results asked for. */
  const holder = useRef<HTMLElement | null>(null);
  const { data, fetching, failed } = shown;

  // Each render while results are asked for: before the browser paints, or a key reaches <body>.
  useLayoutEffect(() => {
    const root = container.current;
    if (!asked.current || !root || !focusLost()) return;
    const target = root.querySelector<HTMLElement>('[role="status"]') ?? root;
    if (!target.hasAttribute('tabindex')) {
      target.setAttribute('tabindex', '-1');
      // Focusable by script for the wait only: not a stop of its own for the landing after it.
      target.addEventListener('blur', () => target.removeAttribute('tabindex'), { once: true });
    }
    holder.current = target;
    target.focus({ preventScroll: true });
  });

  useEffect(() => {
    if (!asked.current || fetching || (data === asked.current.from && !failed)) return;
    asked.current = null;
    const root = container.current;
    if (!root) return;
    if (root.getBoundingClientRect().top < 0) root.scrollIntoView({ block: 'start' });
    const held = holder.current;
    holder.current = null;
    const waiting = held !== null && document.activeElement === held;
    if (!waiting && !focusLost() && !document.activeElement?.closest('.ui-pagination')) return;
    const outsidePager = (element: HTMLElement) => element !== held && !element.closest('.ui-pagination');
    // Rows with no control of their own: the list itself, given `tabIndex={-1}` and a name.
    const target = focusables(root).find(outsidePager) ?? [...root.querySelectorAll<HTMLElement>('[tabindex="-1"]')].find(outsidePager);
    target?.focus({ preventScroll: true });
  }, [container, data, fetching, failed]);

  const current = useRef(data);
  current.current = data;
  return useCallback(() => {
    asked.current = { from: current.current };
  }, []);
}

/** Whether a click on a link follows it in this tab: not a new tab or window (a modifier, the middle button). */
export function clickStaysInTab(event: MouseEvent<Element>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * For a click inside a list's results: whether it follows a link to other results of the page at
 * `here` (the router's location): the same path, another query, in this tab — not a new tab or
 * window (a modifier, the middle button), not a link to another page.
 */
export function followsToOtherResults(event: MouseEvent<HTMLElement>, here: { pathname: string; search: string }): boolean {
  if (event.defaultPrevented || !clickStaysInTab(event)) return false;
  const link = (event.target as Element).closest?.('a[href]');
  if (!link || (link.getAttribute('target') ?? '_self') !== '_self') return false;
  const base = new URL(`${here.pathname}${here.search}`, 'http://here.invalid');
  const to = new URL(link.getAttribute('href') ?? '', base);
  return to.origin === base.origin && to.pathname === base.pathname && to.search !== base.search;
}
