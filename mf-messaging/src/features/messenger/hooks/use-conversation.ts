import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions, messagingKeys } from 'shared';
import { messagingGetCollection, type Messaging } from 'shared/lk';

/**
 * One conversation of the active profile, `messaging/get-collection?id=`, for an open thread the
 * list's loaded pages do not hold (past its first page, or the list still on its way): its
 * interlocutor and application. Undefined while it loads, when it is not asked for, and when it is
 * not this profile's (the thread says that itself).
 */
export function useConversation(profileId: number, messagingId: number | null, { enabled }: { enabled: boolean }): Messaging | undefined {
  const id = messagingId ?? 0;
  const { data } = useQuery({
    ...apiQueryOptions(messagingGetCollection, { query: { id, limit: 1 } }, messagingKeys.detail(profileId, id)),
    enabled: enabled && messagingId !== null,
    select: (page) => page.items.find((c) => c.id === id),
  });
  return data;
}
