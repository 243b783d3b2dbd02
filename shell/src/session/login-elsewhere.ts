import type { QueryClient } from '@tanstack/react-query';
import { bus, hydrateSessionFromCookies, onLoginElsewhere, useSessionStore } from 'shared';
import { afterLogin, AUTH_PARAM } from '../features/auth/auth-params';
import { appQueryClient } from './app-query-client';
import { loadSession } from './load-session';

export interface LoginElsewhereDeps {
  navigate(to: string, options: { replace: boolean }): unknown;
  /** The tab's address now (tests pass their own). */
  location?: () => { pathname: string; search: string; hash?: string };
}

/**
 * Another tab of this browser logged in (or registered): the cookies are that session's now, so
 * this tab takes it up the way a reload would — the user and profiles loaded, the socket
 * connected (`auth:logged-in`), public data refetched — instead of offering «Войти» again. An open
 * login or registration dialog here is moot: it closes and goes on where it was going. A tab that
 * already holds that user does nothing; one that held another user (its session had expired)
 * drops that user's data first.
 */
export function listenForLoginElsewhere(deps: LoginElsewhereDeps, queryClient: QueryClient = appQueryClient): () => void {
  const where = deps.location ?? (() => window.location);
  return onLoginElsewhere((userId) => {
    if (useSessionStore.getState().user?.id === userId) return;
    if (useSessionStore.getState().user) {
      useSessionStore.setState({ user: null, profiles: [], activeProfile: null, rememberedProfileType: null });
      queryClient.clear();
    }
    hydrateSessionFromCookies();
    void loadSession(queryClient).then((loaded) => {
      if (!loaded) return;
      bus.emit('auth:logged-in', { userId });
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'user' });
      const { pathname, search, hash } = where();
      const params = new URLSearchParams(search);
      if (!params.has(AUTH_PARAM)) return;
      void deps.navigate(afterLogin(pathname, params, hash), { replace: true });
    });
  });
}
