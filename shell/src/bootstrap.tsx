import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { hydrateSessionFromCookies, parseRuntimeConfig, setRuntimeConfig } from 'shared';
import 'shared/styles.css';
import './app/layout/layout.css';
import { App } from './app/app';
import { createAppRouter } from './app/router';
import { listenForChunkErrors } from './features/reload/chunk-error-listener';
import { registerRemoteOrigins } from './remotes/federation';
import { appQueryClient } from './session/app-query-client';
import { loadSession } from './session/load-session';
import { startSession } from './session/start-session';
import { rawConfigPromise } from './start/early-start';

function renderFatal(container: HTMLElement, error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  container.innerHTML =
    '<main id="main" class="app-main"><section class="error-screen"><h1>Внутренняя ошибка сервера</h1>' +
    '<p class="error-screen-detail"></p><button type="button" class="button">Обновить страницу</button></section></main>';
  container.querySelector('.error-screen-detail')!.textContent = message;
  container.querySelector('button')!.addEventListener('click', () => window.location.reload());
}

async function start() {
  const container = document.getElementById('root');
  if (!container) return;
  listenForChunkErrors();
  try {
    const config = parseRuntimeConfig(await rawConfigPromise);
    setRuntimeConfig(config);
    hydrateSessionFromCookies();
    registerRemoteOrigins(config.remotes);
  } catch (error) {
    renderFatal(container, error);
    return;
  }
  // Before the router: its first navigation runs the guards, and `profile` waits for this load.
  void loadSession(appQueryClient);
  const router = createAppRouter();
  startSession({ router, queryClient: appQueryClient });
  createRoot(container).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
}

void start();
