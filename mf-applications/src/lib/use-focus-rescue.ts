import { useEffect, useRef, type RefObject } from 'react';
import { focusLost } from 'shared';

/**
 * Once a page has shown its data, a refetch (after an action, a refusal of a page behind the
 * server, the other side's notification told by the socket) may take away the focused control: its
 * action is no longer allowed, the card left the list's tab, or the page has become «Заявка не
 * найдена». The focus then goes to the heading of what is shown now (the `h1` inside `scope`)
 * rather than to the document's body. Not on the first answer: the page's landing places it then.
 */
export function useFocusRescue(scope: RefObject<HTMLElement | null>, shown: unknown): void {
  const seen = useRef(false);
  useEffect(() => {
    if (shown === undefined) return;
    if (!seen.current) {
      seen.current = true;
      return;
    }
    const heading = scope.current?.querySelector<HTMLElement>('h1');
    if (!heading || !focusLost()) return;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus();
  }, [scope, shown]);
}
