import { test as base, expect, type Page } from '@playwright/test';

// Every page records console errors and uncaught exceptions; specs assert on them where the
// journey promises a clean page.
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    page.on('pageerror', (err) => errors.push(err.message));
    await use(errors);
  },
});

export { expect };

/** Collects the URLs of every request the page makes. */
export function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (req) => urls.push(req.url()));
  return urls;
}

/**
 * Holds the shell's entry script back until `release()` is called: the page is the server's HTML
 * with no script of ours run yet (what a visitor sees before the JavaScript arrives).
 */
export async function holdEntryScript(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/main\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Records in the page the text of every toast shown from now on (in the document with a box, as
 * Playwright means shown), however briefly: a success toast closes after 2 s, and a runner polling
 * for it on a loaded machine may look only after it has gone. Call before the page's first goto;
 * the returned function reads the texts shown so far.
 */
export async function recordToasts(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const shown: string[] = [];
    (window as unknown as { __toasts: string[] }).__toasts = shown;
    const seen = new WeakSet<Element>();
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('.Toastify__toast')) {
        if (!seen.has(toast) && toast.checkVisibility({ visibilityProperty: true })) shown.push((seen.add(toast), toast.textContent ?? ''));
      }
    }).observe(document, { childList: true, subtree: true, attributes: true });
  });
  return () => page.evaluate(() => [...(window as unknown as { __toasts?: string[] }).__toasts ?? []]);
}
