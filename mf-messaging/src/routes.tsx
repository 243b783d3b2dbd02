import type { RemoteRoute } from 'shared';
import { withSharedNeeds } from 'shared/shared-needs';
import { prefetchConversations } from './features/messenger/prefetch';

// Paths are relative to this remote's mount (remotes.json, `mounts` of /runtime-config.json); the
// shell reads this list at run time, so a new page here ships without a shell build.
export const routes: RemoteRoute[] = withSharedNeeds([
  {
    path: '',
    lazy: () => import('./pages/message-page'),
    handle: { title: 'Сообщения', guards: ['auth', 'profile'], prefetch: prefetchConversations },
  },
]);

export default routes;
