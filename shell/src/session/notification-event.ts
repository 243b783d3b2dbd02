import type { QueryClient } from '@tanstack/react-query';
import { balanceKeys, bus, notificationEventSchema, notificationKeys, type CallData, type notificationGetCollection } from 'shared';

type NotificationList = CallData<typeof notificationGetCollection>;

function messageOf(payload: unknown): string | null {
  const message = (payload as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : null;
}

/**
 * Socket event `notification`: the bell's count at once, the lists refetched, a toast and a bus
 * event. The balance is read again too: what a notification tells (a deal paid, closed or
 * cancelled, a withdrawal paid out or refused) is what moves money, and the header shows it.
 */
export function handleNotificationEvent(queryClient: QueryClient, payload: unknown): void {
  const parsed = notificationEventSchema.safeParse(payload);
  const unread = parsed.success ? parsed.data.unread : undefined;
  queryClient.setQueriesData<NotificationList>({ queryKey: notificationKeys.lists() }, (old) =>
    old ? { ...old, unread: unread ?? old.unread + 1 } : old,
  );
  void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  void queryClient.invalidateQueries({ queryKey: balanceKeys.all });
  const message = messageOf(payload);
  if (!message) return;
  // The application it is about: its open lk page refreshes itself (mf-applications listens).
  const applicationId = parsed.success ? (parsed.data.applicationId ?? null) : null;
  bus.emit('notification:received', { message, applicationId });
  bus.emit('toast:show', { type: 'info', message });
}
