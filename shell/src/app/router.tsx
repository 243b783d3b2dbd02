import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { NotFoundPage } from '../features/error-screens/not-found-page';
import { RootErrorBoundary } from '../features/error-screens/root-error-boundary';
import { remoteRegistry } from '../remotes/registry';
import { createRemoteRoutes, type RemoteRouteDeps } from '../remotes/remote-route';
import { RootLayout } from './layout/root-layout';

export function createAppRoutes(deps?: RemoteRouteDeps): RouteObject[] {
  return [
    {
      id: 'root',
      path: '/',
      Component: RootLayout,
      ErrorBoundary: RootErrorBoundary,
      children: [
        ...remoteRegistry.flatMap((entry) => createRemoteRoutes(entry, deps)),
        { path: '*', Component: NotFoundPage },
      ],
    },
  ];
}

export function createAppRouter(deps?: RemoteRouteDeps) {
  return createBrowserRouter(createAppRoutes(deps));
}

export type Router = ReturnType<typeof createAppRouter>;
