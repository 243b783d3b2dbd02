import { bus } from 'shared';

/** Remotes and the API client only announce an expired session; the shell navigates. */
export function listenForAuthExpired(navigate: (to: string) => unknown): () => void {
  return bus.on('auth:expired', () => {
    void navigate('/');
  });
}
