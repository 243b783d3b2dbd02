import { useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { useBusEvent, useSessionStore, VisuallyHidden } from 'shared';
import { useMessagingLive, useUnreadMessages } from 'shared/lk';
import './unread-badge.css';

/**
 * A screen reader's word for a message that arrives where its conversation is not open: the
 * count beside the icon changes silently (the open conversation's log says its own messages).
 * Each arrival is a new node, so two from the same person are both said.
 */
function useArrivals(profileId: number | null) {
  const { pathname, search } = useLocation();
  const [arrival, setArrival] = useState<{ n: number; text: string } | null>(null);
  useBusEvent('message:received', ({ message }) => {
    if (profileId === null || message.author.id === profileId) return;
    const open = pathname === '/lk/message' && new URLSearchParams(search).get('messagingId') === String(message.messagingId);
    if (open) return;
    setArrival((last) => ({ n: (last?.n ?? 0) + 1, text: `Новое сообщение: ${message.author.name}` }));
  });
  return arrival;
}

/**
 * The header's way to the messages with the active profile's unread count (exposed as
 * `./unread-badge`, mounted by the shell). Live: a new message asks for the count again (and is
 * announced), and reading on the page sets it at once. Mounted on every page of a logged-in
 * user, it also keeps the messaging cache live (useMessagingLive), so the conversations are
 * current when opened.
 */
export function UnreadBadge() {
  const profileId = useSessionStore((s) => s.activeProfile?.id ?? null);
  const { data: unread } = useUnreadMessages(profileId);
  useMessagingLive();
  const arrival = useArrivals(profileId);
  const label = unread === undefined ? 'Сообщения' : `Сообщения, непрочитанных: ${unread}`;
  return (
    <>
      <NavLink to="/lk/message" className="msg-badge" aria-label={label}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" focusable="false">
          <path fill="currentColor" d="M4 4h16a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2Zm0 2v10.2L7.2 15H20V6H4Z" />
        </svg>
        {unread !== undefined && unread > 0 && (
          <span className="msg-badge__count" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </NavLink>
      <VisuallyHidden aria-live="polite">{arrival && <span key={arrival.n}>{arrival.text}</span>}</VisuallyHidden>
    </>
  );
}
