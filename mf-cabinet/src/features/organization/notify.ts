import { apiErrorText, bus } from 'shared';

export { DOCUMENT_ALREADY_DELETED } from '../../components/document-row';

export const ORGANIZATION_CREATED = 'Организация добавлена';
export const ORGANIZATION_UPDATED = 'Данные организации сохранены';
export const ORGANIZATION_DELETED = 'Организация удалена';
export const ORGANIZATION_ALREADY_DELETED = 'Организация уже удалена';
export const DOCUMENT_DELETED = 'Документ удалён';
export const INVITE_APPROVED = 'Приглашение принято';
export const INVITE_DECLINED = 'Приглашение отклонено';

/** Toasts are the shell's: the remote only asks for one on the bus. */
export function notifySuccess(message: string | undefined, fallback: string): void {
  bus.emit('toast:show', { type: 'success', message: message || fallback });
}

export function notifyError(error: unknown, fallback?: string): void {
  bus.emit('toast:show', { type: 'error', message: apiErrorText(error, fallback) });
}
