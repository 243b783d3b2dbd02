import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, applicationKeys, type CallBody } from 'shared';
import { applicationDraftUpsert } from 'shared/lk';

export type DraftBody = CallBody<typeof applicationDraftUpsert>;

export interface SaveDraftVariables {
  body: DraftBody;
  /** Sent as the page goes away: the request must outlive it. */
  keepalive?: boolean;
}

/** Spec §8: shown when a save fails without a server message. */
export const DRAFT_ERROR_MESSAGE = 'Не удалось сохранить черновик';

export function useSaveDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, keepalive }: SaveDraftVariables) =>
      apiRequest(applicationDraftUpsert, { body, errorMessage: DRAFT_ERROR_MESSAGE, ...(keepalive ? { keepalive } : {}) }),
    onSuccess: ({ data }) => {
      void queryClient.invalidateQueries({ queryKey: applicationKeys.lists() });
      // The form holds the newest values: the cached answer is only marked old, not fetched again.
      void queryClient.invalidateQueries({ queryKey: applicationKeys.detail(data.id), refetchType: 'none' });
    },
  });
}
