import type { QueryClient } from '@tanstack/react-query';
import { announceLogin, applyAuthData, bus, getProfilesQueryOptions, type AuthData } from 'shared';
import { appQueryClient } from './app-query-client';
import { announceSession, loggedInAnnouncement } from './session-announcement';

/**
 * After login or registration: tokens and user into the session, the profiles loaded before
 * anything navigates (the profile guard needs them), then `auth:logged-in`; this browser's other
 * tabs are told, and take the session up. A screen reader is told who is logged in (the layout's
 * live region, once the dialog has closed).
 */
export async function completeLogin(data: AuthData, queryClient: QueryClient = appQueryClient): Promise<void> {
  applyAuthData(queryClient, data);
  try {
    await queryClient.fetchQuery({ ...getProfilesQueryOptions(), staleTime: 0 });
  } catch {
    // Unknown profiles: the guard lets the user through and the header retries.
  }
  bus.emit('auth:logged-in', { userId: data.user.id });
  announceLogin(data.user.id);
  announceSession(loggedInAnnouncement(data.user.name));
  // Public data may differ for a logged-in visitor.
  void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'user' });
}
