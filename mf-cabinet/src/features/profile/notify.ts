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

/** A form's failure: the server's field errors on the fields, its message as a toast. */
export function reportFormError(error: unknown, form: FormErrorTarget, fields: readonly string[], fallback?: string): void {
  applyFieldErrors(error, form, fields);
  notifyError(error, fallback);
}
