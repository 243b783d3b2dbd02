import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { applicationKeys, useBusEvent } from 'shared';

/**
 * Keeps the open detail current: the other party's transitions arrive as socket `notification`
 * events (forwarded by the shell onto the bus), and a reconnect may have missed some.
 */
export function useLiveDetail(applicationId: number) {
  const queryClient = useQueryClient();
  const wasDisconnected = useRef(false);
  const refetch = () => void queryClient.invalidateQueries({ queryKey: applicationKeys.detail(applicationId) });

  useBusEvent('notification:received', ({ applicationId: about }) => {
    // No id at all (a shell that does not forward it yet): it may be about this one.
    if (about === applicationId || about === undefined) refetch();
  });
  useBusEvent('socket:status', ({ connected }) => {
    if (connected && wasDisconnected.current) refetch();
    wasDisconnected.current = !connected;
  });
}
