import type { QueryClient } from '@tanstack/react-query';
import { AUTH_PARAM, bus } from 'shared';
import { loginRedirect } from '../guards/guards';

/**
 * Where an expired session leaves the tab: '/', but a link that asked for a sign-in (`?auth=…`,
 * with its `redirect`) stays as it was opened, its page included: a login link opened with a
 * session revoked elsewhere showed no dialog, the focus on the body (QA FFF-4), and one to a public
 * page left that page for '/' (QA MMM-4). From a cabinet page '/' opens the sign-in going back to
 * it, as the cabinet's guard does for a visitor: a session ended elsewhere (a password recovered
 * on another device) left the user on '/' with no way back to the page he was working on (QA AAV-1).
 */
export function afterExpiry(search: string, pathname = '/'): string {
  const asked = new URLSearchParams(search);
  if (asked.get(AUTH_PARAM)) return `${pathname}?${asked}`;
  if (pathname === '/lk' || pathname.startsWith('/lk/')) return loginRedirect(`${pathname}${search}`);
  return '/';
}

/**
 * Remotes and the API client only announce an expired session ('Ошибка авторизации' is already
 * shown and the cookies cleared); the shell drops the cached data of that user and goes to '/'
 * (`afterExpiry`).
 */
export function listenForAuthExpired(
  navigate: (to: string) => unknown,
  queryClient?: QueryClient,
  where: () => { pathname: string; search: string } = () => window.location,
): () => void {
  return bus.on('auth:expired', () => {
    queryClient?.clear();
    const { pathname, search } = where();
    void navigate(afterExpiry(search, pathname));
  });
}
