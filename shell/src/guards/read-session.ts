import { useSessionStore } from 'shared';
import type { GuardSession } from './guards';

type SessionUser = { activeProfileId?: number | null } | null | undefined;

export function readGuardSession(): GuardSession {
  const state = useSessionStore.getState() as { token?: string | null; refreshToken?: string | null; user?: SessionUser };
  const user = state.user;
  return {
    isAuthenticated: Boolean(state.token || state.refreshToken),
    hasActiveProfile: user ? Boolean(user.activeProfileId) : undefined,
  };
}
