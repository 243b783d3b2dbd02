import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { applicationKeys, useBusEvent } from 'shared';

/**
 * Keeps what a page shows of applications current: the other party's transitions arrive as socket
 * `notification` events (forwarded by the shell onto the bus), and those sent while this page's
 * socket was not bound to the user went nowhere: before its first connect (the page's data read
 * as the page opened) and while it was down. So each `socket:status` connected (said once the
 * socket is bound) asks again. `applicationId`: only notices about that one (or that name none)
 * refetch `queryKey`; without it, any notice does (a list may hold the application it is about).
 */
function useLiveApplications(queryKey: QueryKey, applicationId?: number) {
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

/** The open application's detail. */
export const useLiveDetail = (applicationId: number) => useLiveApplications(applicationKeys.detail(applicationId), applicationId);

/** The cabinet's lists of applications: a card's status and actions change with the other party's. */
export const useLiveLists = () => useLiveApplications(applicationKeys.lists());
