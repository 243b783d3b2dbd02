import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { apiRequest, compactFilter, messagingKeys, nextPageOf, type ApiError, type CallData } from 'shared';
import { isTimeZoneName, messageGetCollection, type Message } from '../contract/messaging';

export type MessagePage = CallData<typeof messageGetCollection>;
export type MessagePages = InfiniteData<MessagePage, number>;

/** Spec §3's message filter: `query` (text or a document's name), `from`/`to` (ISO dates, inclusive). */
export interface MessageFilter {
  query?: string;
  from?: string;
  to?: string;
}

export const isFiltered = (filter: MessageFilter): boolean => Object.keys(compactFilter({ ...filter })).length > 0;

/**
 * The zone the thread's days are the reader's in: the runtime's own (`localDayKey` groups by it).
 * Undefined when the API would not take its name; the API's days are then Moscow's.
 */
function readerTimeZone(): string | undefined {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return typeof zone === 'string' && isTimeZoneName(zone) ? zone : undefined;
}

/**
 * One conversation's messages: page 1 is the newest (the API's order), older pages follow. A
 * period goes with the reader's zone, so its days are those the thread shows under «Сегодня» and
 * the dates; the zone is part of the key (a period's pages are those of one zone's days).
 */
export function getMessagesQueryOptions(profileId: number | null, messagingId: number, filter: MessageFilter = {}) {
  const period = Boolean(filter.from || filter.to);
  const params = compactFilter({ ...filter, ...(period ? { timeZone: readerTimeZone() } : {}) });
  return infiniteQueryOptions<MessagePage, ApiError, MessagePages, ReturnType<typeof messagingKeys.thread>, number>({
    queryKey: messagingKeys.thread(profileId, messagingId, params),
    queryFn: async ({ pageParam, signal }) =>
      (await apiRequest(messageGetCollection, { query: { messagingId, ...params, page: pageParam }, signal })).data,
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });
}

export function useMessages(profileId: number | null, messagingId: number | null, filter: MessageFilter = {}) {
  return useInfiniteQuery({ ...getMessagesQueryOptions(profileId, messagingId ?? 0, filter), enabled: messagingId !== null });
}

/**
 * The pages as a thread reads: oldest first, each message once (a page fetched after new messages
 * arrived overlaps the one before it, as offsets have moved on).
 */
export function threadMessages(pages: readonly MessagePage[] | undefined): Message[] {
  const seen = new Set<number>();
  const out: Message[] = [];
  for (const page of pages ?? []) {
    for (const message of page.items) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      out.push(message);
    }
  }
  return out.sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id - b.id);
}
