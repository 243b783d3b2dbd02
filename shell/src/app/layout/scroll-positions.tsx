import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router-dom';

/** Where each history entry (react-router's `location.key`) was scrolled to, kept for a reload. */
export const SCROLL_STORAGE_KEY = 'scroll-positions';
const MAX_KEPT = 100;

const positions = new Map<string, number>();

function readStored(): void {
  try {
    const stored: unknown = JSON.parse(window.sessionStorage.getItem(SCROLL_STORAGE_KEY) ?? '{}');
    if (stored && typeof stored === 'object') {
      for (const [key, y] of Object.entries(stored)) if (typeof y === 'number') positions.set(key, y);
    }
  } catch {
    // A storage the browser refuses, or a value that is not ours: start without.
  }
}

function store(): void {
  try {
    window.sessionStorage.setItem(SCROLL_STORAGE_KEY, JSON.stringify(Object.fromEntries([...positions].slice(-MAX_KEPT))));
  } catch {
    // Full or refused: the positions of this document's life are still kept in memory.
  }
}

/** What the visitor does that says it has taken the scroll into its own hands. */
const INPUTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
const RESTORE_WAIT_MS = 10_000;

/** How this document was reached: a reload, Back or Forward from another document, or anything else. */
function documentNavigationType(): string | undefined {
  return (performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined)?.type;
}

/**
 * After a reload, or Back to this document from another, the browser restores the scroll while the
 * document loads. A page the browser renders itself (spec §2's client-only pages) is not there yet,
 * so it came back clamped, to the top. This scrolls to `y` once the page has grown tall enough,
 * unless the visitor scrolls, taps or types first, or the page never grows (10 s). Returns a stop.
 */
function restoreWhenTallEnough(y: number): () => void {
  let observer: ResizeObserver | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    observer?.disconnect();
    observer = null;
    clearTimeout(timer);
    for (const type of INPUTS) window.removeEventListener(type, stop);
  };
  const attempt = () => {
    if (document.documentElement.scrollHeight - window.innerHeight < y) return false;
    window.scrollTo(0, y);
    stop();
    return true;
  };
  if (attempt() || typeof ResizeObserver === 'undefined') return stop;
  observer = new ResizeObserver(() => void attempt());
  observer.observe(document.body);
  timer = setTimeout(stop, RESTORE_WAIT_MS);
  for (const type of INPUTS) window.addEventListener(type, stop, { passive: true });
  return stop;
}

/** The part of the page a same-page link (`href="#…"`, a table of contents') leads to, if it is there. */
function partLinkedBy(event: MouseEvent): { link: HTMLAnchorElement; id: string } | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('main a[href^="#"]') : null;
  if (!link || (link.target && link.target !== '_self')) return null;
  const id = decodeURIComponent(link.getAttribute('href')!.slice(1));
  return id && document.getElementById(id) ? { link, id } : null;
}

/** Gives the part `hash` names the focus, as the browser's own jump does for a keyboard; `scroll`: shows it too. */
function showPart(hash: string, scroll = true): void {
  const part = document.getElementById(decodeURIComponent(hash.slice(1)));
  if (!part) return;
  if (scroll) part.scrollIntoView?.();
  if (!part.matches('a[href], button, input, select, textarea, [tabindex]')) part.setAttribute('tabindex', '-1');
  part.focus({ preventScroll: true });
}

/**
 * The window's scroll across the app's own history entries. A new page starts at its top, as a
 * page the browser loads does (without this the window kept the last page's scroll); a change of
 * the query alone (a filter, a page of results) is the same page and keeps its place. Back and
 * Forward put the page where the visitor left it.
 *
 * The browser cannot do that last one itself: it restores the scroll as soon as the address
 * changes, while the old page is still shown and the next one is still loading (a remote's route
 * and code), so a long list came back clamped to the length of the page it left. So the app's
 * entries restore by hand (`history.scrollRestoration = 'manual'`), from the position each entry
 * had when the visitor scrolled last, once the page has rendered. When the document is left
 * (`pagehide`) the current entry goes back to the browser's own restoring, so a reload or a return
 * from another site lands where it was; the other entries' positions wait in sessionStorage. A page
 * that is not there yet when the browser restores (a client-only one) is scrolled there once it is
 * (restoreWhenTallEnough).
 *
 * A link to a part of the page in the page's main part (a table of contents) is followed by the
 * router, not by the browser: the browser's own jump made an entry the router does not know, whose
 * scroll was taken for the page's, so Back left the page at the part. Its entry now has a key of
 * its own; the part is shown and focused as the browser would.
 */
export function ScrollPositions() {
  const location = useLocation();
  const type = useNavigationType();
  const navigate = useNavigate();
  const shown = useRef(location);
  const currentKey = useRef(location.key);
  // A restore after a reload still waiting for its page (restoreWhenTallEnough): another page ends it.
  const stopRestoring = useRef<() => void>(() => undefined);
  // Where the focus was when each entry was left for another part of the same page.
  const [focusLeft] = useState(() => new Map<string, HTMLElement>());

  useEffect(() => {
    readStored();
    // Where this entry was when the document was left (a reload, a return from another site).
    const left = positions.get(currentKey.current);
    const returned = ['reload', 'back_forward'].includes(documentNavigationType() ?? '');
    if (returned && left !== undefined && window.scrollY < left - 1) stopRestoring.current = restoreWhenTallEnough(left);
    const manual = () => {
      window.history.scrollRestoration = 'manual';
    };
    const leave = () => {
      store();
      window.history.scrollRestoration = 'auto';
    };
    // The key is read as the event comes: a scroll the next page causes counts for it, not the last.
    const save = () => positions.set(currentKey.current, window.scrollY);
    // A server-rendered page may have been scrolled before it hydrated, with no scroll since.
    save();
    manual();
    window.addEventListener('scroll', save, { passive: true });
    window.addEventListener('pagehide', leave);
    window.addEventListener('pageshow', manual);
    return () => {
      stopRestoring.current();
      window.removeEventListener('scroll', save);
      window.removeEventListener('pagehide', leave);
      window.removeEventListener('pageshow', manual);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useEffect(() => {
    const follow = (event: MouseEvent) => {
      const linked = partLinkedBy(event);
      if (!linked) return;
      event.preventDefault();
      void navigate({ pathname: shown.current.pathname, search: shown.current.search, hash: `#${linked.id}` });
    };
    document.addEventListener('click', follow);
    return () => document.removeEventListener('click', follow);
  }, [navigate]);

  useLayoutEffect(() => {
    const before = shown.current;
    if (before.key === location.key) return;
    stopRestoring.current();
    shown.current = location;
    currentKey.current = location.key;
    const saved = type === 'POP' ? positions.get(location.key) : undefined;
    const samePage = before.pathname === location.pathname && before.search === location.search && before.hash !== location.hash;
    // Moving between the parts of one page, the focus goes with the place: Back to where the
    // visitor left (the table of contents' link), Forward to the part again.
    if (samePage && document.activeElement instanceof HTMLElement && document.activeElement !== document.body) {
      focusLeft.set(before.key, document.activeElement);
    }
    if (saved !== undefined) window.scrollTo(0, saved);
    else if (before.pathname !== location.pathname) window.scrollTo(0, 0);
    else if (type === 'PUSH' && location.hash && location.hash !== before.hash) showPart(location.hash);
    if (samePage && type === 'POP') {
      const left = focusLeft.get(location.key);
      if (left?.isConnected) left.focus({ preventScroll: true });
      else if (location.hash) showPart(location.hash, saved === undefined);
    }
  }, [location, type]);
  return null;
}
