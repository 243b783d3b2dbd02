import { useCallback, useRef } from 'react';
import { parsePath, useLocation } from 'react-router-dom';
import { useFocusNextPage } from 'shared';
import { unreadOf } from '../../../session/notification-cache';
import { BellIcon } from './bell-icon';
import { useNotifications } from './api/get-notifications';
import { NotificationList } from './notification-list';
import { useDisclosure } from './use-disclosure';

export function NotificationBell() {
  const { data } = useNotifications();
  const unread = unreadOf(data);
  const { open, close, buttonProps, panelRef, panelId } = useDisclosure();
  // Where the keyboard goes when the control it was on goes away inside the open panel.
  const headingRef = useRef<HTMLParagraphElement>(null);
  // A notification's link closes the panel, and the link that had the focus goes with it. To
  // another page, that focus so lost goes to the new page's heading once it is shown
  // (FocusOnNavigation: a detail page's heading comes with its data); to the page already open
  // (another search or #hash), which FocusOnNavigation leaves alone, to its heading at once.
  const { pathname } = useLocation();
  const followed = useFocusNextPage();
  const onNavigate = useCallback(
    (to: string) => {
      if (parsePath(to).pathname === pathname) followed();
      close();
    },
    [followed, close, pathname],
  );
  return (
    <div className="app-popover app-bell">
      <button type="button" className="app-bell__button" aria-label={`Уведомления, непрочитанных: ${unread}`} {...buttonProps}>
        <BellIcon />
        {unread > 0 && (
          <span className="app-bell__badge" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <div ref={panelRef} id={panelId} className="app-popover__panel app-notifications" role="region" aria-label="Уведомления">
          <p ref={headingRef} className="app-popover__title" tabIndex={-1}>
            Уведомления
          </p>
          <NotificationList onNavigate={onNavigate} headingRef={headingRef} />
        </div>
      )}
    </div>
  );
}
