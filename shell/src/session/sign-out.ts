import type { QueryClient } from '@tanstack/react-query';
import { apiRequest, bus, getRefreshToken, logout, useSessionStore } from 'shared';
import { appQueryClient } from './app-query-client';

/**
 * Logout (spec §2): the session ends here at once — cookies, store, cached data; the socket
 * follows the store and disconnects — and the server is asked to revoke the refresh token.
 * Its failure changes nothing for the user. The caller navigates to '/'.
 */
export async function signOut(queryClient: QueryClient = appQueryClient): Promise<void> {
  const refreshToken = getRefreshToken();
  useSessionStore.getState().clear();
  queryClient.clear();
  bus.emit('auth:logged-out', {});
  if (!refreshToken) return;
  try {
    // Sent without the cleared access token: a 401 must not start a renewal of an ended session.
    await apiRequest(logout, { body: { refresh_token: refreshToken } });
  } catch {
    // Ignored (the brief): the local session is gone either way.
  }
}
