import { expect, recordRequests, test } from './support/fixtures';
import { apiLogin, DEMO } from './support/accounts';
import { remoteUrl, SHELL_URL } from './support/env';

// Aborting every request to mf-cabinet's origin is what the browser sees when that remote's
// server is down; the API and the other remotes are real.
test('a remote that is down shows its error panel in the layout while other routes work', async ({ page, context, request }) => {
  // A real session, so /lk's auth guard lets the visit through to the remote.
  const pair = await apiLogin(request, DEMO.customer.phone, DEMO.password);
  await context.addCookies([
    { name: 'token', value: pair.token, url: SHELL_URL },
    { name: 'refresh_token', value: pair.refresh_token, url: SHELL_URL },
  ]);
  const cabinet = `${remoteUrl('mf-cabinet')}/**`;
  await page.route(cabinet, (route) => route.abort());

  await page.goto('/lk');
  const main = page.getByRole('main');
  const retry = main.getByRole('button', { name: 'Повторить' });
  await expect(retry).toBeVisible({ timeout: 20_000 });
  await expect(main.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();

  // Another remote's route works in the same tab, by the header's navigation.
  await page.getByRole('banner').getByRole('link', { name: 'Заявки', exact: true }).first().click();
  await expect(page).toHaveURL(/\/application$/);
  await expect(main.getByRole('heading', { level: 1, name: 'Заявки' })).toBeVisible();

  // The remote comes back: 'Повторить' loads the section without a reload.
  await page.goBack();
  await expect(retry).toBeVisible();
  await page.unroute(cabinet);
  await retry.click();
  await expect(retry).toBeHidden({ timeout: 20_000 });
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(main.getByRole('alert')).toBeHidden();
});

test('a server-rendered page whose remote fails in the browser shows the error panel, with no hydration mismatch', async ({ page, consoleErrors }) => {
  await page.route(`${remoteUrl('mf-catalog')}/**`, (route) => route.abort());
  await page.goto('/about');
  const main = page.getByRole('main');
  await expect(main.getByRole('button', { name: 'Повторить' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('banner')).toBeVisible();
  expect(consoleErrors.filter((text) => /hydrat|#418|#423|#425/i.test(text))).toEqual([]);
});

test('the home page fetches nothing from the remotes it does not use', async ({ page }) => {
  const urls = recordRequests(page);
  await page.goto('/');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const others = [remoteUrl('mf-applications'), remoteUrl('mf-cabinet'), remoteUrl('mf-messaging')];
  expect(urls.filter((u) => others.some((o) => u.startsWith(o)))).toEqual([]);
});
