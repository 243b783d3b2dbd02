import { useLocation } from 'react-router-dom';

/** What a link to a detail page carries in the history entry: the view it was opened from. */
export interface FromState {
  from: string;
}

/**
 * The state for a link to a detail page (a catalogue card, an lk application card): the current view's URL (its filters and page), so the
 * page's «Назад» leads back to the same view rather than to the plain list. It lives in the
 * browser's history only, never in the HTML, so the server and the client render the same link.
 */
export function useFromState(): FromState {
  const { pathname, search } = useLocation();
  return { from: pathname + search };
}

/**
 * The `FromState` of a history entry's state, if it holds one: what a move that stays on the page
 * (the login dialog opened over it, closed, a login) carries on, so its «Назад» still leads back to
 * the view it was opened from (QA XXX-1).
 */
export function fromStateOf(state: unknown): FromState | undefined {
  const from = state && typeof state === 'object' && 'from' in state ? state.from : null;
  return typeof from === 'string' ? { from } : undefined;
}

/**
 * The list view a detail page was opened from (`FromState` in the history entry), when it is a
 * view of `list` (its path, or its path with a query or below it); else null.
 */
export function useFromList(list: string): string | null {
  const from = fromStateOf(useLocation().state)?.from;
  if (from === undefined) return null;
  return from === list || from.startsWith(`${list}?`) || from.startsWith(`${list}/`) ? from : null;
}
