import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest, nextPageOf, notificationGetCollection, notificationKeys, useIsLoggedIn, type ApiError } from 'shared';
import type { NotificationPage, NotificationPages } from '../../../../session/notification-cache';

/** The header's panel shows the newest few, then a page more at each «Показать ещё»; the count covers them all. */
export const HEADER_NOTIFICATIONS_LIMIT = 10;

export function getNotificationsQueryOptions() {
  const limit = HEADER_NOTIFICATIONS_LIMIT;
  return infiniteQueryOptions<NotificationPage, ApiError, NotificationPages, ReturnType<typeof notificationKeys.list>, number>({
    queryKey: notificationKeys.list({ limit }),
    queryFn: async ({ pageParam, signal }) => (await apiRequest(notificationGetCollection, { query: { page: pageParam, limit }, signal })).data,
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });
}

/**
 * Asked again whenever the window gets the focus back: the socket tells of new notifications and
 * of reads elsewhere (`notification:read`), but not while its connection was down.
 */
export function useNotifications() {
  return useInfiniteQuery({ ...getNotificationsQueryOptions(), enabled: useIsLoggedIn(), refetchOnWindowFocus: 'always' });
}
