import { apiErrorText, bus } from 'shared';

/** Toasts are the shell's: the remote only asks for one on the bus. */
export function notifySuccess(message: string | undefined, fallback: string): void {
  bus.emit('toast:show', { type: 'success', message: message || fallback });
}

/** Spec §7: a failure shows the server's message as an error toast. */
export function notifyError(error: unknown, fallback?: string): void {
  bus.emit('toast:show', { type: 'error', message: apiErrorText(error, fallback) });
}
