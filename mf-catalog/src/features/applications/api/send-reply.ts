import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, applicationKeys, type CallBody } from 'shared';
import { applicationReplySend } from 'shared/lk';

export type SendReplyBody = CallBody<typeof applicationReplySend>;

export function sendReply(body: SendReplyBody) {
  return apiRequest(applicationReplySend, { body });
}

/** After a reply the application answers its replier with the reply in it: refetch it. */
export function useSendReply(applicationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendReply,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: applicationKeys.detail(applicationId) }),
  });
}
