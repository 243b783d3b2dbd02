import { useCallback, type MouseEvent, type ReactNode } from 'react';
import { Link, useHref, useNavigate } from 'react-router-dom';
import type { UnsavedChangesGuard } from './unsaved-changes-guard';

export interface BackLinkProps {
  to: string;
  children: ReactNode;
  /** A page's own class beside `ui-back-link` (where it hides or places it). */
  className?: string;
}

/** What this code reads of the browser's Navigation API (not in every browser yet). */
interface SessionEntries {
  currentEntry: { index: number } | null;
  entries(): Array<{ url: string | null }>;
}

/**
 * Whether the history entry before this one is the page `href` names, left for this one within the
 * app: react-router's index (`history.state.idx`) says the app has an entry before this one, and
 * the browser's list of the session's entries says which page it is. Without that list (a browser
 * that lacks it) the answer is no.
 */
function cameFrom(href: string): boolean {
  const routerIndex = (window.history.state as { idx?: unknown } | null)?.idx;
  if (typeof routerIndex !== 'number' || routerIndex < 1) return false;
  const session = (window as { navigation?: SessionEntries }).navigation;
  const index = session?.currentEntry?.index ?? 0;
  const previous = index > 0 ? session?.entries()[index - 1]?.url : null;
  if (!previous) return false;
  const left = new URL(previous);
  const target = new URL(href, window.location.href);
  return left.origin === target.origin && left.pathname === target.pathname && left.search === target.search && left.hash === target.hash;
}

const plainClick = (event: MouseEvent<HTMLAnchorElement>) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * The way back to a list («← Мои заявки»): the arrow is hidden from screen readers, which read the
 * words alone, and the link is a whole tap target high.
 *
 * Come from that very list (the entry before this one is its page), it goes back to it, as the
 * browser's Back would: a new entry made the browser's Back afterwards return to the page left
 * (a conversation, after «Назад к диалогам»). Otherwise it opens the list as a new entry. Its href
 * stays the list's, for a new tab or a middle click.
 */
export function BackLink({ to, children, className }: BackLinkProps) {
  const onClick = useBackClick(to);
  return (
    <Link className={className ? `ui-back-link ${className}` : 'ui-back-link'} to={to} onClick={onClick}>
      <span aria-hidden="true">←</span>
      {children}
    </Link>
  );
}

/**
 * A link's `onClick` that makes it go back, as the browser's Back would, when the entry before this
 * one is the page it links to (BackLink's way; a form's «Отмена» too): the history then holds no
 * second copy of that page with this one between them. Otherwise the link is followed as usual.
 */
export function useBackClick(to: string): (event: MouseEvent<HTMLAnchorElement>) => void {
  const href = useHref(to);
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLAnchorElement>) => {
      if (event.defaultPrevented || !plainClick(event) || !cameFrom(href)) return;
      event.preventDefault();
      void navigate(-1);
    },
    [href, navigate],
  );
}

/**
 * Leaving a spent page (a form saved, its subject deleted or cancelled) for the page it leads to:
 * come from that very page, the spent one's entry is stepped back over, so the browser's Back then
 * goes where it went before, not to the same page twice; otherwise the spent page's entry is replaced
 * by it, and Back does not open it again. A form's unsaved-changes guard, given, is spent first: the
 * step Back ends after its save, when the guard would otherwise ask again. Paths are the app's own
 * (no basename).
 */
export function useLeaveSpentPage(guard?: Pick<UnsavedChangesGuard, 'spend'>): (to: string) => void {
  const navigate = useNavigate();
  return useCallback(
    (to: string) => {
      guard?.spend();
      if (cameFrom(to)) void navigate(-1);
      else void navigate(to, { replace: true });
    },
    [guard, navigate],
  );
}
