import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useBusEvent } from '../bus/use-bus-event';
import { messagingKeys } from '../query/query-keys';
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

/**
 * The messaging page's live updates from the bus (the shell forwards the socket's events): a new
 * message joins its open thread and the list is asked for again, read marks turn ✓✓, and after a
 * reconnect what was missed is fetched (`afterId` of the newest message held, and the list).
 */
export function useMessagingLive(): void {
  const queryClient = useQueryClient();
  useBusEvent('message:received', ({ message }) => {
    addMessageToCache(queryClient, message);
    void queryClient.invalidateQueries({ queryKey: messagingKeys.lists() });
  });
  useBusEvent('message:read', (event) => applyReadEvent(queryClient, event));
  useReconnected(() => {
    void queryClient.invalidateQueries({ queryKey: messagingKeys.lists() });
    void catchUpThreads(queryClient);
  });
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
