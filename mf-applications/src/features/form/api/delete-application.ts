import { useMutation } from '@tanstack/react-query';
import { apiRequest } from 'shared';
import { applicationDelete } from 'shared/lk';
import { useForgetApplication } from '../../../lib/forget-application';

export function useDeleteApplication() {
  const forget = useForgetApplication();
  return useMutation({
    mutationFn: (id: number) => apiRequest(applicationDelete, { query: { id } }),
    onSuccess: (_result, id) => void forget(id),
  });
}
