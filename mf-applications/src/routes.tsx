import type { RemoteRoute } from 'shared';
import { withSharedNeeds } from 'shared/shared-needs';

// Paths are relative to this remote's mount (remotes.json, `mounts` of /runtime-config.json); the
// shell reads this list at run time, so a new page here ships without a shell build.
export const routes: RemoteRoute[] = withSharedNeeds([
  { path: '', lazy: () => import('./pages/application-list-page'), handle: { title: 'Мои заявки', guards: ['auth', 'profile'] } },
  { path: 'form', lazy: () => import('./pages/application-form-page'), handle: { title: 'Новая заявка', guards: ['auth', 'profile'] } },
  { path: 'edit/:id', lazy: () => import('./pages/application-edit-page'), handle: { title: 'Редактирование заявки', guards: ['auth', 'profile'] } },
  { path: 'detail/:id', lazy: () => import('./pages/application-detail-page'), handle: { title: 'Заявка', guards: ['auth'] } },
]);

export default routes;
