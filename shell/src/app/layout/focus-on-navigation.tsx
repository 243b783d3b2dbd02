import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { ANNOUNCEMENT_KEPT_MS, focusLost, focusPageStart } from 'shared';

/** How long a new page may take to show its heading (a remote's code, then its data). */
export const HEADING_WAIT_MS = 10_000;
/** What the visitor does that says he goes on from where he is. */
const INPUTS = ['keydown', 'pointerdown'] as const;
/** The history entries whose followed link is remembered (Back to them finds it again). */
const MAX_KEPT = 100;

/** A followed link: its address, and which of the page's links to that address it was. */
interface FollowedLink {
  href: string;
  index: number;
}

/** The links in the page's main part whose `href` attribute is `href`, in document order. */
const linksTo = (href: string) => [...document.querySelectorAll<HTMLElement>('main a[href]')].filter((link) => link.getAttribute('href') === href);

/**
 * The link followed, found again: the same one of the links to its address (a catalogue's card
 * title and its entry in the list under the map lead to the same page: the one used, not the first,
 * QA K-2). One gone since (a map popup's, closed) leaves the one after it in its place, or the last.
 */
function linkTo({ href, index }: FollowedLink): HTMLElement | undefined {
  const links = linksTo(href);
  return links[Math.min(index, links.length - 1)];
}

function followedLink(link: Element | null): FollowedLink | null {
  const href = link?.getAttribute('href');
  if (!link || href == null) return null;
  return { href, index: Math.max(0, linksTo(href).indexOf(link as HTMLElement)) };
}

/**
 * A link inside the page (a card's title, «Вернуться к списку…») goes away with the page it leads
 * from, and the browser drops its focus to <body>: a screen reader said nothing of the new page,
 * and Tab started again at the top of the document. After a change of the path, a focus so lost
 * goes to the new page's heading (focusPageStart) once it is there — after the remote's code and,
 * for a detail page, its data. Back (or Forward) to a page left by such a link puts the focus on
 * that link again once the page shows it, so a keyboard user goes on down the list where he was
 * (the window's scroll is ScrollPositions' business); the heading if it is not there in time.
 *
 * A followed link that stays (one component draws both paths, as a catalogue's list and its
 * search) counts as gone: the page changed under it. Anything else keeps the focus where it is: a
 * focus a page or a dialog placed itself (they run
 * first), a link in the header that stays, a change of the query alone (a filter, a page of
 * results: those lists land on their own, usePageLanding), and a visitor who pressed a key or the
 * pointer while the page was loading. A link of the header or the footer that keeps the focus says
 * the new page instead, once its heading is there («Открыта страница «Гарантии»»): nothing else
 * would tell a screen reader that the page changed.
 */
export function FocusOnNavigation() {
  const location = useLocation();
  const type = useNavigationType();
  const shown = useRef(location);
  // The last link in the main part that had the focus, and for each entry the link it was left by.
  const lastLink = useRef<FollowedLink | null>(null);
  const leftBy = useRef(new Map<string, FollowedLink>());
  const [said, setSaid] = useState('');

  useEffect(() => {
    if (!said) return;
    const timer = setTimeout(() => setSaid(''), ANNOUNCEMENT_KEPT_MS);
    return () => clearTimeout(timer);
  }, [said]);

  useEffect(() => {
    const remember = (event: FocusEvent) => {
      lastLink.current = followedLink(event.target instanceof Element ? event.target.closest('main a[href]') : null);
    };
    document.addEventListener('focusin', remember);
    return () => document.removeEventListener('focusin', remember);
  }, []);

  useEffect(() => {
    const before = shown.current;
    if (before.pathname === location.pathname) {
      shown.current = location;
      return;
    }
    shown.current = location;
    // A link followed to another path that is still there (one component draws both, as the
    // catalogue's list and its search): the page changed under it all the same.
    const active = document.activeElement;
    const followed = active instanceof HTMLElement && lastLink.current !== null && active.matches('main a[href]') && active.getAttribute('href') === lastLink.current.href ? active : null;
    // Whether the focus is somewhere a page, a dialog or the visitor put it.
    const placed = () => !focusLost() && document.activeElement !== followed;
    // The header's or the footer's link that was followed and stays, with the focus.
    const kept = !followed && active instanceof HTMLElement && !focusLost() && active.matches('header a[href], footer a[href]') ? active : null;
    if (!placed() && lastLink.current) {
      leftBy.current.delete(before.key);
      leftBy.current.set(before.key, lastLink.current);
      if (leftBy.current.size > MAX_KEPT) leftBy.current.delete(leftBy.current.keys().next().value!);
    }
    lastLink.current = null;
    const back = type === 'POP' ? leftBy.current.get(location.key) : undefined;

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
    // Done when the focus is somewhere, or once it has been put where it belongs.
    const attempt = () => {
      // (Moved since, it is as any other focus: a dialog's or the visitor's kept, a lost one — the
      // menu's link hidden as the menu closes — taken to the heading.)
      if (kept && document.activeElement === kept) {
        const heading = document.querySelector<HTMLElement>('main h1');
        if (!heading) return;
        stop();
        return setSaid(`Открыта страница «${heading.textContent?.trim() ?? ''}»`);
      }
      if (placed()) return stop();
      const target = back ? linkTo(back) : document.querySelector<HTMLElement>('main h1');
      if (!target) return;
      stop();
      if (back) target.focus({ preventScroll: true });
      else focusPageStart(document, { keepScroll: true });
    };
    for (const type of INPUTS) window.addEventListener(type, stop, true);
    // After the new page's own effects, which may place the focus themselves.
    timer = setTimeout(() => {
      attempt();
      if (done) return;
      observer = new MutationObserver(attempt);
      observer.observe(document.querySelector('main') ?? document.body, { childList: true, subtree: true });
      timer = setTimeout(() => {
        stop();
        // The link is no longer on its page (the list changed meanwhile): its heading, then.
        if (back && !placed()) focusPageStart(document, { keepScroll: true });
      }, HEADING_WAIT_MS);
    }, 0);
    setSaid('');
    return stop;
  }, [location, type]);

  // A live region of its own, there before its words; not a `status` (the guard's notice is the page's one).
  return (
    <p className="ui-visually-hidden" aria-live="polite" aria-atomic="true" data-page-announcer="">
      {said}
    </p>
  );
}
