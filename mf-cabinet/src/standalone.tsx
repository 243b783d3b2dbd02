// Runs this remote alone for development (`pnpm --filter mf-cabinet dev`); never exposed.
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, Outlet, RouterProvider, useMatches, type RouteObject } from 'react-router-dom';
import { createQueryClient, hydrateSessionFromCookies, loadRuntimeConfig, setRuntimeConfig, type RemoteRoute } from 'shared';
import 'shared/styles.css';
import { routes } from './routes';

const MOUNT = '/lk';

function StandaloneLayout() {
  const matches = useMatches();
  const title = (matches.at(-1)?.handle as RemoteRoute['handle'] | undefined)?.title;
  useEffect(() => {
    if (title) document.title = `${title} — mf-cabinet (standalone)`;
  }, [title]);
  return (
    <main id="main">
      <Outlet />
    </main>
  );
}

function toChild({ path, ...rest }: RemoteRoute): RouteObject {
  return (path === '' ? { ...rest, index: true } : { ...rest, path }) as RouteObject;
}

async function start() {
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
    { path: MOUNT, Component: StandaloneLayout, HydrateFallback: () => null, children: routes.map(toChild) },
  ]);
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}

void start();
