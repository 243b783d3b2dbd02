// Runs one remote alone for development (`pnpm --filter <remote> dev`): its routes under its
// mount with a minimal layout, the runtime configuration and the session cookies. Imported
// from `shared/standalone`, so it never ships in the `shared` singleton.
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, Outlet, RouterProvider, useMatches, type RouteObject } from 'react-router-dom';
// Through the package name, not relative paths: the remote's pages use the `shared` singleton,
// and the configuration and session must be set on that same copy.
import { createQueryClient, hydrateSessionFromCookies, loadRuntimeConfig, setRuntimeConfig, type RemoteRoute } from 'shared';

function StandaloneLayout({ name }: { name: string }) {
  const matches = useMatches();
  const title = (matches.at(-1)?.handle as RemoteRoute['handle'] | undefined)?.title;
  useEffect(() => {
    if (title) document.title = `${title} — ${name} (standalone)`;
  }, [title, name]);
  return (
    <main id="main">
      <Outlet />
    </main>
  );
}

function toChild({ path, ...rest }: RemoteRoute): RouteObject {
  return (path === '' ? { ...rest, index: true } : { ...rest, path }) as RouteObject;
}

export async function startStandalone({ name, mount, routes }: { name: string; mount: string; routes: RemoteRoute[] }) {
  const container = document.getElementById('root');
  if (!container) return;
  try {
    setRuntimeConfig(await loadRuntimeConfig());
  } catch (error) {
    container.textContent = `Не удалось загрузить конфигурацию: ${String(error)}`;
    return;
  }
  hydrateSessionFromCookies();
  const router = createBrowserRouter([
    { path: mount, element: <StandaloneLayout name={name} />, HydrateFallback: () => null, children: routes.map(toChild) },
  ]);
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}
