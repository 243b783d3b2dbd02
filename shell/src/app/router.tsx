import { createBrowserRouter, type Location, type Navigation, type RouteObject } from 'react-router-dom';
import { getRuntimeConfig } from 'shared';
import { NotFoundPage } from '../features/error-screens/not-found-page';
import { RootErrorBoundary } from '../features/error-screens/root-error-boundary';
import { remoteMounts, type RemoteMount } from '../remotes/registry';
import { createRemoteRoute, type RemoteRouteDeps } from '../remotes/remote-route';
import { RootLayout } from './layout/root-layout';

/** `mounts` default to the runtime configuration's: which remote owns which path prefix. */
export type AppRouteDeps = Partial<RemoteRouteDeps> & { mounts?: readonly RemoteMount[] };

export function createAppRoutes({ mounts, ...deps }: AppRouteDeps = {}): RouteObject[] {
  const owners = mounts ?? remoteMounts(getRuntimeConfig().mounts);
  return [
    {
      // Pathless: with `path: '/'` the layout alone would outrank a root mount's `*` at `/`.
      id: 'root',
      Component: RootLayout,
      ErrorBoundary: RootErrorBoundary,
      children: [
        ...owners.map((owner) => createRemoteRoute(owner, { ...deps, mounts: owners })),
        // A remote mounted at `/` answers every other path itself (404 from its routes).
        ...(owners.some((owner) => owner.mount === '/') ? [] : [{ path: '*', Component: NotFoundPage }]),
      ],
    },
  ];
}

type RouterState = { state: { location: Location; navigation: Navigation } };

/** The hash of the location the router is loading (or, at start, has loaded) when it is `url`. */
export function loadingHash(router: RouterState, url: URL): string {
  const { location, navigation } = router.state;
  const loading = navigation.location ?? location;
  return loading.pathname === url.pathname && loading.search === url.search ? loading.hash : '';
}

/**
 * Whether the browser's history stands at `url` already (its #hash aside: loaders never see it).
 * It does on a page load and on «Назад»/«Вперёд»; a link's navigation adds its entry only at the end.
 */
export function isBrowserEntry(url: URL): boolean {
  return window.location.pathname === url.pathname && window.location.search === url.search;
}

export function createAppRouter(deps?: AppRouteDeps) {
  // Loaders run after `loadRoutes` has answered, once `router` is assigned.
  const router = createBrowserRouter(createAppRoutes({ readHash: (url) => loadingHash(router, url), isCurrentEntry: isBrowserEntry, ...deps }));
  return router;
}

export type Router = ReturnType<typeof createAppRouter>;
