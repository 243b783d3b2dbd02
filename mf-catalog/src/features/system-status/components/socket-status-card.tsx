import { formatPublicDateTime } from '../../../lib/dates';
import { useSocketStatus } from '../hooks/use-socket-status';
import { StatusBadge } from './status-badge';
import './system-status.css';

export function SocketStatusCard() {
  const status = useSocketStatus();
  return (
    <section className="status-card" aria-labelledby="status-socket-title">
      <h2 id="status-socket-title">Соединение в реальном времени</h2>
      <p role="status">
        {status === null ? (
          <StatusBadge tone="neutral">нет данных</StatusBadge>
        ) : status.connected ? (
          <StatusBadge tone="ok">подключено</StatusBadge>
        ) : (
          <StatusBadge tone="fail">отключено</StatusBadge>
        )}
      </p>
      <p className="status-card__note">
        {status === null
          ? 'Состояние появится при следующем подключении или отключении. Соединение открывается только после входа.'
          : `Последнее изменение: ${formatPublicDateTime(status.at)}`}
      </p>
    </section>
  );
}
