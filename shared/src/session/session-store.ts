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
import { forgetRenewKey } from './renew-key';
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
  /**
   * The active profile's type as this browser last knew it (localStorage, gone with the session):
   * what the cabinet's row shows until the profiles come, so that it does not gain sections under
   * the user's finger a few seconds after it appears (QA O-4).
   */
  rememberedProfileType: SessionProfileType | null;
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

const PROFILE_TYPE_KEY = 'session:profile-type';
const PROFILE_TYPES: readonly string[] = ['customer', 'executor', 'organization'] satisfies SessionProfileType[];

function readProfileType(): SessionProfileType | null {
  try {
    const type = globalThis.localStorage?.getItem(PROFILE_TYPE_KEY) ?? null;
    return type !== null && PROFILE_TYPES.includes(type) ? (type as SessionProfileType) : null;
  } catch {
    return null;
  }
}

function writeProfileType(type: SessionProfileType | null): void {
  try {
    if (type) globalThis.localStorage?.setItem(PROFILE_TYPE_KEY, type);
    else globalThis.localStorage?.removeItem(PROFILE_TYPE_KEY);
  } catch {
    // Private mode or a blocked storage: the row waits for the profiles, as it did.
  }
}

/** The active profile, and the type remembered for it: kept while the user or his profiles are not known yet. */
function activeState(user: SessionUser | null, profiles: SessionProfile[], remembered: SessionProfileType | null) {
  const activeProfile = pickActiveProfile(user, profiles);
  if (!activeProfile && !(user && user.activeProfileId === null)) return { activeProfile, rememberedProfileType: remembered };
  const rememberedProfileType = activeProfile?.type ?? null;
  if (rememberedProfileType !== remembered) writeProfileType(rememberedProfileType);
  return { activeProfile, rememberedProfileType };
}

export const useSessionStore = create<SessionState>()((set, get) => ({
  token: null,
  refreshToken: null,
  user: null,
  profiles: [],
  activeProfile: null,
  rememberedProfileType: null,
  setTokens(token, refreshToken) {
    setCookie(TOKEN_COOKIE, token, TOKEN_LIFETIME_SECONDS);
    setCookie(REFRESH_TOKEN_COOKIE, refreshToken, REFRESH_TOKEN_LIFETIME_SECONDS);
    set({ token, refreshToken });
  },
  setUser(user) {
    set({ user, ...activeState(user, get().profiles, get().rememberedProfileType) });
  },
  setProfiles(profiles) {
    set({ profiles, ...activeState(get().user, profiles, get().rememberedProfileType) });
  },
  clear() {
    removeCookie(TOKEN_COOKIE);
    removeCookie(REFRESH_TOKEN_COOKIE);
    forgetUserStorage();
    forgetRenewKey();
    writeProfileType(null);
    set({ token: null, refreshToken: null, user: null, profiles: [], activeProfile: null, rememberedProfileType: null });
  },
  isAuthenticated() {
    const { token, refreshToken } = get();
    return Boolean(token || refreshToken);
  },
}));

/** The shell calls this at start: a browser holding the cookies is logged in (ARCHITECTURE §3). */
export function hydrateSessionFromCookies(): void {
  const token = getCookie(TOKEN_COOKIE);
  const refreshToken = getCookie(REFRESH_TOKEN_COOKIE);
  useSessionStore.setState({ token, refreshToken, rememberedProfileType: token || refreshToken ? readProfileType() : null });
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
