import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { focusLost, focusPageStart } from 'shared';

/** How long a new page may take to show its heading (a remote's code, then its data). */
export const HEADING_WAIT_MS = 10_000;
/** What the visitor does that says he goes on from where he is. */
const INPUTS = ['keydown', 'pointerdown'] as const;

/**
 * A link inside the page (a card's title, «Вернуться к списку…») goes away with the page it leads
 * from, and the browser drops its focus to <body>: a screen reader said nothing of the new page,
 * and Tab started again at the top of the document. After a change of the path, a focus so lost
 * goes to the new page's heading (focusPageStart) once it is there — after the remote's code and,
 * for a detail page, its data.
 *
 * Anything else keeps the focus where it is: a focus a page or a dialog placed itself (they run
 * first), a link in the header that stays, a change of the query alone (a filter, a page of
 * results: those lists land on their own, usePageLanding), and a visitor who pressed a key or the
 * pointer while the page was loading.
 */
export function FocusOnNavigation() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);

  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    let done = false;
    let observer: MutationObserver | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      done = true;
      observer?.disconnect();
      observer = null;
      clearTimeout(timer);
      for (const type of INPUTS) window.removeEventListener(type, stop, true);
    };
    // Done when the focus is somewhere, or once it has been put on the heading.
    const attempt = () => {
      if (focusLost() && !document.querySelector('main h1')) return;
      stop();
      if (focusLost()) focusPageStart();
    };
    for (const type of INPUTS) window.addEventListener(type, stop, true);
    // After the new page's own effects, which may place the focus themselves.
    timer = setTimeout(() => {
      attempt();
      if (done) return;
      observer = new MutationObserver(attempt);
      observer.observe(document.querySelector('main') ?? document.body, { childList: true, subtree: true });
      timer = setTimeout(stop, HEADING_WAIT_MS);
    }, 0);
    return stop;
  }, [pathname]);

  return null;
}
