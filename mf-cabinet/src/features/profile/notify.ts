import { apiErrorText, applyFieldErrors, bus, type FormErrorTarget } from 'shared';

export const PASSWORD_CHANGED = 'Пароль изменён';
export const PHONE_CHANGED = 'Телефон изменён';

/** Toasts are the shell's: the remote only asks for one on the bus. */
export function notifySuccess(message: string | undefined, fallback: string): void {
  bus.emit('toast:show', { type: 'success', message: message || fallback });
}

/** Spec §7: a failure shows the server's message as an error toast (with the wait of a 429). */
export function notifyError(error: unknown, fallback?: string): void {
  bus.emit('toast:show', { type: 'error', message: apiErrorText(error, fallback) });
}

/**
 * A form's failure, shown once: the server's field errors on the fields (the first one focused);
 * only a failure that none of the form's fields shows (a 429, a network error, an error of a
 * field the form does not have) becomes an error toast.
 */
export function reportFormError(error: unknown, form: FormErrorTarget, fields: readonly string[], fallback?: string): void {
  if (applyFieldErrors(error, form, fields)) return;
  notifyError(error, fallback);
}
