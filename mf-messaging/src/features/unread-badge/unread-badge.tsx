import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { useBusEvent, useSessionStore, VisuallyHidden } from 'shared';
import { useMessagingLive, useUnreadMessages } from 'shared/lk';
import './unread-badge.css';

/**
 * A screen reader's word for a message that arrives where its conversation is not open: the
 * count beside the icon changes silently (the open conversation's log says its own messages).
 * Each arrival is a new node, so two from the same person are both said. The socket brings the
 * messages of all the user's profiles (an organisation's too), and a message carries no word of
 * whom it was written to: it is said once the active profile's count, asked again, has grown by
 * it — one written to another profile changes nothing here, as the count and the list do not.
 * When the count cannot be asked, the message is said anyway.
 */
function useArrivals(profileId: number | null, unread: UseQueryResult<number>) {
  const { pathname, search } = useLocation();
  const [arrival, setArrival] = useState<{ n: number; text: string } | null>(null);
  // The newest arrival since the count was last settled, when it came, and the count before it.
  const waiting = useRef<{ text: string; at: number; before: number | undefined } | null>(null);
  useBusEvent('message:received', ({ message }) => {
    if (profileId === null || message.author.id === profileId) return;
    const open = pathname === '/lk/message' && new URLSearchParams(search).get('messagingId') === String(message.messagingId);
    if (open) return;
    // The same event asks for the count again (useUnreadMessages; one being asked starts over).
    const before = waiting.current ? waiting.current.before : unread.data;
    waiting.current = { text: `Новое сообщение: ${message.author.name}`, at: Date.now(), before };
  });
  const { isFetching, data, dataUpdatedAt, errorUpdatedAt } = unread;
  useEffect(() => {
    const pending = waiting.current;
    // Until the count asked after the message has come (or failed to).
    if (!pending || isFetching || Math.max(dataUpdatedAt, errorUpdatedAt) < pending.at) return;
    waiting.current = null;
    const failed = errorUpdatedAt >= pending.at;
    if (failed || data === undefined || pending.before === undefined || data > pending.before) {
      setArrival((last) => ({ n: (last?.n ?? 0) + 1, text: pending.text }));
    }
  }, [isFetching, data, dataUpdatedAt, errorUpdatedAt]);
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
  const unreadQuery = useUnreadMessages(profileId);
  const unread = unreadQuery.data;
  useMessagingLive();
  const arrival = useArrivals(profileId, unreadQuery);
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
