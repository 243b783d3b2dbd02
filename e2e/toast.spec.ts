import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { freshCode, newParty } from './support/deal';
import { SHELL_URL } from './support/env';

// The API's message for a recovered password (the shell's own text is for an answer without one).
const RECOVERY_SUCCESS = 'Пароль изменён. Войдите с новым паролем';

type Box = { x: number; y: number; width: number; height: number };
type ToastLife = { shownAt?: number; goneAt?: number; box?: Box; dialogSubmit?: Box };

/**
 * Records in the page when the toast with `text` is shown, where it sits then, and where an open
 * dialog's submit button is at that moment, and when the toast goes: the page's own clock, as the
 * runner polls the page at growing intervals and on a loaded machine may notice a toast a second
 * or two late, or only after it has closed by itself.
 */
async function recordToastLife(page: Page, text: string) {
  await page.addInitScript((text: string) => {
    const life: ToastLife = {};
    (window as unknown as { __toastLife: ToastLife }).__toastLife = life;
    // Shown as Playwright means it: in the document, with a box, not visibility: hidden. A toast,
    // whatever its role (only an error is an alert; the others are said by the toasts' region).
    const shown = () =>
      [...document.querySelectorAll('.Toastify__toast')].find(
        (el) => el.textContent?.includes(text) && el.checkVisibility({ visibilityProperty: true }),
      );
    const present = () => shown() !== undefined;
    const boxOf = (el: Element): Box => {
      const { x, y, width, height } = el.getBoundingClientRect();
      return { x, y, width, height };
    };
    new MutationObserver(() => {
      const toast = life.shownAt === undefined ? shown() : undefined;
      if (toast) {
        life.shownAt = performance.now();
        life.box = boxOf(toast);
        const submit = document.querySelector('.ui-dialog button[type="submit"]');
        if (submit) life.dialogSubmit = boxOf(submit);
      } else if (life.shownAt !== undefined && life.goneAt === undefined && !present()) life.goneAt = performance.now();
    }).observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
  }, text);
}

const toastLife = (page: Page) => page.evaluate(() => (window as unknown as { __toastLife: ToastLife }).__toastLife);

// A genuine trigger, nothing injected: a visitor whose browser still holds a refresh token the
// API does not know. The application list call (auth optional) renews the session first, the
// real API refuses, and spec §4 applies: the toast 'Ошибка авторизации', the session cleared.
test('a toast appears at the bottom right and disappears by itself', async ({ page, context }) => {
  await context.addCookies([{ name: 'refresh_token', value: 'e2e-stale-refresh-token', url: SHELL_URL }]);
  // The toast's life is timed by the page's own clock: the runner polls the page at growing
  // intervals, and on a loaded machine it may notice a toast a second or two late.
  await recordToastLife(page, 'Ошибка авторизации');
  const renewal = page.waitForResponse((res) => res.url().endsWith('/api/token/renew') && res.request().method() === 'POST');

  await page.goto('/application');
  expect((await renewal).ok()).toBe(false);

  // Error toasts close after 5000 ms (success after 2000 ms); leaving takes a short animation. The
  // page's own record says when the toast was shown and when it went: a runner that polls for it
  // may look only after it has gone (CI's loaded run once failed so, its log keeping only the name).
  await page.waitForFunction(() => (window as unknown as { __toastLife: ToastLife }).__toastLife.goneAt !== undefined, undefined, { timeout: 20_000 });
  const life = await toastLife(page);
  expect(life.shownAt).toBeDefined();
  await expect(page.getByRole('alert').filter({ hasText: 'Ошибка авторизации' })).toBeHidden();

  const box = life.box;
  const viewport = page.viewportSize();
  expect(box && viewport).toBeTruthy();
  expect(box!.x + box!.width / 2).toBeGreaterThan(viewport!.width / 2);
  expect(box!.y + box!.height / 2).toBeGreaterThan(viewport!.height / 2);
  const shownMs = life.goneAt! - life.shownAt!;
  expect(shownMs).toBeGreaterThan(4_500);
  expect(shownMs).toBeLessThan(9_000);

  const cookies = await context.cookies(SHELL_URL);
  expect(cookies.find((c) => c.name === 'refresh_token')).toBeUndefined();
});

