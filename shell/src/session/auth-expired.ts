import type { QueryClient } from '@tanstack/react-query';
import { bus } from 'shared';

/**
 * Remotes and the API client only announce an expired session ('Ошибка авторизации' is already
 * shown and the cookies cleared); the shell drops the cached data of that user and goes to '/'.
 */
export function listenForAuthExpired(navigate: (to: string) => unknown, queryClient?: QueryClient): () => void {
  return bus.on('auth:expired', () => {
    queryClient?.clear();
    void navigate('/');
  });
}
