import { expect, test } from './support/fixtures';
import { SHELL_URL } from './support/env';

// A genuine trigger, nothing injected: a visitor whose browser still holds a refresh token the
// API does not know. The application list call (auth optional) renews the session first, the
// real API refuses, and spec §4 applies: the toast 'Ошибка авторизации', the session cleared.
test('a toast appears at the bottom right and disappears by itself', async ({ page, context }) => {
  await context.addCookies([{ name: 'refresh_token', value: 'e2e-stale-refresh-token', url: SHELL_URL }]);
  const renewal = page.waitForResponse((res) => res.url().endsWith('/api/token/renew') && res.request().method() === 'POST');

  await page.goto('/application');
  expect((await renewal).ok()).toBe(false);

  const toast = page.getByRole('alert').filter({ hasText: 'Ошибка авторизации' });
  await expect(toast).toBeVisible();
  const shownAt = Date.now();

  const box = await toast.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport).toBeTruthy();
  expect(box!.x + box!.width / 2).toBeGreaterThan(viewport!.width / 2);
  expect(box!.y + box!.height / 2).toBeGreaterThan(viewport!.height / 2);

  // Error toasts close after 5000 ms (success after 2000 ms).
  await expect(toast).toBeHidden({ timeout: 12_000 });
  const shownMs = Date.now() - shownAt;
  expect(shownMs).toBeGreaterThan(3_000);
  expect(shownMs).toBeLessThan(9_000);

  const cookies = await context.cookies(SHELL_URL);
  expect(cookies.find((c) => c.name === 'refresh_token')).toBeUndefined();
});
