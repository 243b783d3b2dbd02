import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect } from 'react';
import { apiRequest, messagingKeys } from 'shared';
import { messageRead } from '../contract/messaging';
import { applyOwnRead, holdReadOnArrival } from './messaging-cache';

export async function readMessages(messagingId: number) {
  return (await apiRequest(messageRead, { body: { messagingId } })).data;
}

/**
 * Marks the interlocutor's messages read; the thread, the list and the badge follow the answer.
 * A read that fails leaves them unread: the badge and the lists are asked for (what came while
 * the conversation was read on arrival was not counted yet).
 */
export function useReadMessages(profileId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: readMessages,
    onSuccess: (answer) => applyOwnRead(queryClient, profileId, answer),
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: messagingKeys.unread(profileId), exact: true });
      void queryClient.invalidateQueries({ queryKey: messagingKeys.lists() });
    },
  });
}

/**
 * While `reading`, conversation `messagingId` is read on arrival (holdReadOnArrival): what the
 * interlocutor writes there is marked read at once, and is not counted unread meanwhile.
 */
export function useReadOnArrival(profileId: number, messagingId: number | null, reading: boolean): void {
  const queryClient = useQueryClient();
  useLayoutEffect(() => {
    if (!reading || messagingId === null) return;
    return holdReadOnArrival(queryClient, profileId, messagingId);
  }, [queryClient, profileId, messagingId, reading]);
}
