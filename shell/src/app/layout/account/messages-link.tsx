import { Link } from 'react-router-dom';

/**
 * The header's way to the messages while mf-messaging's badge loads, or when it cannot: the same
 * place and size, without the count.
 */
export function MessagesLink({ unavailable = false }: { unavailable?: boolean }) {
  return (
    <Link to="/lk/message" className="app-bell__button app-messages-link" aria-label={unavailable ? 'Сообщения (число непрочитанных недоступно)' : 'Сообщения'}>
      <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" focusable="false">
        <path fill="currentColor" d="M4 4h16a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2Zm0 2v10.2L7.2 15H20V6H4Z" />
      </svg>
    </Link>
  );
}
