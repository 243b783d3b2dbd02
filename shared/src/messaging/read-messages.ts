import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from 'shared';
import { messageRead } from '../contract/messaging';
import { applyOwnRead } from './messaging-cache';

export async function readMessages(messagingId: number) {
  return (await apiRequest(messageRead, { body: { messagingId } })).data;
}

/** Marks the interlocutor's messages read; the thread, the list and the badge follow the answer. */
export function useReadMessages(profileId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: readMessages,
    onSuccess: (answer) => applyOwnRead(queryClient, profileId, answer),
  });
}
