import { bus, type AppEvents } from '../bus';
import { useSessionStore, type SessionProfile } from '../session/session-store';
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

/** A logged-in user acting as `profile`, his only profile (tokens set, the store filled as after a login). */
export function actAsProfile(profile: SessionProfile): void {
  useSessionStore.getState().setTokens('token', 'refresh');
  useSessionStore.setState({
    user: { id: 1, phone: '79991234567', name: profile.name, email: null, activeProfileId: profile.id },
    profiles: [profile],
    activeProfile: profile,
  });
}
