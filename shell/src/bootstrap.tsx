import { StrictMode, startTransition } from 'react';
// ES imports are evaluated in order: react-dom's client module with Error stacks off (see the file).
import './start/quiet-stacks-begin';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './start/quiet-stacks-end';
import { hydrate } from '@tanstack/react-query';
import { hasSession, hydrateSessionFromCookies, parseRuntimeConfig, setRuntimeConfig, setZoneWindows, zodReady } from 'shared';
import 'shared/styles.css';
import './app/layout/layout.css';
import { App } from './app/app';
import { preloadAccountWidgets } from './app/layout/account/lazy-account';
import { createAppRouter } from './app/router';
import { listenForChunkErrors } from './features/reload/chunk-error-listener';
import { bridgeToasts } from './features/toasts/toast-bridge';
import { registerRemoteOrigins } from './remotes/federation';
import { appQueryClient } from './session/app-query-client';
import { loadSession } from './session/load-session';
import { startSession } from './session/start-session';
import { removeAppLoading, WithoutAppLoading } from './start/app-loading';
import { cacheInlinedStart } from './start/cache-inlined-start';
import { guardDoubleClickTail } from './start/double-click-guard';
import { EarlyInputReplay } from './start/early-input';
import { rawConfigPromise, yieldToBrowser } from './start/early-start';
import { afterNextPaint } from './start/next-paint';
import { hasServerHead, keepServerTitle, readSsrData, routerReady } from './start/ssr-data';

function renderFatal(container: HTMLElement, error: unknown) {
  removeAppLoading();
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
  guardDoubleClickTail();
  // The modules of this chunk were evaluated in this task: the app starts in the next one.
  await yieldToBrowser();
  try {
    const config = parseRuntimeConfig(await rawConfigPromise);
    setRuntimeConfig(config);
    hydrateSessionFromCookies();
    registerRemoteOrigins(config.remotes);
    // The header's logged-in widgets are a chunk of their own: fetched now, beside the session's load.
    if (hasSession()) preloadAccountWidgets();
  } catch (error) {
    renderFatal(container, error);
    return;
  }
  // A server-rendered page (ARCHITECTURE §9), or a client-only one that came with its data: the
  // data goes into the cache before anything reads it.
  const ssr = readSsrData();
  const rendered = Boolean(ssr && container.firstElementChild);
  if (ssr) {
    hydrate(appQueryClient, ssr.state);
    setZoneWindows(ssr.zones);
  }
  // The page's head from the server (a client-only page's too, when its route has one) describes
  // this page: its title is kept over the route's plain one, its tags go on the next navigation.
  if (ssr && (rendered || hasServerHead())) keepServerTitle(document.title);
  // Toasts emitted from here on wait for the toast view (the session's load may end the session,
  // with its toast, before the first render).
  bridgeToasts();
  // Before the router: its first navigation runs the guards, and `profile` waits for this load.
  void loadSession(appQueryClient);
  const router = createAppRouter();
  startSession({ router, queryClient: appQueryClient });
  const app = (
    <StrictMode>
      <App router={router} />
    </StrictMode>
  );
  // Hydration needs the same tree the server sent: the route's remote page loaded first.
  if (rendered) await routerReady(router);
  // A route that failed here (its remote's code did not load in this browser) is not the tree the
  // server sent: its error panel is rendered afresh, not hydrated into a mismatch (React's #418).
  if (rendered && !router.state.errors) {
    // As a transition the hydration is time-sliced: it yields to the browser every few
    // milliseconds instead of blocking the main thread for the whole page (input stays responsive).
    // What the visitor typed or chose in the server's HTML before that reaches React once hydrated.
    startTransition(() => {
      hydrateRoot(container, <EarlyInputReplay container={container}>{app}</EarlyInputReplay>);
    });
    // The server's style blocks stay: the page's modules left the rules they hold out of their own
    // <style> elements (scripts/webpack/style-tag-transform.cjs), which were parsed once, with the HTML.
  } else {
    createRoot(container).render(<WithoutAppLoading>{app}</WithoutAppLoading>);
  }
  // zod is not part of the start (shared/src/zod/on-demand.ts): it is fetched once the page is
  // painted, so it is usually there before the first answer or form needs it (they wait if not).
  void afterNextPaint()
    .then(() => zodReady())
    .catch(() => undefined);
  // The libraries that came inline with a client-only page, into the cache for the next one.
  void cacheInlinedStart();
}

void start();
