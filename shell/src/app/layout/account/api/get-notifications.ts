import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions, notificationGetCollection, notificationKeys, useIsLoggedIn } from 'shared';

/** The header's panel shows the newest few; the count covers them all. */
export const HEADER_NOTIFICATIONS_LIMIT = 10;

export function getNotificationsQueryOptions() {
  const query = { page: 1, limit: HEADER_NOTIFICATIONS_LIMIT };
  return apiQueryOptions(notificationGetCollection, { query }, notificationKeys.list(query));
}

export function useNotifications() {
  return useQuery({ ...getNotificationsQueryOptions(), enabled: useIsLoggedIn() });
}
