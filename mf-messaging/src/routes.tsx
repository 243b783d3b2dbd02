import type { RemoteRoute } from 'shared';

// Paths are relative to the mount the shell gives this remote (see shell/src/remotes/registry.ts).
export const routes: RemoteRoute[] = [
  { path: '', lazy: () => import('./pages/message-page'), handle: { title: 'Сообщения', guards: ['auth', 'profile'] } },
];

export default routes;
