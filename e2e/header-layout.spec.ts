import type { Page } from '@playwright/test';
import { DEMO, logInWithCookies } from './support/accounts';
import { expect, test } from './support/fixtures';

// Issue 8: logged in, the header stands in one row from 1280px (the brand on one line, the
// account beside the links); below 1280px the links and the account fold into «Меню».

async function openLoggedIn(page: Page, width: number) {
  await page.setViewportSize({ width, height: 800 });
  await page.goto('/');
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('button', { name: /Уведомления/ })).toBeVisible();
  return banner;
}

/** Heights in CSS pixels of the header row and of one line of the brand. */
async function measure(page: Page) {
  return page.evaluate(() => {
    const box = (selector: string) => document.querySelector(selector)!.getBoundingClientRect();
    const logo = document.querySelector('.app-logo')!;
    return {
      inner: box('.app-header-inner').height,
      logo: box('.app-logo').height,
      logoLine: parseFloat(getComputedStyle(logo).lineHeight) || parseFloat(getComputedStyle(logo).fontSize) * 1.5,
      tops: ['.app-logo', '.app-nav', '.app-account', '.app-bell'].map((s) => Math.round(box(s).top + box(s).height / 2)),
    };
  });
}

test.beforeEach(async ({ context, request }) => {
  await logInWithCookies(context, request);
});

for (const width of [1366, 1280]) {
  test(`logged in at ${width}px the header is one row`, async ({ page }) => {
    const banner = await openLoggedIn(page, width);
    await expect(banner.getByText(DEMO.customer.name)).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Личный кабинет' })).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Меню' })).toBeHidden();
    const m = await measure(page);
    // The brand on one line, and every part centred on the same line.
    expect(m.logo).toBeLessThan(m.logoLine * 1.5);
    expect(Math.max(...m.tops) - Math.min(...m.tops)).toBeLessThanOrEqual(4);
    // One row: no taller than the tallest control (44px tap target) plus the padding.
    expect(m.inner).toBeLessThanOrEqual(72);
    await page.screenshot({ path: test.info().outputPath(`header-${width}.png`) });
  });
}

for (const width of [1279, 375]) {
  test(`logged in at ${width}px the links and the account fold into the menu`, async ({ page }) => {
    const banner = await openLoggedIn(page, width);
    const menu = banner.getByRole('button', { name: 'Меню' });
    await expect(menu).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Личный кабинет' })).toBeHidden();
    await expect(banner.getByRole('button', { name: 'Выйти' })).toBeHidden();
    const m = await measure(page);
    expect(m.logo).toBeLessThan(m.logoLine * 1.5);
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(banner.getByRole('link', { name: 'Личный кабинет' })).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Выйти' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`header-${width}-menu.png`) });
  });
}
