import type { RemoteRoute } from 'shared';
import { withSharedNeeds } from 'shared/shared-needs';

// Paths are relative to this remote's mount (remotes.json, `mounts` of /runtime-config.json); the
// shell reads this list at run time, so a new page here ships without a shell build.
export const routes: RemoteRoute[] = withSharedNeeds([
  { path: '', lazy: () => import('./pages/cabinet-page'), handle: { title: 'Личный кабинет', guards: ['auth'] } },
  { path: 'profile', lazy: () => import('./pages/profile-page'), handle: { title: 'Профиль', guards: ['auth'] } },
  { path: 'service', lazy: () => import('./pages/service-page'), handle: { title: 'Мои услуги', guards: ['auth', 'profile'] } },
  { path: 'facility', lazy: () => import('./pages/facility-list-page'), handle: { title: 'Мои объекты', guards: ['auth', 'profile'] } },
  { path: 'facility/form', lazy: () => import('./pages/facility-form-page'), handle: { title: 'Новый объект', guards: ['auth', 'profile'] } },
  { path: 'facility/:id', lazy: () => import('./pages/facility-page'), handle: { title: 'Объект', guards: ['auth', 'profile'] } },
  { path: 'money', lazy: () => import('./pages/money-page'), handle: { title: 'Баланс', guards: ['auth', 'profile'] } },
  { path: 'organization', lazy: () => import('./pages/organization-list-page'), handle: { title: 'Организации', guards: ['auth'] } },
  { path: 'organization/add', lazy: () => import('./pages/organization-add-page'), handle: { title: 'Добавление организации', guards: ['auth'] } },
  { path: 'employee', lazy: () => import('./pages/employee-page'), handle: { title: 'Сотрудники', guards: ['auth', 'profile'] } },
]);

export default routes;
