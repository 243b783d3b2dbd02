import { bus, type AppEvents } from '../bus';
import { useSessionStore } from '../session/session-store';
import { setTestRuntimeConfig } from './fake-api';

export type ToastLog = AppEvents['toast:show'][];

/** The toasts emitted on the bus from now on (the bus's other listeners are dropped). */
export function collectToasts(log: ToastLog = []): ToastLog {
  log.length = 0;
  bus.clear();
  bus.on('toast:show', (toast) => log.push(toast));
  return log;
}

/**
 * The set-up a remote's page tests share: before each test the test runtime config, an emptied
 * toast log and `signIn`; after each, the session is cleared. The log is one array for the file.
 */
export function setUpPageTests(signIn?: () => void): ToastLog {
  const toasts: ToastLog = [];
  beforeEach(() => {
    setTestRuntimeConfig();
    collectToasts(toasts);
    signIn?.();
  });
  afterEach(() => useSessionStore.getState().clear());
  return toasts;
}
