import { useNotifications } from './api/get-notifications';
import { NotificationList } from './notification-list';
import { useDisclosure } from './use-disclosure';

export function NotificationBell() {
  const { data } = useNotifications();
  const unread = data?.unread ?? 0;
  const { open, close, buttonProps, panelRef, panelId } = useDisclosure();
  return (
    <div className="app-popover app-bell">
      <button type="button" className="app-bell__button" aria-label={`Уведомления: ${unread} непрочитанных`} {...buttonProps}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" focusable="false">
          <path
            fill="currentColor"
            d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5-6.71V3.5a2 2 0 1 0-4 0v.79A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
          />
        </svg>
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
