import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useBusEvent } from '../bus/use-bus-event';
import { applicationKeys } from './query-keys';

/**
 * Keeps what a page shows of applications current: the other party's transitions arrive as socket
 * `notification` events (forwarded by the shell onto the bus), and those sent while this page's
 * socket was not bound to the user went nowhere: before its first connect (the page's data read
 * as the page opened) and while it was down. So each `socket:status` connected (said once the
 * socket is bound) asks again. `applicationId`: only notices about that one (or that name none)
 * refetch `queryKey`; without it, any notice does (a list may hold the application it is about).
 */
export function useLiveApplications(queryKey: QueryKey, applicationId?: number): void {
  const queryClient = useQueryClient();
  const refetch = () => void queryClient.invalidateQueries({ queryKey });

  useBusEvent('notification:received', ({ applicationId: about }) => {
    // No id at all (a shell that does not forward it yet): it may be about this one.
    if (applicationId === undefined || about === applicationId || about === undefined) refetch();
  });
  useBusEvent('socket:status', ({ connected }) => {
    if (connected) refetch();
  });
}

/** One open application (`application/get`, `applicationKeys.detail`): the lk's detail and the public page. */
export const useLiveApplication = (applicationId: number) => useLiveApplications(applicationKeys.detail(applicationId), applicationId);
