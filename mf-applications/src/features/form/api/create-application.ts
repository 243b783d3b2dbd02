import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, applicationKeys, type CallBody } from 'shared';
import { applicationCreate } from 'shared/lk';

export type CreateBody = CallBody<typeof applicationCreate>;

/** `application/create`: a complete draft's `{id}`, or every field at once. */
export function useCreateApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateBody) => apiRequest(applicationCreate, { body }),
    onSuccess: ({ data }) => {
      void queryClient.invalidateQueries({ queryKey: applicationKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: applicationKeys.detail(data.id) });
    },
  });
}
