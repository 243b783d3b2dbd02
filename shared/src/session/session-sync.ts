import type { QueryClient } from '@tanstack/react-query';
import type { AuthData, SessionUser } from '../contract/auth';
import { userKeys } from '../query/query-keys';
import { useSessionStore, type SessionProfile } from './session-store';

// The guards read the session store synchronously while the screens read the query cache:
// every change of the user or the profiles goes through here so that both agree.

export function applySessionUser(queryClient: QueryClient, user: SessionUser): void {
  useSessionStore.getState().setUser(user);
  queryClient.setQueryData(userKeys.current(), user);
}

export function applySessionProfiles<P extends SessionProfile>(queryClient: QueryClient, profiles: P[]): void {
  useSessionStore.getState().setProfiles(profiles);
  queryClient.setQueryData(userKeys.profiles(), { items: profiles });
}

/** Login, registration and password change answer a fresh token pair with the user. */
export function applyAuthData(queryClient: QueryClient, data: AuthData): void {
  useSessionStore.getState().setTokens(data.token, data.refresh_token);
  applySessionUser(queryClient, data.user);
}
