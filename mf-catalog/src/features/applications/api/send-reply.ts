import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest, applicationKeys, bus, isApiError, isStale, useSessionStore, type CallBody } from 'shared';
import { applicationReplySend } from 'shared/lk';
import { activeReplyOf } from '../lib/own-reply';
import { getApplicationQueryOptions } from './get-application';

export type SendReplyBody = CallBody<typeof applicationReplySend>;
export const REPLY_SENT_MESSAGE = 'Отклик отправлен';

export function sendReply(body: SendReplyBody) {
  return apiRequest(applicationReplySend, { body });
}

/**
 * A reply whose answer was lost (ApiError `outcomeUnknown`: the server may have taken it) and that the
 * application, read again, lists as this profile's live one: it went (QA EEE-4). The fresh copy is
 * the page's too. A read that fails as well says nothing: undefined.
 */
async function landedReply(queryClient: QueryClient, applicationId: number, profileId: number) {
  const fresh = await queryClient.fetchQuery({ ...getApplicationQueryOptions(applicationId), staleTime: 0 }).catch(() => undefined);
  return fresh && activeReplyOf(fresh, profileId);
}

/**
 * After a reply the application answers its replier with the reply in it: refetch it. After a
 * refusal that says the page is behind (unpublished, deleted, closed meanwhile, a new price) too,
 * so the page shows where the application stands. The reply sent is said here, by the mutation:
 * the dialog may have been closed («Отмена») while it went, and it went all the same (QA O-9). A
 * reply whose answer was lost but that the application shows made is that success, not «Сервер
 * недоступен» (as the detail page's `landed`); else the failure stands, and a send again is safe
 * (the server refuses a second reply, and the page then shows the one there).
 */
export function useSendReply(applicationId: number) {
  const queryClient = useQueryClient();
  const refetch = () => queryClient.invalidateQueries({ queryKey: applicationKeys.detail(applicationId) });
  return useMutation({
    mutationFn: async (body: SendReplyBody) => {
      // The profile it goes as, taken as it goes: the one whose reply the application would list.
      const profileId = useSessionStore.getState().activeProfile?.id;
      try {
        return await sendReply(body);
      } catch (error) {
        const landed = profileId !== undefined && isApiError(error) && error.outcomeUnknown ? await landedReply(queryClient, body.id, profileId) : undefined;
        if (landed) return { data: landed };
        throw error;
      }
    },
    onSuccess: ({ message }) => {
      bus.emit('toast:show', { type: 'success', message: message || REPLY_SENT_MESSAGE });
      return refetch();
    },
    onError: (error) => (isStale(error) ? refetch() : undefined),
  });
}
