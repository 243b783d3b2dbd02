import { bus, type AppEvents } from 'shared';

export const SUCCESS_AUTO_CLOSE_MS = 2000;
export const DEFAULT_AUTO_CLOSE_MS = 5000;

export type ToastPayload = AppEvents['toast:show'];
export interface ToastRenderer {
  show(payload: ToastPayload): void;
  /** A form's failure (its silent toast) is over: it goes. */
  dismissFormFailure(): void;
}

export function autoCloseOf({ type, autoClose }: ToastPayload): number {
  return autoClose ?? (type === 'success' ? SUCCESS_AUTO_CLOSE_MS : DEFAULT_AUTO_CLOSE_MS);
}

let renderer: ToastRenderer | null = null;
const waiting: ToastPayload[] = [];

function show(payload: ToastPayload): void {
  if (renderer) renderer.show(payload);
  else waiting.push(payload);
}

/**
 * A form's failure is stale once the form has succeeded or is gone (QA MM-1): on the form's word
 * (`clearFormFailure`, shared), at a sign-in, a sign-out or a session's end, and when the page
 * changes (`useFormFailurePerPage`); a success toast ends it too (the view). One still waiting for
 * the view is dropped.
 */
export function dismissFormFailure(): void {
  if (renderer) return renderer.dismissFormFailure();
  const kept = waiting.filter((payload) => !payload.silent);
  waiting.splice(0, waiting.length, ...kept);
}

const FORM_FAILURE_ENDS = ['toast:form-failure-over', 'auth:logged-in', 'auth:logged-out', 'auth:expired'] as const;

let listeners = 0;
let stopListening: (() => void) | null = null;

/**
 * Remotes emit `toast:show`; only the shell renders toasts. The renderer (react-toastify) loads
 * after the page is interactive: a toast emitted before then waits and shows, in order, as soon
 * as it is there. The shell listens from its start (bootstrap), before the session's first load,
 * whose failed renewal emits «Ошибка авторизации» possibly before anything is rendered; the host
 * listens too. One subscription however many listen; the returned function ends this one's share.
 */
export function bridgeToasts(): () => void {
  if (listeners++ === 0) {
    const stops = [bus.on('toast:show', show), ...FORM_FAILURE_ENDS.map((event) => bus.on(event, dismissFormFailure))];
    stopListening = () => stops.forEach((stop) => stop());
  }
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    if (--listeners === 0) {
      stopListening?.();
      stopListening = null;
    }
  };
}

/** The toast view, once loaded and mounted, shows what waited and every toast after it. */
export function attachToastRenderer(next: ToastRenderer): () => void {
  renderer = next;
  for (const payload of waiting.splice(0)) next.show(payload);
  return () => {
    if (renderer === next) renderer = null;
  };
}
