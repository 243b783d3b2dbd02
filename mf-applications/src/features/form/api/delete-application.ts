import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, applicationKeys } from 'shared';
import { applicationDelete } from 'shared/lk';

export function useDeleteApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(applicationDelete, { query: { id } }),
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: applicationKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: applicationKeys.lists() });
    },
  });
}
