import { useEffect } from 'react';
import { ToastContainer } from 'react-toastify';
import { bridgeToasts, DEFAULT_AUTO_CLOSE_MS } from './toast-bridge';

export const MAX_TOASTS = 18;

export function ToastHost() {
  useEffect(() => bridgeToasts(), []);
  return <ToastContainer position="bottom-right" newestOnTop limit={MAX_TOASTS} autoClose={DEFAULT_AUTO_CLOSE_MS} />;
}
