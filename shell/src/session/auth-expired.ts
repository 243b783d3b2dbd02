import type { QueryClient } from '@tanstack/react-query';
import { AUTH_PARAM, bus } from 'shared';

/**
 * Where an expired session leaves the tab: '/', but a link that asked for a sign-in (`?auth=…`,
 * with its `redirect`) stays as it was opened, its page included: a login link opened with a
 * session revoked elsewhere showed no dialog, the focus on the body (QA FFF-4), and one to a public
 * page left that page for '/' (QA MMM-4).
 */
export function afterExpiry(search: string, pathname = '/'): string {
  const asked = new URLSearchParams(search);
  if (!asked.get(AUTH_PARAM)) return '/';
  return `${pathname}?${asked}`;
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
