import { useCallback, useEffect, useLayoutEffect, useRef, type MouseEvent, type RefObject } from 'react';
import { focusables } from './dialog';
import { focusLost } from './focus-fallback';

/** What a paged list shows now: its data (a new object for each answer), and whether a fetch is under way or failed. */
export interface ShownResults {
  data: unknown;
  fetching: boolean;
  failed: boolean;
  /**
   * The history entry the list's view was reached by, when Back or Forward reached it (the router's
   * `location.key` for a POP navigation), else null: a new entry there is other results of the
   * list reached by history (another page, the filters before), landed on as below.
   */
  returnedTo?: string | null;
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
 * left where it is; results reached otherwise (the filter form) move nothing.
 *
 * Back or Forward between views of the list (`returnedTo`: page 2, then Back to page 1) took the
 * focus away with the results it was in (the first result of page 2, landed on as above) and left
 * it on <body>: a focus so lost — it was last in the list, and is now nowhere or still in the
 * pagination — lands the same way, while the window stays where the shell's ScrollPositions puts
 * it back. A focus that was elsewhere or nowhere before (the search field, the document) stays.
 *
 * Meanwhile a focus lost with the control (the skeleton took the pagination's place) waits on the
 * list's status line (its `role="status"`, else the container), which says the results are loading
 * and then how many came: never on <body>, in the same render that took the control away.
 */
export function usePageLanding(container: RefObject<HTMLElement | null>, shown: ShownResults): () => void {
  /** Results asked for: the data shown when they were, and whether the list's top is brought into view. */
  const asked = useRef<{ from: unknown; scroll: boolean } | null>(null);
  /** Where a lost focus waits for the results asked for. */
  const holder = useRef<HTMLElement | null>(null);
  const { data, fetching, failed, returnedTo = null } = shown;
  /** The history entry of the last render, and the data its commit showed. */
  const entry = useRef(returnedTo);
  const committed = useRef(data);
  /** Whether the focus was last seen inside the list (it leaves no trace when its element is removed). */
  const focusInside = useRef(false);

  useEffect(() => {
    const track = (event: FocusEvent) => {
      focusInside.current = event.target instanceof Node && Boolean(container.current?.contains(event.target));
    };
    document.addEventListener('focusin', track);
    return () => document.removeEventListener('focusin', track);
  }, [container]);

  // Back or Forward to other results of the list: asked for as a page from the pagination is, if
  // the results they replaced took the focus with them.
  useLayoutEffect(() => {
    const before = committed.current;
    committed.current = data;
    if (returnedTo === entry.current) return;
    entry.current = returnedTo;
    if (!returnedTo || data === before || !focusInside.current) return;
    if (focusLost() || document.activeElement?.closest('.ui-pagination')) asked.current = { from: before, scroll: false };
  });

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
    const { scroll } = asked.current;
    asked.current = null;
    const root = container.current;
    if (!root) return;
    if (scroll && root.getBoundingClientRect().top < 0) root.scrollIntoView({ block: 'start' });
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
    asked.current = { from: current.current, scroll: true };
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
