import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions, notificationGetCollection, notificationKeys, useIsLoggedIn } from 'shared';

/** The header's panel shows the newest few; the count covers them all. */
export const HEADER_NOTIFICATIONS_LIMIT = 10;

export function getNotificationsQueryOptions() {
  const query = { page: 1, limit: HEADER_NOTIFICATIONS_LIMIT };
  return apiQueryOptions(notificationGetCollection, { query }, notificationKeys.list(query));
}

/**
 * Asked again whenever the window gets the focus back: notifications read in another tab or on
 * another device leave this tab's count behind (the socket tells of new ones, not of reads).
 */
export function useNotifications() {
  return useQuery({ ...getNotificationsQueryOptions(), enabled: useIsLoggedIn(), refetchOnWindowFocus: 'always' });
}
