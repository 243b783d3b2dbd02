import { DEMO, logInWithCookies } from './support/accounts';
import { expect, test } from './support/fixtures';

test('an unknown path shows the 404 screen with its buttons', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByText('Page not found: /no-such-page')).toBeVisible();
  await expect(page.getByRole('button', { name: 'На главную' }).or(page.getByRole('link', { name: 'На главную' }))).toBeVisible();
  await expect(page.getByRole('button', { name: 'Назад' }).or(page.getByRole('link', { name: 'Назад' }))).toBeVisible();
});

test("the 404 screen's 'На главную' leads home", async ({ page }) => {
  await page.goto('/no-such-page');
  await page.getByRole('button', { name: 'На главную' }).or(page.getByRole('link', { name: 'На главную' })).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
});

test('a path with a dot in it is a page too: the 404 screen, and a dotted id the page\'s own «not found»', async ({ page }) => {
  const answer = await page.goto('/nope.html');
  expect(answer?.status()).toBe(404);
  await expect(page.getByText('Page not found: /nope.html')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Маркетплейс услуг' })).toBeVisible();
  expect((await page.goto('/executor/ivan.petrov'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Исполнитель не найден' })).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  // The tab keeps saying so once the browser has rendered the page (not the route's «Исполнитель»).
  await expect(page).toHaveTitle('Исполнитель не найден — Маркетплейс услуг');
  // Its way back stands alone, so it is a finger's target (44 px), not a 19 px line of text.
  const back = await page.getByRole('main').getByRole('link', { name: 'Вернуться к списку исполнителей' }).boundingBox();
  expect(back!.height).toBeGreaterThanOrEqual(44);
  // Spec §2's 404 screen: «На главную» and «Назад» (QA Q-1), the latter as tall a target.
  const goBack = await page.getByRole('main').getByRole('button', { name: 'Назад' }).boundingBox();
  expect(goBack!.height).toBeGreaterThanOrEqual(44);
});

test('an lk path none of the lk remotes\' routes matches answers 404 with the 404 screen, for a guest and signed in; an lk page answers 200', async ({ page, context, request }) => {
  // The lk pages render in the browser; the shell's server reads the lk remotes' route tables
  // (their routes-only server builds) to tell a mistyped lk address from a page.
  const unknown = ['/lk/no-such', '/lk/application/no-such', '/lk/application/detail', '/lk/message/no-such'];
  for (const path of unknown) {
    expect((await page.goto(path))?.status(), path).toBe(404);
    await expect(page.getByText(`Page not found: ${path}`)).toBeVisible();
  }
  expect((await page.goto('/lk/application/detail/1'))?.status()).toBe(200);

  await logInWithCookies(context, request, DEMO.customer.phone);
  for (const path of unknown) {
    expect((await page.goto(path))?.status(), path).toBe(404);
    await expect(page.getByText(`Page not found: ${path}`)).toBeVisible();
  }
  // The header is the account's: the 404 screen is the signed-in visitor's page.
  await expect(page.getByRole('banner').getByText(DEMO.customer.name)).toBeVisible();
  expect((await page.goto('/lk/profile'))?.status()).toBe(200);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
});

test('a catalogue page past the last one answers 404, says so with the ways to the first page and the last, and is not indexed', async ({ page }) => {
  for (const [path, first] of [
    ['/application?page=999', '/application'],
    ['/service?page=999', '/service'],
  ] as const) {
    const answer = await page.goto(path);
    expect(answer?.status(), path).toBe(404);
    await expect(page.locator('meta[name="robots"]'), path).toHaveAttribute('content', /noindex/);
    await expect(page.locator('link[rel="canonical"]'), path).toHaveAttribute('href', new RegExp(`${first.replace('/', '\\/')}$`));
    await expect(page.getByRole('main')).toContainText(/Такой страницы нет: в списке \d+ страниц/);
    // The seeded catalogues have more than one page: the last is the one the text counts.
    const pages = Number((await page.getByRole('main').textContent())!.match(/в списке (\d+) страниц/)![1]);
    expect(pages, path).toBeGreaterThan(1);
    await expect(page.getByRole('main').getByRole('link', { name: 'К последней странице' })).toHaveAttribute('href', `${first}?page=${pages}`);
    await page.getByRole('main').getByRole('link', { name: 'К первой странице' }).click();
    await expect(page).toHaveURL(new RegExp(`${first.replace('/', '\\/')}$`));
    await expect(page.getByRole('main').getByRole('listitem').first()).toBeVisible();
  }
});
