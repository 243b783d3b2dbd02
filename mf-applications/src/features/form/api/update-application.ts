import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, applicationKeys, type CallBody } from 'shared';
import { applicationUpdate } from 'shared/lk';

export type UpdateBody = CallBody<typeof applicationUpdate>;

/** `application/update {id, ...fields}` before an executor is named; an unpublished one is published again. */
export function useUpdateApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateBody) => apiRequest(applicationUpdate, { body }),
    onSuccess: ({ data }) => {
      void queryClient.invalidateQueries({ queryKey: applicationKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: applicationKeys.detail(data.id) });
    },
  });
}
