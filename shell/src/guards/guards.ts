import { PROFILE_PATH, withRedirect, type RouteGuard } from 'shared';

export type GuardSession = {
  isAuthenticated: boolean;
  /** undefined while the user's profile is not known yet: the profile guard lets it pass. */
  hasActiveProfile: boolean | undefined;
};

export function loginRedirect(target: string): string {
  return withRedirect('/?auth=login', target);
}

/** Where to send the visitor instead of `target`, or null when every guard passes. */
export function guardRedirect(
  guards: readonly RouteGuard[] | undefined,
  session: GuardSession,
  target: string,
): string | null {
  if (!guards?.length) return null;
  if (guards.includes('auth') && !session.isAuthenticated) return loginRedirect(target);
  // The profile page goes on to `target` once a profile is chosen.
  if (guards.includes('profile') && session.hasActiveProfile === false) return withRedirect(PROFILE_PATH, target);
  return null;
}
