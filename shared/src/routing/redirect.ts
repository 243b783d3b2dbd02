/** The query parameter naming the page to go on to (after the login, after choosing a profile). */
export const REDIRECT_PARAM = 'redirect';

/** The query parameter that opens the shell's sign-in dialog over any page (`login`, `register`, `recovery`). */
export const AUTH_PARAM = 'auth';

const offSite = (path: string) => !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\');

/**
 * Only a path of this site is followed: never '//host' or 'https://host', nor one that becomes
 * '//host' once its dot segments are resolved ('/..//host', which the router refused with an
 * uncaught error, the login dialog left open: QA AAV-2).
 */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value || offSite(value)) return null;
  let resolved: URL;
  try {
    resolved = new URL(value, 'http://site.invalid');
  } catch {
    return null;
  }
  if (resolved.origin !== 'http://site.invalid' || offSite(resolved.pathname)) return null;
  return value;
}

/** `path` with `target` to go on to afterwards. */
export function withRedirect(path: string, target: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}${REDIRECT_PARAM}=${encodeURIComponent(target)}`;
}

/** Where a page is: a router's location, or the parts of a URL. */
export interface PageLocation {
  pathname: string;
  search: string;
  hash: string;
}

/**
 * The page `at` with the shell's login dialog opened over it (`?auth=login`): it stays as it is
 * under the dialog (its search and #hash), and the login goes on to `target` (a path of this site).
 */
export function loginOver(at: PageLocation, target: string): PageLocation {
  const params = new URLSearchParams(at.search);
  params.set(AUTH_PARAM, 'login');
  params.set(REDIRECT_PARAM, target);
  return { pathname: at.pathname, search: `?${params}`, hash: at.hash };
}

/** The cabinet's page where a visitor chooses or fills in a profile (customer, executor, organisation). */
export const PROFILE_PATH = '/lk/profile';
