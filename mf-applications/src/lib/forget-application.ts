import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { applicationKeys } from 'shared';

/**
 * What the cache does after a delete: the application's detail is dropped (a fetch under way is
 * cancelled), never refetched, since the server would answer 404; the lists that held it are refetched.
 */
export function useForgetApplication() {
  const queryClient = useQueryClient();
  return useCallback(
    (id: number) => {
      queryClient.removeQueries({ queryKey: applicationKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: applicationKeys.lists() });
    },
    [queryClient],
  );
}
