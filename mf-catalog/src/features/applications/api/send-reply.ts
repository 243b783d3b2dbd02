import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, applicationKeys, isStale, type CallBody } from 'shared';
import { applicationReplySend } from 'shared/lk';

export type SendReplyBody = CallBody<typeof applicationReplySend>;

export function sendReply(body: SendReplyBody) {
  return apiRequest(applicationReplySend, { body });
}

/**
 * After a reply the application answers its replier with the reply in it: refetch it. After a
 * refusal that says the page is behind (unpublished, deleted, closed meanwhile, a new price) too,
 * so the page shows where the application stands.
 */
export function useSendReply(applicationId: number) {
  const queryClient = useQueryClient();
  const refetch = () => queryClient.invalidateQueries({ queryKey: applicationKeys.detail(applicationId) });
  return useMutation({
    mutationFn: sendReply,
    onSuccess: refetch,
    onError: (error) => (isStale(error) ? refetch() : undefined),
  });
}
