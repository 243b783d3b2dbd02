import type { RemoteRoute, RoutePrefetch } from 'shared';
import { withSharedNeeds } from 'shared/shared-needs';
import { prefetchApplication } from './features/applications/api/get-application';
import { prefetchApplications, prefetchFreshApplications } from './features/applications/api/get-applications';
import { applicationListMeta } from './features/applications/lib/application-list-meta';
import { applicationMeta } from './features/applications/lib/application-meta';
import { prefetchExecutor } from './features/executors/api/get-executor';
import { prefetchExecutors } from './features/executors/api/get-executors';
import { executorListMeta, executorMeta } from './features/executors/lib/executor-meta';
import { prefetchFacility } from './features/facilities/api/get-facility';
import { prefetchFacilityMap } from './features/facilities/api/get-facility-map';
import { facilityMeta } from './features/facilities/lib/facility-meta';
import { homeMeta } from './features/home/lib/home-meta';
import { infoMeta } from './features/info/lib/info-pages';
import { prefetchService } from './features/services/api/get-service';
import { prefetchPopularServices, prefetchServiceList } from './features/services/api/get-services';
import { serviceListMeta, serviceMeta } from './features/services/lib/service-meta';
import { prefetchSystemStatus } from './features/system-status/api/get-remote-manifest';
import { testPageMeta } from './features/system-status/lib/test-page-meta';

/**
 * The routes' heads (`handle.meta`) are read by the shell's server alone (ARCHITECTURE §9), and
 * `./routes` is loaded by every page's start: a browser build (`__SSR__` false, a constant webpack
 * folds) leaves them, and the modules only they use, out. The server build and Jest have them.
 */
const heads =
  typeof __SSR__ === 'undefined' || __SSR__
    ? {
        home: homeMeta,
        about: infoMeta('about'),
        applications: applicationListMeta,
        application: applicationMeta,
        executor: executorMeta,
        executors: executorListMeta(false),
        executorSearch: executorListMeta(true),
        services: serviceListMeta,
        service: serviceMeta,
        facility: facilityMeta,
        consultations: infoMeta('consultations'),
        guarantees: infoMeta('guarantees'),
        contacts: infoMeta('contacts'),
        privacyPolicy: infoMeta('privacy-policy'),
        reference: infoMeta('reference'),
        test: testPageMeta,
      }
    : undefined;

/** The home page reads two sections: the popular services and the freshest applications. */
const prefetchHome: RoutePrefetch = (context) => Promise.all([prefetchPopularServices(context), prefetchFreshApplications(context), prefetchFacilityMap(context)]);

// Paths are relative to this remote's mount (remotes.json, `mounts` of /runtime-config.json); the
// shell reads this list at run time, so a new page here ships without a shell build. A route
// without `clientOnly` is also rendered on the server (ARCHITECTURE §9): its `prefetch` loads every
// query its first render reads, and `meta` writes its head from what that left in the cache.
export const routes: RemoteRoute[] = withSharedNeeds([
  { path: '', lazy: () => import('./pages/home-page'), handle: { title: 'Главная', prefetch: prefetchHome, meta: heads?.home } },
  { path: 'about', lazy: () => import('./pages/about-page'), handle: { title: 'О сервисе', meta: heads?.about } },
  {
    path: 'application',
    lazy: () => import('./pages/application-list-page'),
    handle: { title: 'Заявки', prefetch: prefetchApplications, meta: heads?.applications },
  },
  {
    path: 'application/search',
    lazy: () => import('./pages/application-list-page'),
    handle: { title: 'Поиск заявок', prefetch: prefetchApplications, meta: heads?.applications },
  },
  // Spec §2: client-rendered only. The server renders no HTML of theirs, but still runs their
  // prefetch and sends its answers with the page, so the browser renders them without asking again.
  {
    path: 'application/:id',
    lazy: () => import('./pages/application-page'),
    handle: { title: 'Заявка', clientOnly: true, prefetch: prefetchApplication, meta: heads?.application },
  },
  {
    path: 'executor',
    lazy: () => import('./pages/executor-list-page'),
    handle: { title: 'Исполнители', clientOnly: true, prefetch: prefetchExecutors, meta: heads?.executors },
  },
  {
    path: 'executor/search',
    lazy: () => import('./pages/executor-search-page'),
    handle: { title: 'Поиск исполнителей', clientOnly: true, prefetch: prefetchExecutors, meta: heads?.executorSearch },
  },
  {
    path: 'executor/:id',
    lazy: () => import('./pages/executor-page'),
    handle: { title: 'Исполнитель', prefetch: prefetchExecutor, meta: heads?.executor },
  },
  { path: 'service', lazy: () => import('./pages/service-list-page'), handle: { title: 'Услуги', prefetch: prefetchServiceList, meta: heads?.services } },
  { path: 'service/:id', lazy: () => import('./pages/service-page'), handle: { title: 'Услуга', prefetch: prefetchService, meta: heads?.service } },
  { path: 'facility/:id', lazy: () => import('./pages/facility-page'), handle: { title: 'Объект', prefetch: prefetchFacility, meta: heads?.facility } },
  { path: 'consultations', lazy: () => import('./pages/consultations-page'), handle: { title: 'Консультации', meta: heads?.consultations } },
  { path: 'guarantees', lazy: () => import('./pages/guarantees-page'), handle: { title: 'Гарантии', meta: heads?.guarantees } },
  { path: 'contacts', lazy: () => import('./pages/contacts-page'), handle: { title: 'Контакты', meta: heads?.contacts } },
  {
    path: 'privacy-policy',
    lazy: () => import('./pages/privacy-policy-page'),
    handle: { title: 'Политика конфиденциальности', meta: heads?.privacyPolicy },
  },
  { path: 'reference', lazy: () => import('./pages/reference-page'), handle: { title: 'Справочная информация', meta: heads?.reference } },
  {
    path: 'test',
    lazy: () => import('./pages/test-page'),
    handle: { title: 'Тестовая страница', prefetch: prefetchSystemStatus, meta: heads?.test },
  },
]);

export default routes;
