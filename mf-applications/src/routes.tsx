import type { RemoteRoute } from 'shared';

// Paths are relative to the mount the shell gives this remote (see shell/src/remotes/registry.ts).
export const routes: RemoteRoute[] = [
  { path: '', lazy: () => import('./pages/application-list-page'), handle: { title: 'Мои заявки', guards: ['auth', 'profile'] } },
  { path: 'form', lazy: () => import('./pages/application-form-page'), handle: { title: 'Новая заявка', guards: ['auth', 'profile'] } },
  { path: 'edit/:id', lazy: () => import('./pages/application-edit-page'), handle: { title: 'Редактирование заявки', guards: ['auth', 'profile'] } },
  { path: 'detail/:id', lazy: () => import('./pages/application-detail-page'), handle: { title: 'Заявка', guards: ['auth'] } },
];

export default routes;
