import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/**
 * A new page starts at its top, as a page the browser loads does: without this the window kept the
 * last page's scroll (a published application's list opened under its own heading). Back and
 * Forward leave it to the browser, which puts the page where it was; a change of the query alone
 * (a filter, a page of results) is the same page and keeps its place.
 */
export function ScrollToTopOnNewPage() {
  const { pathname } = useLocation();
  const type = useNavigationType();
  const shown = useRef(pathname);
  useLayoutEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (type !== 'POP') window.scrollTo(0, 0);
  }, [pathname, type]);
  return null;
}
