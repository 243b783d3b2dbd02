import type { RemoteRoute } from 'shared';
import { prefetchApplications } from './features/applications/api/get-applications';

// Paths are relative to this remote's mount (remotes.json, `mounts` of /runtime-config.json); the
// shell reads this list at run time, so a new page here ships without a shell build.
export const routes: RemoteRoute[] = [
  { path: '', lazy: () => import('./pages/home-page'), handle: { title: 'Главная' } },
  { path: 'about', lazy: () => import('./pages/about-page'), handle: { title: 'О сервисе' } },
  { path: 'application', lazy: () => import('./pages/application-list-page'), handle: { title: 'Заявки', prefetch: prefetchApplications } },
  { path: 'application/search', lazy: () => import('./pages/application-list-page'), handle: { title: 'Поиск заявок', prefetch: prefetchApplications } },
  { path: 'application/:id', lazy: () => import('./pages/application-page'), handle: { title: 'Заявка' } },
  { path: 'executor', lazy: () => import('./pages/executor-list-page'), handle: { title: 'Исполнители' } },
  { path: 'executor/search', lazy: () => import('./pages/executor-search-page'), handle: { title: 'Поиск исполнителей' } },
  { path: 'executor/:id', lazy: () => import('./pages/executor-page'), handle: { title: 'Исполнитель' } },
  { path: 'service', lazy: () => import('./pages/service-list-page'), handle: { title: 'Услуги' } },
  { path: 'service/:id', lazy: () => import('./pages/service-page'), handle: { title: 'Услуга' } },
  { path: 'facility/:id', lazy: () => import('./pages/facility-page'), handle: { title: 'Объект' } },
  { path: 'consultations', lazy: () => import('./pages/consultations-page'), handle: { title: 'Консультации' } },
  { path: 'guarantees', lazy: () => import('./pages/guarantees-page'), handle: { title: 'Гарантии' } },
  { path: 'contacts', lazy: () => import('./pages/contacts-page'), handle: { title: 'Контакты' } },
  { path: 'privacy-policy', lazy: () => import('./pages/privacy-policy-page'), handle: { title: 'Политика конфиденциальности' } },
  { path: 'reference', lazy: () => import('./pages/reference-page'), handle: { title: 'Справочная информация' } },
  { path: 'test', lazy: () => import('./pages/test-page'), handle: { title: 'Тестовая страница' } },
];

export default routes;
