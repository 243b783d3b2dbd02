import { lazy } from 'react';
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

export const LazyNotificationBell = lazy(() => loadAccountWidgets().then((m) => ({ default: m.NotificationBell })));
export const LazyAccountMenu = lazy(() => loadAccountWidgets().then((m) => ({ default: m.AccountMenu })));

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
