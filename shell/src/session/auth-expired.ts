import type { QueryClient } from '@tanstack/react-query';
import { AUTH_PARAM, bus, REDIRECT_PARAM } from 'shared';

/**
 * Where an expired session leaves the tab: '/', but with the sign-in a link asked for (`?auth=…` and
 * its `redirect`) still asked — a login link opened with a session revoked elsewhere showed no dialog,
 * the focus on the body (QA FFF-4).
 */
export function afterExpiry(search: string): string {
  const asked = new URLSearchParams(search);
  const auth = asked.get(AUTH_PARAM);
  if (!auth) return '/';
  const kept = new URLSearchParams({ [AUTH_PARAM]: auth });
  const redirect = asked.get(REDIRECT_PARAM);
  if (redirect !== null) kept.set(REDIRECT_PARAM, redirect);
  return `/?${kept}`;
}

/**
 * Remotes and the API client only announce an expired session ('Ошибка авторизации' is already
 * shown and the cookies cleared); the shell drops the cached data of that user and goes to '/'
 * (`afterExpiry`).
 */
export function listenForAuthExpired(navigate: (to: string) => unknown, queryClient?: QueryClient, search: () => string = () => window.location.search): () => void {
  return bus.on('auth:expired', () => {
    queryClient?.clear();
    void navigate(afterExpiry(search()));
  });
}
