import { useEffect, useRef, type RefObject } from 'react';
import { focusLost } from 'shared';

/** The visible h2 that names `section` (aria-labelledby), if the section is still on the page. */
function sectionHeading(section: HTMLElement | null): HTMLElement | null {
  const id = section?.isConnected ? section.getAttribute('aria-labelledby') : null;
  const heading = id ? document.getElementById(id) : null;
  // A section named for screen readers alone (the action bar's «Действия») has nothing to show the focus on.
  return heading instanceof HTMLHeadingElement && heading.tagName === 'H2' && !heading.classList.contains('ui-visually-hidden') ? heading : null;
}

/**
 * Once a page has shown its data, a refetch (after an action, a refusal of a page behind the
 * server, the other side's notification told by the socket) may take away the focused control: its
 * action is no longer allowed, the card left the list's tab, or the page has become «Заявка не
 * найдена». The focus then goes to the heading of the section the control was in, if that section
 * is still there (a rejected reply's «Отклики», a paid «Оплата»: on a phone the user's place, not
 * the page's top), else to the heading of what is shown now (the `h1` inside `scope`), rather than
 * to the document's body. Not on the first answer: the page's landing places it then.
 */
export function useFocusRescue(scope: RefObject<HTMLElement | null>, shown: unknown): void {
  const seen = useRef(false);
  // The section the focus was last in inside `scope`, taken as it comes (a control taken away takes
  // its ancestors' trail with it). A dialog, elsewhere in the document, does not count: closed, it
  // gives the focus back to its opener here, or loses it with the opener.
  const lastSection = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const note = (event: FocusEvent) => {
      if (event.target instanceof HTMLElement && scope.current?.contains(event.target)) lastSection.current = event.target.closest('section[aria-labelledby]');
    };
    document.addEventListener('focusin', note);
    return () => document.removeEventListener('focusin', note);
  }, [scope]);
  useEffect(() => {
    if (shown === undefined) return;
    if (!seen.current) {
      seen.current = true;
      return;
    }
    if (!focusLost()) return;
    const heading = sectionHeading(lastSection.current) ?? scope.current?.querySelector<HTMLElement>('h1');
    if (!heading) return;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus();
  }, [scope, shown]);
}
