import Cookies from 'js-cookie';

/** Cookie names and lifetimes of spec §9. */
export const TOKEN_COOKIE = 'token';
export const REFRESH_TOKEN_COOKIE = 'refresh_token';
export const TOKEN_LIFETIME_SECONDS = 3600;
export const REFRESH_TOKEN_LIFETIME_SECONDS = 2_592_000;

const BASE_ATTRIBUTES = { path: '/', sameSite: 'lax' } as const;

function attributes(lifetimeSeconds?: number): Cookies.CookieAttributes {
  const secure = typeof location !== 'undefined' && location.protocol === 'https:';
  return {
    ...BASE_ATTRIBUTES,
    ...(secure ? { secure: true } : {}),
    ...(lifetimeSeconds === undefined ? {} : { expires: new Date(Date.now() + lifetimeSeconds * 1000) }),
  };
}

export function setCookie(name: string, value: string, lifetimeSeconds: number): void {
  Cookies.set(name, value, attributes(lifetimeSeconds));
}

export function getCookie(name: string): string | null {
  return Cookies.get(name) || null;
}

export function removeCookie(name: string): void {
  Cookies.remove(name, attributes());
}
