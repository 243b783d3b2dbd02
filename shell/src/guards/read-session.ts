import { useSessionStore } from 'shared';
import { pendingSessionLoad } from '../session/load-session';
import type { GuardSession } from './guards';

/**
 * The guards' view of the session store. The active profile is known once the user is loaded
 * (at start when cookies exist, at login): `user.activeProfileId`, or a profile flagged active.
 */
export function readGuardSession(): GuardSession {
  const { token, refreshToken, user, activeProfile } = useSessionStore.getState();
  return {
    isAuthenticated: Boolean(token || refreshToken),
    hasActiveProfile: user ? Boolean(user.activeProfileId ?? activeProfile) : undefined,
  };
}

/**
 * For a route with the `profile` guard, waits for the session load started at page load, so a
 * cold start with cookies decides on the real profile instead of letting the page through.
 */
export async function settledGuardSession(needsProfile: boolean): Promise<GuardSession> {
  const session = readGuardSession();
  if (!needsProfile || !session.isAuthenticated || session.hasActiveProfile !== undefined) return session;
  await pendingSessionLoad();
  return readGuardSession();
}
