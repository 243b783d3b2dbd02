import type { QueryClient } from '@tanstack/react-query';
import { bus, getRuntimeConfig, hasSession, zodReady } from 'shared';
import { listenForAuthExpired } from './auth-expired';
import { createRealtime } from './realtime';
import type { SocketFactory } from './socket-options';

export interface SessionRouter {
  navigate(to: string): unknown;
}

export interface StartSessionDeps {
  router: SessionRouter;
  queryClient: QueryClient;
  /** Tests inject a fake; by default socket.io-client is fetched once there is a session. */
  createSocket?: SocketFactory;
}

// A guest never connects, so the client library stays out of the first page's JavaScript. Its
// events are parsed as they arrive: zod comes with it (shared/src/zod/on-demand.ts).
const loadSocketFactory = (): Promise<SocketFactory> =>
  Promise.all([import(/* webpackChunkName: "socket" */ 'socket.io-client'), zodReady()]).then(([{ io }]) => (url, options) => io(url, options));

/** Called once at start, after the session load began (bootstrap): expiry handling, the socket. */
export function startSession(deps: StartSessionDeps): () => void {
  const { router, queryClient } = deps;
  const stopExpired = listenForAuthExpired((to) => router.navigate(to), queryClient);
  let stopped = false;
  let stopRealtime = () => {};
  const begin = (createSocket: SocketFactory) => {
    if (stopped) return;
    stopRealtime = createRealtime({ url: getRuntimeConfig().apiUrl, queryClient, createSocket }).start();
  };
  let stopWaiting = () => {};
  if (deps.createSocket) {
    begin(deps.createSocket);
  } else {
    const load = () => {
      stopWaiting();
      void loadSocketFactory().then(begin, () => undefined);
    };
    if (hasSession()) load();
    else stopWaiting = bus.on('auth:logged-in', load);
  }
  return () => {
    stopped = true;
    stopWaiting();
    stopExpired();
    stopRealtime();
  };
}
