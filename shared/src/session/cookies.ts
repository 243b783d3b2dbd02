import Cookies from 'js-cookie';

/** Cookie names and lifetimes of spec §9. */
export const TOKEN_COOKIE = 'token';
export const REFRESH_TOKEN_COOKIE = 'refresh_token';
export const TOKEN_LIFETIME_SECONDS = 3600;
export const REFRESH_TOKEN_LIFETIME_SECONDS = 2_592_000;

const BASE_ATTRIBUTES = { path: '/', sameSite: 'lax' } as const;

/**
 * "Production" is a page served over https: there the cookies are `Secure`, so the tokens never
 * travel over plain http. On http (local runs, the e2e stack) a `Secure` cookie would not be
 * stored at all, so the page's own protocol is the one reliable test, whatever the build.
 */
export function cookieAttributes(
  lifetimeSeconds?: number,
  protocol: string = typeof location === 'undefined' ? '' : location.protocol,
): Cookies.CookieAttributes {
  const secure = protocol === 'https:';
  return {
    ...BASE_ATTRIBUTES,
    ...(secure ? { secure: true } : {}),
    ...(lifetimeSeconds === undefined ? {} : { expires: new Date(Date.now() + lifetimeSeconds * 1000) }),
  };
}

export function setCookie(name: string, value: string, lifetimeSeconds: number): void {
  Cookies.set(name, value, cookieAttributes(lifetimeSeconds));
}

export function getCookie(name: string): string | null {
  return Cookies.get(name) || null;
}

export function removeCookie(name: string): void {
  Cookies.remove(name, cookieAttributes());
}
