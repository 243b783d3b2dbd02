import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery, type InfiniteData } from '@tanstack/react-query';
import { apiRequest, messagingKeys, nextPageOf, type ApiError, type CallData } from 'shared';
import { messagingGetCollection } from '../contract/messaging';

export type MessagingPage = CallData<typeof messagingGetCollection>;

/** `applicationId`: the conversations about one application (the "write to" lookup). */
export type MessagingListFilter = {
  applicationId?: number;
};

/** The active profile's conversations, newest activity first, page by page («Показать ещё»). */
export function getMessagingsQueryOptions(profileId: number | null, filter: MessagingListFilter = {}) {
  return infiniteQueryOptions<MessagingPage, ApiError, InfiniteData<MessagingPage, number>, ReturnType<typeof messagingKeys.list>, number>({
    queryKey: messagingKeys.list(profileId, { ...filter }),
    queryFn: async ({ pageParam, signal }) => (await apiRequest(messagingGetCollection, { query: { ...filter, page: pageParam }, signal })).data,
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });
}

export function useMessagings(profileId: number | null, filter: MessagingListFilter = {}, { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...getMessagingsQueryOptions(profileId, filter), enabled: enabled && profileId !== null });
}

/** The header badge's figure: the profile's unread total, from the smallest page of the list. */
export function getUnreadMessagesQueryOptions(profileId: number | null) {
  return queryOptions<number, ApiError>({
    queryKey: messagingKeys.unread(profileId),
    queryFn: async ({ signal }) => (await apiRequest(messagingGetCollection, { query: { limit: 1 }, signal })).data.unread,
  });
}

/**
 * Asked again whenever the window gets the focus back, besides the socket's events: a count
 * missed while the connection was down or the device asleep is put right when the user looks.
 */
export function useUnreadMessagesQuery(profileId: number | null) {
  return useQuery({ ...getUnreadMessagesQueryOptions(profileId), enabled: profileId !== null, refetchOnWindowFocus: 'always' });
}
