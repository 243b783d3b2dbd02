// Before anything imports zod (the shared contract builds its schemas on load): see the file.
import './app/zod-jitless';
import { afterFirstPaint, preloadFirstRoute, yieldToBrowser } from './start/early-start';

preloadFirstRoute();

/**
 * Async boundary: the federation runtime negotiates shared singletons before any of them runs.
 * A server-rendered page is painted before its hydration code is evaluated, and the big shared
 * packages are evaluated one task each, with the browser free to handle input in between,
 * rather than in one long task (ARCHITECTURE §9; each `import()` resolves to the module the
 * bootstrap then reuses).
 */
async function start() {
  await afterFirstPaint();
  for (const load of [() => import('react-dom'), () => import('react-router-dom'), () => import('shared')]) {
    await load().catch(() => undefined);
    await yieldToBrowser();
  }
  await import(/* webpackChunkName: "bootstrap" */ './bootstrap');
}

void start();
