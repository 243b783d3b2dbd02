import { bus } from 'shared';

export const SUCCESS_AUTO_CLOSE_MS = 2000;
export const DEFAULT_AUTO_CLOSE_MS = 5000;

export type ToastPayload = { type: 'success' | 'error' | 'info' | 'warning'; message: string; autoClose?: number };
export type ToastRenderer = (payload: ToastPayload) => void;

export function autoCloseOf({ type, autoClose }: ToastPayload): number {
  return autoClose ?? (type === 'success' ? SUCCESS_AUTO_CLOSE_MS : DEFAULT_AUTO_CLOSE_MS);
}

let renderer: ToastRenderer | null = null;
const waiting: ToastPayload[] = [];

function show(payload: ToastPayload): void {
  if (renderer) renderer(payload);
  else waiting.push(payload);
}

/**
 * Remotes emit `toast:show`; only the shell renders toasts. The renderer (react-toastify) loads
 * after the page is interactive: a toast emitted before then waits and shows, in order, as soon
 * as it is there.
 */
export function bridgeToasts(): () => void {
  return bus.on('toast:show', show);
}

/** The toast view, once loaded and mounted, shows what waited and every toast after it. */
export function attachToastRenderer(next: ToastRenderer): () => void {
  renderer = next;
  for (const payload of waiting.splice(0)) next(payload);
  return () => {
    if (renderer === next) renderer = null;
  };
}
