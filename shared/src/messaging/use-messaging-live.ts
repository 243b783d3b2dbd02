import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { bus, useBusEvent, messagingKeys } from 'shared';
import { useUnreadMessagesQuery } from './get-messagings';
import { addMessageToCache, applyReadEvent, catchUpThreads } from './messaging-cache';

/** Calls `onBack` on the first `socket:status {connected: true}` after a lost connection. */
function useReconnected(onBack: () => void): void {
  const lost = useRef(false);
  useBusEvent('socket:status', ({ connected }) => {
    if (!connected) {
      lost.current = true;
      return;
    }
    if (!lost.current) return;
    lost.current = false;
    onBack();
  });
}

// One follower per query client for the page's life, even if a remote ends up with its own copy of `shared`.
const FOLLOWED = Symbol.for('shared.messaging.followed');
const holder = globalThis as { [FOLLOWED]?: WeakSet<QueryClient> };

/**
 * Keeps the messaging cache live from the bus (the shell forwards the socket's events): a new
 * message joins its cached thread and the lists are asked for again, read marks turn ✓✓, and
 * after a reconnect what was missed is fetched (`afterId` of the newest message held, and the
 * lists). Installed once per query client and never removed, from the first of the route's
 * prefetch, the header badge or the page: a message that arrives while the page's chunk is
 * still loading (its list already prefetched) is not lost.
 */
export function followMessagingEvents(queryClient: QueryClient): void {
  const followed = (holder[FOLLOWED] ??= new WeakSet());
  if (followed.has(queryClient)) return;
  followed.add(queryClient);
  const refreshLists = () => void queryClient.invalidateQueries({ queryKey: messagingKeys.lists() });
  bus.on('message:received', ({ message }) => {
    addMessageToCache(queryClient, message);
    refreshLists();
  });
  bus.on('message:read', (event) => applyReadEvent(queryClient, event));
  let lost = false;
  bus.on('socket:status', ({ connected }) => {
    if (!connected) {
      lost = true;
      return;
    }
    if (!lost) return;
    lost = false;
    refreshLists();
    void catchUpThreads(queryClient);
  });
}

/** The messaging page's live updates: followMessagingEvents for the page's query client. */
export function useMessagingLive(): void {
  const queryClient = useQueryClient();
  useEffect(() => followMessagingEvents(queryClient), [queryClient]);
}

/**
 * The header badge's unread total for the active profile, asked again when a message arrives,
 * when the profile's own reading elsewhere is reported, and after a reconnect.
 */
export function useUnreadMessages(profileId: number | null) {
  const queryClient = useQueryClient();
  const query = useUnreadMessagesQuery(profileId);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: messagingKeys.unread(profileId), exact: true });
  useBusEvent('message:received', refresh);
  useBusEvent('message:read', (event) => {
    if (event.readerProfileId === profileId) refresh();
  });
  useReconnected(refresh);
  return query;
}
