import { useSessionStore } from './session-store';

/** True while the browser holds a session (either token); the header and session queries key off it. */
export function useIsLoggedIn(): boolean {
  return useSessionStore((s) => Boolean(s.token || s.refreshToken));
}
