import { useEffect } from 'react';
import { ToastContainer, toast, type TypeOptions } from 'react-toastify';
import { attachToastRenderer, autoCloseOf, DEFAULT_AUTO_CLOSE_MS, type ToastPayload } from './toast-bridge';

export const MAX_TOASTS = 18;

export function showToast(payload: ToastPayload): void {
  toast(payload.message, { type: payload.type as TypeOptions, autoClose: autoCloseOf(payload) });
}

/** react-toastify and its styles: loaded by ToastHost after the page is interactive. */
export default function ToastView() {
  useEffect(() => attachToastRenderer(showToast), []);
  return <ToastContainer position="bottom-right" newestOnTop limit={MAX_TOASTS} autoClose={DEFAULT_AUTO_CLOSE_MS} />;
}
