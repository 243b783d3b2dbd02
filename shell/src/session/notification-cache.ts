import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { notificationKeys, type CallData, type notificationGetCollection } from 'shared';

/** One `notification/get-collection` answer: a page of the bell's panel with the unread count. */
export type NotificationPage = CallData<typeof notificationGetCollection>;
/** The bell's list: the pages loaded so far («Показать ещё»), newest first. */
export type NotificationPages = InfiniteData<NotificationPage, number>;

/**
 * Changes every cached page of the bell's list (`notificationKeys.lists()`). The socket's events,
 * the panel's own reads and the refetches all go through the pages, so the count and the marks
 * agree on every page loaded.
 */
export function updateNotificationPages(queryClient: QueryClient, change: (page: NotificationPage) => NotificationPage): void {
  queryClient.setQueriesData<NotificationPages>({ queryKey: notificationKeys.lists() }, (old) =>
    old && Array.isArray(old.pages) ? { ...old, pages: old.pages.map(change) } : old,
  );
}

/** The given notifications (or all of the panel's) read, and the panel's count as the server gave it. */
export function markNotificationsReadInCache(queryClient: QueryClient, ids: readonly number[] | 'all', unread: number): void {
  updateNotificationPages(queryClient, (page) => ({
    ...page,
    unread,
    items: page.items.map((item) => (ids === 'all' || ids.includes(item.id) ? { ...item, read: true } : item)),
  }));
}

/** The panel's unread count: the latest page's (each page answers the count as of its request). */
export function unreadOf(data: NotificationPages | undefined): number {
  return data?.pages[data.pages.length - 1]?.unread ?? 0;
}

/**
 * The loaded pages as one list, each notification once: a notification that arrived between two
 * pages' requests moves the offsets, so the next page starts with the last one already shown.
 */
export function notificationItems(data: NotificationPages | undefined): NotificationPage['items'] {
  const seen = new Set<number>();
  return (data?.pages ?? []).flatMap((page) => page.items.filter((item) => !seen.has(item.id) && seen.add(item.id)));
}
