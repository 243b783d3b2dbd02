import { useCallback, useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { focusPageStart } from 'shared';
import { unreadOf } from '../../../session/notification-cache';
import { BellIcon } from './bell-icon';
import { useNotifications } from './api/get-notifications';
import { NotificationList } from './notification-list';
import { useDisclosure } from './use-disclosure';

/**
 * A notification's link closes the panel, and the link that had the focus goes with it. Once the
 * router is at the link's address (a new entry even when it is the page already open, another
 * search or #hash), the focus goes to that page's start, as when a dialog or a form leaves with its
 * page (focusPageStart), rather than staying on <body>. A focus the new page placed itself is kept.
 */
function useFocusPageAfterFollow(): () => void {
  const { key } = useLocation();
  const following = useRef(false);
  useEffect(() => {
    if (!following.current) return;
    following.current = false;
    const active = document.activeElement;
    if (!active || active === document.body) focusPageStart();
  }, [key]);
  return useCallback(() => {
    following.current = true;
  }, []);
}

export function NotificationBell() {
  const { data } = useNotifications();
  const unread = unreadOf(data);
  const { open, close, buttonProps, panelRef, panelId } = useDisclosure();
  // Where the keyboard goes when the control it was on goes away inside the open panel.
  const headingRef = useRef<HTMLParagraphElement>(null);
  const followed = useFocusPageAfterFollow();
  const onNavigate = useCallback(() => {
    followed();
    close();
  }, [followed, close]);
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
