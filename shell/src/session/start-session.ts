import type { QueryClient } from '@tanstack/react-query';
import { bus, getRuntimeConfig, hasSession, zodReady } from 'shared';
import { listenForAuthExpired } from './auth-expired';
import { listenForLoginElsewhere } from './login-elsewhere';
import { listenForLogoutElsewhere } from './sign-out';
import type { createRealtime } from './realtime';
import type { SocketFactory } from './socket-options';

export interface SessionRouter {
  navigate(to: string, options?: { replace?: boolean }): unknown;
}

export interface StartSessionDeps {
  router: SessionRouter;
  queryClient: QueryClient;
  /** Tests inject a fake; by default socket.io-client is fetched once there is a session. */
  createSocket?: SocketFactory;
}

// A guest never connects, so the client library stays out of the first page's JavaScript. Its
// events are parsed as they arrive: zod comes with it (shared/src/zod/on-demand.ts), and so does
// the realtime module, whose messaging events are `shared/lk`'s contract.
const loadRealtime = () => import(/* webpackChunkName: "realtime" */ './realtime').then((module) => module.createRealtime);
const loadSocketFactory = (): Promise<SocketFactory> =>
  Promise.all([import(/* webpackChunkName: "socket" */ 'socket.io-client'), zodReady()]).then(([{ io }]) => (url, options) => io(url, options));

/** Called once at start, after the session load began (bootstrap): expiry handling, logins and logouts in other tabs, the socket. */
export function startSession(deps: StartSessionDeps): () => void {
  const { router, queryClient } = deps;
  const stopExpired = listenForAuthExpired((to) => router.navigate(to), queryClient);
  const stopLogoutElsewhere = listenForLogoutElsewhere((to) => router.navigate(to), queryClient);
  const stopLoginElsewhere = listenForLoginElsewhere({ navigate: (to, options) => router.navigate(to, options) }, queryClient);
  let stopped = false;
  let stopRealtime = () => {};
  const begin = ([create, createSocket]: [typeof createRealtime, SocketFactory]) => {
    if (stopped) return;
    stopRealtime = create({ url: getRuntimeConfig().apiUrl, queryClient, createSocket }).start();
  };
  let stopWaiting = () => {};
  if (deps.createSocket) {
    const createSocket = deps.createSocket;
    void loadRealtime().then((create) => begin([create, createSocket]), () => undefined);
  } else {
    const load = () => {
      stopWaiting();
      void Promise.all([loadRealtime(), loadSocketFactory()]).then(begin, () => undefined);
    };
    if (hasSession()) load();
    else stopWaiting = bus.on('auth:logged-in', load);
  }
  return () => {
    stopped = true;
    stopWaiting();
    stopExpired();
    stopLogoutElsewhere();
    stopLoginElsewhere();
    stopRealtime();
  };
}
