import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, applicationKeys, bus, isStale, type CallBody } from 'shared';
import { applicationReplySend } from 'shared/lk';

export type SendReplyBody = CallBody<typeof applicationReplySend>;
export const REPLY_SENT_MESSAGE = 'Отклик отправлен';

export function sendReply(body: SendReplyBody) {
  return apiRequest(applicationReplySend, { body });
}

/**
 * After a reply the application answers its replier with the reply in it: refetch it. After a
 * refusal that says the page is behind (unpublished, deleted, closed meanwhile, a new price) too,
 * so the page shows where the application stands. The reply sent is said here, by the mutation:
 * the dialog may have been closed («Отмена») while it went, and it went all the same (QA O-9).
 */
export function useSendReply(applicationId: number) {
  const queryClient = useQueryClient();
  const refetch = () => queryClient.invalidateQueries({ queryKey: applicationKeys.detail(applicationId) });
  return useMutation({
    mutationFn: sendReply,
    onSuccess: ({ message }) => {
      bus.emit('toast:show', { type: 'success', message: message || REPLY_SENT_MESSAGE });
      return refetch();
    },
    onError: (error) => (isStale(error) ? refetch() : undefined),
  });
}
