import { useLocation } from 'react-router-dom';
import { AUTH_PARAM, fromStateOf, normalizePhone, REDIRECT_PARAM, safeRedirect, type FromState } from 'shared';

export { AUTH_PARAM };

export type AuthMode = 'login' | 'register' | 'recovery';

export const AUTH_TITLES: Record<AuthMode, string> = {
  login: 'Вход',
  register: 'Регистрация',
  recovery: 'Восстановление пароля',
};

export function isAuthMode(value: string | null): value is AuthMode {
  return value === 'login' || value === 'register' || value === 'recovery';
}

/** The same page with another dialog; `redirect` and the page's own parameters are kept. */
export function authSearch(params: URLSearchParams, mode: AuthMode): string {
  const next = new URLSearchParams(params);
  next.set(AUTH_PARAM, mode);
  return `?${next}`;
}

/** The page's search without the dialog parameters. */
export function searchWithoutAuth(params: URLSearchParams): string {
  const next = new URLSearchParams(params);
  next.delete(AUTH_PARAM);
  next.delete(REDIRECT_PARAM);
  const search = next.toString();
  return search ? `?${search}` : '';
}

/**
 * This page without the dialog: its path, its own search and its #hash (`/application/5#replies`
 * comes back as it was, not as `/application/5`).
 */
export function pageWithoutAuth(pathname: string, params: URLSearchParams, hash = ''): string {
  return `${pathname}${searchWithoutAuth(params)}${hash}`;
}

/**
 * The dialog's `redirect`, when it is a path of this site, without the dialog parameters: a guest
 * sent to log in from `/lk?auth=login` goes on to `/lk`, not to the login asked for again.
 */
export function redirectOf(params: URLSearchParams): string | null {
  const target = safeRedirect(params.get(REDIRECT_PARAM));
  if (!target) return null;
  const url = new URL(target, 'http://site.invalid');
  return pageWithoutAuth(url.pathname, url.searchParams, url.hash);
}

/** Where a dialog goes on once the visitor is logged in: its `redirect`, else this page without the dialog. */
export function afterLogin(pathname: string, params: URLSearchParams, hash = ''): string {
  return redirectOf(params) ?? pageWithoutAuth(pathname, params, hash);
}

/**
 * What a move from one dialog to another carries in the history entry, never in the URL (the
 * address stays in the history and the server logs): the phone, canonical, that the next dialog
 * starts with — the recovered one back to the login, or the one typed before «Забыли пароль?»,
 * «Зарегистрироваться», «Войти».
 */
export interface AuthCarry extends Partial<FromState> {
  phone?: string;
}

/** The state for a link to another dialog: the phone typed, when it is a whole number (else nothing). */
export function carryPhone(typed: string | undefined): AuthCarry | undefined {
  const phone = normalizePhone(typed ?? '');
  return phone ? { phone } : undefined;
}

/**
 * `carryPhone`, and the list the page under the dialogs was opened from (`FromState`): its «Назад»
 * leads back to that view after the dialogs as before them (QA XXX-1).
 */
export function useAuthCarry(typed: string | undefined): AuthCarry | undefined {
  const from = fromStateOf(useLocation().state);
  const phone = carryPhone(typed);
  return from || phone ? { ...from, ...phone } : undefined;
}

/** The phone a dialog was opened with (`AuthCarry` in the history entry), if any. */
export function carriedPhone(state: unknown): string | undefined {
  const phone = (state as AuthCarry | null)?.phone;
  return typeof phone === 'string' && phone ? phone : undefined;
}
