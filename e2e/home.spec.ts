import { expect, holdEntryScript, test } from './support/fixtures';

test('home page renders the header and main heading without console errors', async ({ page, consoleErrors }) => {
  await page.goto('/');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('navigation').first()).toBeVisible();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(consoleErrors).toEqual([]);
});

test('the blocks below the first screen are skipped by the first layout, then rendered while the page is idle, where they were', async ({ page, consoleErrors }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  const blocks = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('.home-page > *')].map((block) => {
        const { top, height } = block.getBoundingClientRect();
        return { visibility: getComputedStyle(block).contentVisibility, rendered: block.hasAttribute('data-rendered'), top: Math.round(top + scrollY), height: Math.round(height) };
      }),
    );
  // The server's page before any script: the third block on is left for later.
  const release = await holdEntryScript(page);
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.locator('.home-page > section').nth(2)).toBeAttached();
  const served = await blocks();
  expect(served.length).toBeGreaterThanOrEqual(5);
  expect(served.map((block) => block.visibility)).toEqual(served.map((_, i) => (i < 2 ? 'visible' : 'auto')));
  release();
  // Hydrated and idle: every block rendered, the page too, and nothing overlaps.
  await expect(page.locator('.home-page[data-rendered]')).toHaveCount(1);
  const after = await blocks();
  expect(after.map((block) => [block.visibility, block.rendered])).toEqual(after.map((_, i) => ['visible', i >= 2]));
  for (let i = 1; i < after.length; i += 1) expect(after[i]!.top).toBeGreaterThanOrEqual(after[i - 1]!.top + after[i - 1]!.height);
  // The first two blocks did not move: what the visitor saw first stays where it was.
  expect(after.slice(0, 2).map(({ top, height }) => [top, height])).toEqual(served.slice(0, 2).map(({ top, height }) => [top, height]));
  expect(consoleErrors).toEqual([]);
});

test('a table of contents jumps to its part, and Back puts the page where it was, at a phone width', async ({ page, consoleErrors }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  await page.goto('/reference');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
  // Hydrated (a link followed before that is the browser's own jump).
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo(0, 300));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(300);

  const link = main.getByRole('link', { name: 'Статусы заявки' }).first();
  await link.click();
  await expect(page).toHaveURL(/\/reference#statuses$/);
  const part = page.locator('#statuses');
  await expect(part).toBeInViewport();
  await expect(part).toBeFocused();

  await page.goBack();
  await expect(page).toHaveURL(/\/reference$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(300);
  await page.goForward();
  await expect(part).toBeInViewport();
  expect(consoleErrors).toEqual([]);
});
