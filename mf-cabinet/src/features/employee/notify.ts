import { apiErrorText, bus } from 'shared';

export const INVITE_SENT = 'Приглашение отправлено';
export const INVITE_WITHDRAWN = 'Приглашение отозвано';
export const POSITION_SAVED = 'Должность сохранена';
export const EMPLOYEE_REMOVED = 'Сотрудник исключён';
export const LEFT_ORGANIZATION = 'Вы вышли из организации';
export const DIRECTOR_CHANGED = 'Руководство передано';

export function notifySuccess(message: string | undefined, fallback: string): void {
  bus.emit('toast:show', { type: 'success', message: message || fallback });
}

export function notifyError(error: unknown, fallback?: string): void {
  bus.emit('toast:show', { type: 'error', message: apiErrorText(error, fallback) });
}
