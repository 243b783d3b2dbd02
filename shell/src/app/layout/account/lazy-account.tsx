import { BellIcon } from './bell-icon';

/**
 * The header's logged-in widgets (the bell, the account menu) come in their own chunk: a guest's
 * start does not carry them. The header shows them through `WidgetSlot`, like the remote badge; the
 * start asks for the chunk as soon as the cookies say there is a session
 * (`preloadAccountWidgets`), so it is usually in by the time the session has loaded.
 */
const loadAccountWidgets = () => import(/* webpackChunkName: "account" */ './account-widgets');

export function preloadAccountWidgets(): void {
  // A failed load shows in the widgets' slots when they render (and is tried again there).
  loadAccountWidgets().catch(() => undefined);
}

export const loadNotificationBell = () => loadAccountWidgets().then((m) => m.NotificationBell);
export const loadAccountMenu = () => loadAccountWidgets().then((m) => m.AccountMenu);

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