test('for those who ask for less motion a toast still stays its time: its timer is not motion', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: SHELL_URL, reducedMotion: 'reduce' });
  try {
    await context.addCookies([{ name: 'refresh_token', value: 'e2e-stale-refresh-token', url: SHELL_URL }]);
    const page = await context.newPage();
    await recordToastLife(page, 'Ошибка авторизации');
    await page.goto('/application');
    await page.waitForFunction(() => (window as unknown as { __toastLife: ToastLife }).__toastLife.goneAt !== undefined, undefined, { timeout: 20_000 });
    const life = await toastLife(page);
    // Error toasts close after 5000 ms; without the entering and leaving animations, about that.
    const shownMs = life.goneAt! - life.shownAt!;
    expect(shownMs).toBeGreaterThan(4_500);
    expect(shownMs).toBeLessThan(9_000);
  } finally {
    await context.close();
  }
});

test("a toast's close button: a 24 px target in the muted text colour, with the focus ring for the keyboard, and it closes its toast", async ({ page, context }) => {
  await context.addCookies([{ name: 'refresh_token', value: 'e2e-stale-refresh-token', url: SHELL_URL }]);
  await page.goto('/application');
  const toast = page.getByRole('alert').filter({ hasText: 'Ошибка авторизации' });
  // Waited for in the page, frame by frame (the assertion's polling might come only after the toast's
  // half-second entrance): the keys below come as it is still entering.
  await toast.waitFor();
  const close = toast.getByRole('button', { name: 'Закрыть уведомление' });
  const look = () =>
    close.evaluate((el) => {
      const style = getComputedStyle(el);
      const { width, height } = el.getBoundingClientRect();
      return { width, height, opacity: style.opacity, color: style.color, outline: `${style.outlineStyle} ${style.outlineWidth}` };
    });
  // Alt+T moves the focus to the newest toast and holds every toast's timer (first, so a loaded
  // runner's next steps do not outlast the toast); Tab then goes to its close button. Pressed as the
  // toast is still coming in: the hold outlasts its entering animation and its 5 s (CI once saw the
  // toast close under the focus, the library having started its timer when it had entered).
  await page.keyboard.press('Alt+KeyT');
  await expect(toast).toBeFocused();
  await page.waitForTimeout(5_500);
  await expect(toast).toBeFocused();
  const before = await look();
  // The library's was a 14 px cross at 30 % opacity (2.2:1), without a focus ring.
  expect(before.width).toBeGreaterThanOrEqual(24);
  expect(before.height).toBeGreaterThanOrEqual(24);
  expect(before.opacity).toBe('1');
  expect(before.color).toBe('rgb(75, 85, 99)');
  expect(before.outline).not.toBe('solid 3px');
  await page.keyboard.press('Tab');
  await expect(close).toBeFocused();
  expect((await look()).outline).toBe('solid 3px');
  await page.keyboard.press('Enter');
  await expect(toast).toBeHidden();
});

// Below 640px a dialog is a sheet at the bottom of the screen, its buttons last, where the toasts
// would come: while one is open they come at the top instead. A genuine case: a password recovered
// on a phone, whose success toast comes as the login dialog opens with the phone filled in.
test('on a phone a toast shown while a dialog is open is not over its buttons', async ({ page, browser, request }) => {
  const user = await newParty(browser, request, 'customer', 'Вера Тостова');
  await user.context.close();
  await page.setViewportSize({ width: 375, height: 740 });
  await recordToastLife(page, RECOVERY_SUCCESS);
  await page.goto('/?auth=recovery');
  const recovery = page.getByRole('dialog', { name: 'Восстановление пароля' });
  await recovery.getByLabel('Номер телефона').fill(user.phone.slice(1));
  const sentAt = Date.now();
  await recovery.getByRole('button', { name: 'Получить код' }).click();
  await recovery.getByLabel('Код из СМС').fill(await freshCode(request, user.phone, 'recovery', sentAt - 1000));
  await recovery.getByRole('button', { name: 'Подтвердить' }).click();
  await recovery.getByLabel('Новый пароль').fill('Новый-пароль-тоста-1');
  await recovery.getByLabel('Повторите пароль').fill('Новый-пароль-тоста-1');
  await recovery.getByRole('button', { name: 'Сохранить пароль' }).click();
  await expect(page.getByRole('dialog', { name: 'Вход' })).toBeVisible();

  await page.waitForFunction(() => (window as unknown as { __toastLife: ToastLife }).__toastLife.shownAt !== undefined, undefined, { timeout: 20_000 });
  const { box, dialogSubmit } = await toastLife(page);
  expect(box && dialogSubmit).toBeTruthy();
  // Above the dialog's button, clear of it: at the top of the screen.
  expect(box!.y + box!.height).toBeLessThanOrEqual(dialogSubmit!.y);
  expect(box!.y).toBeLessThan(740 / 2);
});
