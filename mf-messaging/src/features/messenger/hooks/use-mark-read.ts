import { useEffect, useRef, useState } from 'react';
import { useReadMessages, useReadOnArrival, type Message } from 'shared/lk';

function usePageVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState !== 'hidden');
  useEffect(() => {
    const update = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

/**
 * Marks the conversation read while its thread is on screen, the reader at its bottom (`following`)
 * and the tab visible: once when it opens with unread messages (it opens at the bottom), and again
 * for each new message from the interlocutor. What comes while the reader is up in the history is
 * not in sight: it is marked read (one call, for the newest) when he is back at the bottom.
 * Meanwhile a thread shown `whole` (no search or period, which a new message may not match) is read
 * on arrival: the header's badge and the list do not count what comes in it as unread until it is read.
 */
export function useMarkRead(profileId: number, messagingId: number | null, messages: readonly Message[] | null, listUnread: number, following: boolean, whole = true) {
  const read = useReadMessages(profileId);
  const visible = usePageVisible();
  useReadOnArrival(profileId, messagingId, messages !== null && visible && following && whole);
  const asked = useRef(new Set<string>());
  const newestUnread = messages?.filter((m) => m.author.id !== profileId && !m.read).at(-1)?.id ?? null;
  const pending = messages !== null && (newestUnread !== null || listUnread > 0);
  const { mutate, isPending } = read;

  useEffect(() => {
    if (messagingId === null || !pending || !visible || !following || isPending) return;
    // One call per newest unread message: a failure is not retried in a loop, a new message asks
    // again. The list's count alone (unread beyond what is shown) asks once, and only first: a
    // list fetched before a read may still hold the count that read cleared.
    const key = newestUnread === null ? 'list' : `message:${newestUnread}`;
    if (asked.current.has(key) || (key === 'list' && asked.current.size > 0)) return;
    asked.current.add(key);
    mutate(messagingId);
  }, [messagingId, pending, visible, following, isPending, newestUnread, mutate]);
}
