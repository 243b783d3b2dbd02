import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, notificationKeys, notificationRead, type ApiError, type CallData, type notificationGetCollection } from 'shared';

type NotificationList = CallData<typeof notificationGetCollection>;

/** Marks the given notifications read, or all of them without ids. */
export function readNotifications(ids?: number[]) {
  return apiRequest(notificationRead, { body: ids ? { ids } : {} });
}

export function useReadNotifications() {
  const queryClient = useQueryClient();
  return useMutation<Awaited<ReturnType<typeof readNotifications>>, ApiError, number[] | undefined>({
    mutationFn: readNotifications,
    onSuccess: ({ data }, ids) => {
      queryClient.setQueriesData<NotificationList>({ queryKey: notificationKeys.lists() }, (old) =>
        old
          ? {
              ...old,
              unread: data.unread,
              items: old.items.map((item) => (!ids || ids.includes(item.id) ? { ...item, read: true } : item)),
            }
          : old,
      );
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}
