import type { Page } from '@playwright/test';
import { logInWithCookies } from './support/accounts';
import { settled } from './support/audit';
import { API_URL, REMOTE_URLS, remoteUrl, SHELL_URL } from './support/env';
import { expect, test } from './support/fixtures';

// Issue 8: every web origin says nosniff, a strict referrer policy and "never framed"; the
// shell's CSP names exactly the configured origins, and the app runs under it without a violation.

const COMMON = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

/** Collects `securitypolicyviolation` events from the first script of every document. */
async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const list: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = list;
    document.addEventListener('securitypolicyviolation', (e) =>
      list.push(`${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`),
    );
  });
  const fromConsole: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) fromConsole.push(msg.text());
  });
  // Each call returns what the current document reported, and the console lines since the last call.
  return async () => [
    ...fromConsole.splice(0),
    ...(await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])),
  ];
}

test('the shell sends the security headers and a CSP of exactly its configured origins', async ({ request }) => {
  for (const path of ['/', '/application', '/main.js', '/runtime-config.json']) {
    const res = await request.get(`${SHELL_URL}${path}`);
    expect(res.status(), path).toBe(200);
    expect(res.headers(), path).toMatchObject(COMMON);
  }
  const csp = directives((await request.get(`${SHELL_URL}/`)).headers()['content-security-policy'] ?? '');
  const remotes = Object.values(REMOTE_URLS);
  const wsApi = API_URL.replace(/^http/, 'ws');
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('script-src')).toEqual(["'self'", ...remotes]);
  expect(csp.get('connect-src')).toEqual(["'self'", API_URL, wsApi, ...remotes]);
  expect(csp.get('img-src')).toEqual(expect.arrayContaining(["'self'", API_URL]));
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('form-action')).toEqual(["'self'", API_URL]);
  // No inline script and no eval: neither keyword anywhere in script-src.
  expect(csp.get('script-src')!.join(' ')).not.toMatch(/unsafe-inline|unsafe-eval/);
});

test('a remote sends the security headers, CORS for the shell, and forbids framing', async ({ request }) => {
  const res = await request.get(`${remoteUrl('mf-catalog')}/mf-manifest.json`);
  expect(res.status()).toBe(200);
  expect(res.headers()).toMatchObject({ ...COMMON, 'access-control-allow-origin': '*' });
  expect(res.headers()['content-security-policy']).toBe("frame-ancestors 'none'");
});

test('a page on another origin cannot frame the app', async ({ page }) => {
  // The framing page is served from the API's origin: another origin than the shell's.
  await page.route(`${API_URL}/framing-test`, (route) =>
    route.fulfill({ contentType: 'text/html', body: `<!doctype html><iframe id="app" src="${SHELL_URL}/" width="800" height="600"></iframe>` }),
  );
  await page.goto(`${API_URL}/framing-test`);
  const frame = page.frames().find((f) => f !== page.mainFrame())!;
  // Chromium replaces a refused frame by its error page: the app's document never loads there.
  await expect.poll(() => frame.url(), { timeout: 10_000 }).toMatch(/^chrome-error:/);
  expect(await frame.locator('#root').count()).toBe(0);
});

test('no CSP violation on the public pages, the map, and logged in', async ({ page, context, request, consoleErrors }) => {
  test.setTimeout(60_000);
  const violations = await recordViolations(page);
  const seen: string[] = [];
  const visit = async (path: string, ready: () => Promise<void>) => {
    await page.goto(path);
    await ready();
    seen.push(...(await violations()));
  };
  const main = page.getByRole('main');
  await visit('/', () => expect(main.getByRole('heading', { level: 1 })).toBeVisible());
  await visit('/application', async () => {
    await expect(main.getByRole('article').first()).toBeVisible();
    const map = page.getByRole('region', { name: /Карта/ }).or(page.locator('[aria-label^="Карта"]')).first();
    await map.scrollIntoViewIfNeeded();
    await expect(map.locator('img.leaflet-tile-loaded').first()).toBeVisible({ timeout: 20_000 });
  });
  await visit('/executor', () => expect(main.getByRole('heading', { level: 1 })).toBeVisible());
  await visit('/no-such-page', () => expect(main.getByRole('heading', { level: 1 })).toBeVisible());

  await logInWithCookies(context, request);
  await visit('/lk/profile', () => expect(page.getByRole('banner').getByRole('button', { name: /Уведомления/ })).toBeVisible());
  await visit('/lk/application', () => settled(page));

  expect(seen).toEqual([]);
  expect(consoleErrors.filter((e) => /Content Security Policy|Refused to/i.test(e))).toEqual([]);
});
