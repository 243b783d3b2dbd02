// A remote ships a new page without a shell build (issue 8 §3): mf-messaging is built again from
// its own sources plus one test page (`/lk/message/probe`), the browser gets that build from
// mf-messaging's usual address, and the shell that global-setup serves — the same built files,
// the same process, the same /runtime-config.json — shows the page.
//
// Why this way: building the remote is the real release step (a few seconds to a minute); the
// probe page is added by a routes module outside the tree that spreads the real `routes`, so no
// test-only code ships in mf-messaging. Redeploying is simulated at the network layer (the
// browser's requests to mf-messaging's origin are answered from the new build), as the running
// static server of global-setup cannot be swapped under the other specs.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from './support/fixtures';
import { remoteUrl } from './support/env';
import { buildWithWebpack, createConfigModule, ROOT } from './support/build';

const MESSAGING = path.join(ROOT, 'mf-messaging');
const SHELL_ENTRY = path.join(ROOT, 'shell/dist/main.js');
const PROBE_TEXT = 'Проверочная страница: доставлена без сборки оболочки';

let work: string;
let probeDist: string;

/** Builds mf-messaging with one more route, into a temporary folder; returns the dist folder. */
async function buildProbeRemote(dir: string): Promise<string> {
  const routes = path.join(dir, 'routes.ts');
  // No JSX and no imports but the remote's own routes: nothing to resolve from /tmp.
  writeFileSync(
    routes,
    [
      `import { routes as released } from ${JSON.stringify(path.join(MESSAGING, 'src/routes.tsx'))};`,
      `function ProbePage() { return ${JSON.stringify(PROBE_TEXT)}; }`,
      "export const routes = [...released, { path: 'probe', lazy: async () => ({ Component: ProbePage }), handle: { title: 'Проверка доставки' } }];",
      'export default routes;',
    ].join('\n'),
  );
  const dist = path.join(dir, 'dist');
  await buildWithWebpack({
    pkg: 'mf-messaging',
    dir,
    configLines: [
      `const { createConfig } = require(${createConfigModule});`,
      `const make = createConfig({ name: 'mf-messaging', dir: ${JSON.stringify(MESSAGING)}, isHost: false, exposes: { './routes': ${JSON.stringify(routes)} } });`,
      `module.exports = (env, argv) => { const c = make(env, argv); c.output.path = ${JSON.stringify(dist)}; return c; };`,
    ],
    env: { BUILD_VERSION: 'probe' },
  });
  return dist;
}

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.json': 'application/json', '.css': 'text/css' };

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  work = mkdtempSync(path.join(tmpdir(), 'probe-remote-'));
  probeDist = await buildProbeRemote(work);
});

test.afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

test('a page added to a built remote is served by the running shell, without a shell build', async ({ page }) => {
  const shellBuiltAt = statSync(SHELL_ENTRY).mtimeMs;

  // Before the release: the remote's routes have no such page, so the shell answers 404.
  await page.goto('/lk/message/probe');
  await expect(page.getByText('Page not found: /lk/message/probe')).toBeVisible({ timeout: 20_000 });

  // The release: mf-messaging's address now serves the new build.
  await page.route(`${remoteUrl('mf-messaging')}/**`, async (route) => {
    const file = path.join(probeDist, new URL(route.request().url()).pathname);
    if (!file.startsWith(probeDist) || !existsSync(file) || statSync(file).isDirectory()) return route.fulfill({ status: 404 });
    return route.fulfill({
      status: 200,
      body: readFileSync(file),
      headers: {
        'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
        'Access-Control-Allow-Origin': '*',
        'Cache-Control': 'no-cache',
      },
    });
  });

  await page.goto('/lk/message/probe');
  await expect(page.getByRole('main').getByText(PROBE_TEXT)).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveTitle('Проверка доставки — Маркетплейс услуг');

  // Below the remote's mount, what its routes do not name is still a 404, from the new build.
  await page.goto('/lk/message/no-such-page');
  await expect(page.getByText('Page not found: /lk/message/no-such-page')).toBeVisible({ timeout: 20_000 });

  // The shell's files are the ones global-setup started with.
  expect(statSync(SHELL_ENTRY).mtimeMs).toBe(shellBuiltAt);
});
