import type { QueryClient } from '@tanstack/react-query';
import { announceLogout, apiRequest, bus, getRefreshToken, logout, onLogoutElsewhere, useSessionStore } from 'shared';
import { appQueryClient } from './app-query-client';
import { announceSession, LOGGED_OUT_ANNOUNCEMENT } from './session-announcement';

/**
 * The session ends in this tab: cookies, store, cached data; the socket follows the store and
 * disconnects. The local half of a logout, and all of one made in another tab.
 */
export function endLocalSession(queryClient: QueryClient = appQueryClient): void {
  useSessionStore.getState().clear();
  queryClient.clear();
  bus.emit('auth:logged-out', {});
}

/**
 * Logout (spec §2): the session ends here at once, this browser's other tabs are told to end it
 * too (before the server closes their sockets), and the server is asked to revoke the refresh
 * token. Its failure changes nothing for the user. The caller navigates to '/'. A toast shows it, and
 * a screen reader is told (the layout's live region): «Выйти» itself goes away with the session.
 */
export async function signOut(queryClient: QueryClient = appQueryClient): Promise<void> {
  const refreshToken = getRefreshToken();
  endLocalSession(queryClient);
  announceSession(LOGGED_OUT_ANNOUNCEMENT);
  // Spec §7: a success shows a toast (QA AAD-4: the other tabs showed one, this one none). Silent:
  // the layout's live region says the words, after the focus the navigation moves.
  bus.emit('toast:show', { type: 'success', message: LOGGED_OUT_ANNOUNCEMENT, silent: true });
  announceLogout();
  if (!refreshToken) return;
  try {
    // Sent without the cleared access token: a 401 must not start a renewal of an ended session.
    await apiRequest(logout, { body: { refresh_token: refreshToken } });
  } catch {
    // Ignored (the brief): the local session is gone either way.
  }
}

/** Said in a tab that a logout in another tab of this browser has taken to the home page. */
export const LOGGED_OUT_ELSEWHERE_MESSAGE = 'Вы вышли из аккаунта в другой вкладке';

/**
 * Another tab of this browser logged out: this one leaves as well, the way its own logout would
 * (spec §2: to '/'), without calling logout again (the other tab did; the cookies are gone), and
 * says why (the user did nothing here). A guest's tab has nothing to end and stays where it is.
 */
export function listenForLogoutElsewhere(navigate: (to: string) => unknown, queryClient: QueryClient = appQueryClient): () => void {
  return onLogoutElsewhere(() => {
    const state = useSessionStore.getState();
    if (!state.isAuthenticated() && !state.user) return;
    endLocalSession(queryClient);
    void navigate('/');
    bus.emit('toast:show', { type: 'info', message: LOGGED_OUT_ELSEWHERE_MESSAGE });
  });
}
