import { ApiError, isProfileChanged } from '../api/api-error';
import { bus } from '../bus/bus';
import { formatWait } from '../format/wait';

export { formatWait };

/** Where a form keeps the server's message: react-hook-form's `errors.root.server`. */
export const SERVER_ERROR_FIELD = 'root.server';

/** The part of react-hook-form's API this needs (kept loose so that `shared` does not depend on it). */
export interface FormErrorTarget {
  setError(name: string, error: { type: string; message: string }, options?: { shouldFocus?: boolean }): void;
}

/** A second line for a 429 whose answer said how long to wait. */
export function retryAfterHint(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 429 || !error.retryAfter) return undefined;
  return `Повторить можно через ${formatWait(error.retryAfter)}`;
}

/** The server's message of a failure (or `fallback`), with the wait of a 429 when it said one and the message did not. */
export function apiErrorText(error: unknown, fallback = 'Неизвестная ошибка'): string {
  const message = error instanceof ApiError ? error.message : fallback;
  // «Повторно отправить код можно через 54 секунды»: the wait is said already.
  const hint = /через \d/.test(message) ? undefined : retryAfterHint(error);
  return hint ? `${message}${/[.!?]$/.test(message) ? '' : '.'} ${hint}` : message;
}

/** The server's per-field `errors` of a failure, on the fields the form shows (e.g. for `useFieldRefusal`). */
export function apiFieldErrors(error: unknown, fields: readonly string[]): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(Object.entries(error.errors ?? {}).filter(([field]) => fields.includes(field)));
}

/** The server's per-field `errors` on the fields the form shows (the first one focused); true if any. */
export function applyFieldErrors(error: unknown, form: FormErrorTarget, fields: readonly string[]): boolean {
  let applied = false;
  for (const [field, text] of Object.entries(apiFieldErrors(error, fields))) {
    form.setError(field, { type: 'server', message: text }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}

/**
 * A form's failed call as the error toast of spec §7 («failures show the server's message field as
 * an error toast»), besides the form's own words: the toast is silent, as the form says them where
 * the focus is (its alert, or the field). A dialog is modal, and a screen reader may not hear a
 * toast outside it; the alert stays by the form, the toast goes after seconds.
 *
 * `cause`, the failure, always passed (undefined only where no call failed): one refused as sent
 * for a profile no longer active (`isProfileChanged`) is not the form's but the page's news. The tab
 * resyncs, the page becomes the active profile's and a dialog the write came from closes with it,
 * taking its alert and its failure (QQ-1) along: the refusal is an announced error toast of its full
 * time, which no dialog's close ends (QA TT-1).
 */
export function toastFormFailure(message: string, cause: unknown): void {
  if (isProfileChanged(cause)) return bus.emit('toast:show', { type: 'error', message });
  bus.emit('toast:show', { type: 'error', message, silent: true });
}

/**
 * A failure's words, led by what was not done when the write was refused as sent for a profile no
 * longer active: «Вывод не выполнен: активный профиль сменился…» — the dialog it came from closes as
 * the page becomes the other profile's, and the toast is what is left to say what became of it.
 */
export function notDoneText(error: unknown, message: string, notDone: string): string {
  return isProfileChanged(error) ? `${notDone}: ${message.charAt(0).toLowerCase()}${message.slice(1)}` : message;
}

/**
 * The form whose failure `toastFormFailure` showed has succeeded, and says so with no toast nor a
 * new page (a step on in a dialog, a code accepted): its failure's toast goes. A success toast, a
 * sign-in and a page change end it without this (the shell's toasts).
 */
export function clearFormFailure(): void {
  bus.emit('toast:form-failure-over', {});
}

/** A failed call's message (the server's, or the form's fallback) as the form's own error, and as an error toast (`toastFormFailure`, its `cause`). */
export function showFormFailure(form: FormErrorTarget, message: string, cause: unknown): void {
  form.setError(SERVER_ERROR_FIELD, { type: 'server', message });
  toastFormFailure(message, cause);
}

/**
 * Puts a failed call into the form: the per-field `errors`, and the server's `message` (or
 * `fallback` for a non-API failure) as the form's own error, unless a shown field says the same;
 * the message as an error toast too (`toastFormFailure`). A 429 keeps its wait in the message.
 */
export function applyApiError(error: unknown, form: FormErrorTarget, fields: readonly string[], fallback = 'Неизвестная ошибка'): void {
  applyFieldErrors(error, form, fields);
  const message = apiErrorText(error, fallback);
  // «Неверный код, осталось попыток: 4» under the field is enough: not the same words above it too.
  if (Object.values(apiFieldErrors(error, fields)).includes(message)) return toastFormFailure(message, error);
  showFormFailure(form, message, error);
}
