import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { applicationKeys, forgetQuery } from 'shared';

/**
 * What the cache does after a delete: the application's detail is forgotten (forgetQuery), never
 * refetched, since the server would answer 404; the lists that held it are refetched.
 */
export function useForgetApplication() {
  const queryClient = useQueryClient();
  return useCallback(
    (id: number) => {
      forgetQuery(queryClient, applicationKeys.detail(id));
      return queryClient.invalidateQueries({ queryKey: applicationKeys.lists() });
    },
    [queryClient],
  );
}
