import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, notificationKeys, notificationRead, type ApiError } from 'shared';
import { markNotificationsReadInCache } from '../../../../session/notification-cache';

/** Marks the given notifications read, or all of them without ids. */
export function readNotifications(ids?: number[]) {
  return apiRequest(notificationRead, { body: ids ? { ids } : {} });
}

export function useReadNotifications() {
  const queryClient = useQueryClient();
  return useMutation<Awaited<ReturnType<typeof readNotifications>>, ApiError, number[] | undefined>({
    mutationFn: readNotifications,
    onSuccess: ({ data }, ids) => {
      markNotificationsReadInCache(queryClient, ids ?? 'all', data.unread);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}
