import { BellIcon } from './bell-icon';
import { useNotifications } from './api/get-notifications';
import { NotificationList } from './notification-list';
import { useDisclosure } from './use-disclosure';

export function NotificationBell() {
  const { data } = useNotifications();
  const unread = data?.unread ?? 0;
  const { open, close, buttonProps, panelRef, panelId } = useDisclosure();
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
          <p className="app-popover__title">Уведомления</p>
          <NotificationList onNavigate={close} />
        </div>
      )}
    </div>
  );
}
