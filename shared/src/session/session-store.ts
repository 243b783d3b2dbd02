import { create } from 'zustand';
import type { SessionUser } from '../contract/auth';
import {
  getCookie,
  REFRESH_TOKEN_COOKIE,
  REFRESH_TOKEN_LIFETIME_SECONDS,
  removeCookie,
  setCookie,
  TOKEN_COOKIE,
  TOKEN_LIFETIME_SECONDS,
} from './cookies';
import { forgetUserStorage } from './user-storage';

export type SessionProfileType = 'customer' | 'executor' | 'organization';
export interface SessionProfile {
  id: number;
  type: SessionProfileType;
  name: string;
  active: boolean;
}

export interface SessionState {
  token: string | null;
  refreshToken: string | null;
  user: SessionUser | null;
  profiles: SessionProfile[];
  /** Derived from `user.activeProfileId` (or the profile flagged active); kept in sync by the setters. */
  activeProfile: SessionProfile | null;
  setTokens(token: string, refreshToken: string): void;
  setUser(user: SessionUser | null): void;
  setProfiles(profiles: SessionProfile[]): void;
  clear(): void;
  isAuthenticated(): boolean;
}

function pickActiveProfile(user: SessionUser | null, profiles: SessionProfile[]): SessionProfile | null {
  if (!user) return null;
  return profiles.find((p) => p.id === user.activeProfileId) ?? profiles.find((p) => p.active) ?? null;
}

export const useSessionStore = create<SessionState>()((set, get) => ({
  token: null,
  refreshToken: null,
  user: null,
  profiles: [],
  activeProfile: null,
  setTokens(token, refreshToken) {
    setCookie(TOKEN_COOKIE, token, TOKEN_LIFETIME_SECONDS);
    setCookie(REFRESH_TOKEN_COOKIE, refreshToken, REFRESH_TOKEN_LIFETIME_SECONDS);
    set({ token, refreshToken });
  },
  setUser(user) {
    set({ user, activeProfile: pickActiveProfile(user, get().profiles) });
  },
  setProfiles(profiles) {
    set({ profiles, activeProfile: pickActiveProfile(get().user, profiles) });
  },
  clear() {
    removeCookie(TOKEN_COOKIE);
    removeCookie(REFRESH_TOKEN_COOKIE);
    forgetUserStorage();
    set({ token: null, refreshToken: null, user: null, profiles: [], activeProfile: null });
  },
  isAuthenticated() {
    const { token, refreshToken } = get();
    return Boolean(token || refreshToken);
  },
}));

/** The shell calls this at start: a browser holding the cookies is logged in (ARCHITECTURE §3). */
export function hydrateSessionFromCookies(): void {
  useSessionStore.setState({ token: getCookie(TOKEN_COOKIE), refreshToken: getCookie(REFRESH_TOKEN_COOKIE) });
}

// Cookies are the source of truth: the access cookie expires on its own, other tabs rotate the
// pair, and a user who clears the site's cookies has ended the session (no copy in memory renews it).
export function getAccessToken(): string | null {
  return getCookie(TOKEN_COOKIE);
}

export function getRefreshToken(): string | null {
  return getCookie(REFRESH_TOKEN_COOKIE);
}

export function hasSession(): boolean {
  return Boolean(getAccessToken() || getRefreshToken());
}
