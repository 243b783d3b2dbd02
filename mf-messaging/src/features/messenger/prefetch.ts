import { useSessionStore, type RoutePrefetch } from 'shared';
import { followMessagingEvents, getMessagingsQueryOptions } from 'shared/lk';

/** The route's prefetch: the conversation list, while the page's chunk downloads. */
export const prefetchConversations: RoutePrefetch = ({ queryClient }) => {
  // Live before the list is fetched: a message arriving while the chunk loads marks it stale.
  followMessagingEvents(queryClient);
  const profileId = useSessionStore.getState().activeProfile?.id;
  return profileId === undefined ? undefined : queryClient.prefetchInfiniteQuery(getMessagingsQueryOptions(profileId));
};
