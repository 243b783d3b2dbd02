import { Link } from 'react-router-dom';
import { Button, ErrorState, formatDateTime, Spinner, type Notification } from 'shared';
import { useNotifications } from './api/get-notifications';
import { useReadNotifications } from './api/read-notifications';

export function NotificationList({ onNavigate }: { onNavigate: () => void }) {
  const { data, isPending, isError, error, refetch, isRefetching } = useNotifications();
  const read = useReadNotifications();

  if (isPending) return <Spinner label="Загрузка уведомлений…" />;
  if (isError) return <ErrorState title="Не удалось загрузить уведомления" message={error.message} onRetry={() => void refetch()} retrying={isRefetching} />;
  if (!data.items.length) return <p className="app-notifications__empty">Нет уведомлений</p>;

  const open = (item: Notification) => {
    if (!item.read) read.mutate([item.id]);
    onNavigate();
  };

  return (
    <>
      <ul className="app-notifications__list">
        {data.items.map((item) => (
          <li key={item.id} className={item.read ? 'app-notification' : 'app-notification app-notification--unread'}>
            {!item.read && <span className="ui-visually-hidden">Новое: </span>}
            {item.link ? (
              <Link to={item.link} onClick={() => open(item)}>
                {item.message}
              </Link>
            ) : (
              <span>{item.message}</span>
            )}
            <time className="app-notification__time" dateTime={item.createdAt}>
              {formatDateTime(item.createdAt)}
            </time>
            {!item.read && !item.link && (
              <Button variant="ghost" size="sm" onClick={() => read.mutate([item.id])}>
                Прочитано
              </Button>
            )}
          </li>
        ))}
      </ul>
      {data.unread > 0 && (
        <Button variant="secondary" size="sm" loading={read.isPending} onClick={() => read.mutate(undefined)}>
          Отметить все прочитанными
        </Button>
      )}
    </>
  );
}
