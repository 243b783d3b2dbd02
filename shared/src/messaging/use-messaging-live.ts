import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { bus, useBusEvent, messagingKeys } from 'shared';
import { useUnreadMessagesQuery } from './get-messagings';
import { addMessageToCache, applyReadEvent, catchUpThreads, readOnArrival } from './messaging-cache';

/**
 * Calls `onBound` on each `socket:status {connected: true}`, said once the server has bound the
 * socket to the user: what was sent before went nowhere, whether the connection was lost or the
 * page was opening (its data read before the first connect).
 */
function useBound(onBound: () => void): void {
  useBusEvent('socket:status', ({ connected }) => {
    if (connected) onBound();
  });
}

// One follower per query client for the page's life, even if a remote ends up with its own copy of `shared`.
const FOLLOWED = Symbol.for('shared.messaging.followed');
const holder = globalThis as { [FOLLOWED]?: WeakSet<QueryClient> };

/**
 * Keeps the messaging cache live from the bus (the shell forwards the socket's events): a new
 * message joins its cached thread and the lists are asked for again, read marks turn ✓✓, and
 * once the socket is bound (its first connect, a reconnect) what was missed is fetched (`afterId`
 * of the newest message held, and the lists). Installed once per query client and never removed,
 * from the first of the route's prefetch, the header badge or the page: a message that arrives
 * while the page's chunk is still loading (its list already prefetched) is not lost.
 */
export function followMessagingEvents(queryClient: QueryClient): void {
  const followed = (holder[FOLLOWED] ??= new WeakSet());
  if (followed.has(queryClient)) return;
  followed.add(queryClient);
  const refreshLists = () => void queryClient.invalidateQueries({ queryKey: messagingKeys.lists() });
  bus.on('message:received', ({ message }) => {
    addMessageToCache(queryClient, message);
    // Read on arrival (the open conversation): its read's answer asks for the lists.
    if (!readOnArrival(queryClient, message)) refreshLists();
  });
  bus.on('message:read', (event) => applyReadEvent(queryClient, event));
  // Bound (the first connect or after a lost connection): what was sent before is fetched.
  bus.on('socket:status', ({ connected }) => {
    if (!connected) return;
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
 * The header badge's unread total for the active profile, asked again when a message arrives
 * (not one read on arrival, in the conversation open here: its read sets the count), when the
 * profile's own reading elsewhere is reported, and once the socket is bound (its first connect,
 * a reconnect).
 */
export function useUnreadMessages(profileId: number | null) {
  const queryClient = useQueryClient();
  const query = useUnreadMessagesQuery(profileId);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: messagingKeys.unread(profileId), exact: true });
  useBusEvent('message:received', ({ message }) => {
    if (!readOnArrival(queryClient, message)) refresh();
  });
  useBusEvent('message:read', (event) => {
    if (event.readerProfileId === profileId) refresh();
  });
  useBound(refresh);
  return query;
}
