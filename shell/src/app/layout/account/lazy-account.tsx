import { lazy, type ComponentType } from 'react';
import { BellIcon } from './bell-icon';

/**
 * The header's logged-in widgets (the bell, the account menu) come in their own chunk: a guest's
 * start does not carry them. The start asks for it as soon as the cookies say there is a session
 * (`preloadAccountWidgets`), so it is usually in by the time the session has loaded.
 */
export const loadAccountWidgets = () => import(/* webpackChunkName: "account" */ './account-widgets');

export function preloadAccountWidgets(): void {
  // A failed load shows in the widgets' own boundaries when they render.
  loadAccountWidgets().catch(() => undefined);
}

/**
 * `React.lazy` that tries again. React keeps a lazy component's failed load for good, so a chunk
 * that failed once (a dropped connection) would keep the widget's fallback until a reload. Here the
 * failure reaches the widget's boundary as before, and a render with another `retryKey` (the path:
 * the boundary resets on navigation) swaps in a fresh lazy component, which loads anew. Webpack
 * forgets a chunk whose load failed, so that load is a new request.
 */
export function retryingLazy<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P & { retryKey?: string }> {
  let renderedKey: string | undefined;
  let failedKey: string | undefined;
  let failed = false;
  const fresh = () =>
    lazy(() =>
      load().then(
        (component) => ({ default: component }),
        (error: unknown) => {
          failed = true;
          failedKey = renderedKey;
          throw error;
        },
      ),
    );
  let Current = fresh();
  return function RetryingLazy({ retryKey, ...props }: P & { retryKey?: string }) {
    renderedKey = retryKey;
    if (failed && retryKey !== failedKey) {
      failed = false;
      Current = fresh();
    }
    return <Current {...(props as P)} />;
  };
}

export const LazyNotificationBell = retryingLazy(() => loadAccountWidgets().then((m) => m.NotificationBell));
export const LazyAccountMenu = retryingLazy(() => loadAccountWidgets().then((m) => m.AccountMenu));

/** The bell's place while its chunk loads: the same box, nothing to press yet. */
export function BellPlaceholder() {
  return (
    <div className="app-popover app-bell">
      <span className="app-bell__button" aria-hidden="true">
        <BellIcon />
      </span>
    </div>
  );
}

/** The account menu's place while its chunk loads. */
export function AccountMenuPlaceholder() {
  return <div className="app-account" aria-busy="true" />;
}
