import { toast, type TypeOptions } from 'react-toastify';
import { bus } from 'shared';

export const SUCCESS_AUTO_CLOSE_MS = 2000;
export const DEFAULT_AUTO_CLOSE_MS = 5000;

type ToastPayload = { type: 'success' | 'error' | 'info' | 'warning'; message: string; autoClose?: number };

export function showToast({ type, message, autoClose }: ToastPayload): void {
  const fallback = type === 'success' ? SUCCESS_AUTO_CLOSE_MS : DEFAULT_AUTO_CLOSE_MS;
  toast(message, { type: type as TypeOptions, autoClose: autoClose ?? fallback });
}

/** Remotes emit `toast:show`; only the shell renders toasts. */
export function bridgeToasts(): () => void {
  return bus.on('toast:show', showToast);
}
