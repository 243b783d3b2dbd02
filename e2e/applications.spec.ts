import { expect, test } from './support/fixtures';
import { API_URL } from './support/env';

type Item = { id: number; name: string };
type Page = { items: Item[]; total: number; limit: number };

async function apiPage(request: import('@playwright/test').APIRequestContext, page: number): Promise<Page> {
  // What the real API holds for the default view (6 a page, by name ascending).
  const res = await request.get(`${API_URL}/api/application/get-collection?page=${page}`);
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { data: Page }).data;
}

/**
 * Shows a page of `/application` (`open`) and returns the API's page `n` as it was when the screen
 * showed it: other specs publish applications meanwhile (two workers), so a page read just before
 * may already be another. The pair is read again until both agree, which a screen that differs
 * from the API never does.
 */
async function shownWithApiPage(
  page: import('@playwright/test').Page,
  request: import('@playwright/test').APIRequestContext,
  n: number,
  open: () => Promise<unknown>,
): Promise<Page> {
  let data: Page | null = null;
  await expect(async () => {
    const before = await apiPage(request, n);
    await open();
    const links = page.getByRole('main').getByRole('article').getByRole('heading').getByRole('link');
    await expect(links.first()).toBeVisible();
    const shown = await links.evaluateAll((found) => found.map((link) => ({ name: link.textContent?.trim() ?? '', href: link.getAttribute('href') ?? '' })));
    const after = await apiPage(request, n);
    expect(after).toEqual(before);
    expect(shown).toEqual(after.items.map((item) => ({ name: item.name, href: `/application/${item.id}` })));
    data = after;
  }).toPass({ timeout: 30_000 });
  return data!;
}

test('/application lists the seeded applications and opens one', async ({ page, request, consoleErrors }) => {
  const data = await shownWithApiPage(page, request, 1, () => page.goto('/application'));
  expect(data.items.length).toBeGreaterThan(0);

  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Заявки' })).toBeVisible();

  const cards = main.getByRole('article');
  await expect(cards).toHaveCount(data.items.length);
  // Each card's heading is a link to the application, in the API's order.
  for (const [i, item] of data.items.entries()) {
    await expect(cards.nth(i).getByRole('heading').getByRole('link')).toHaveText(item.name);
    await expect(cards.nth(i).getByRole('heading').getByRole('link')).toHaveAttribute('href', `/application/${item.id}`);
  }

  const first = data.items[0]!;
  await cards.first().getByRole('heading').getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/application/${first.id}$`));
  await expect(main.getByRole('heading', { level: 1, name: first.name })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('/application paginates through the seeded applications', async ({ page, request }) => {
  const main = page.getByRole('main');
  const pagination = main.getByRole('navigation', { name: 'Страницы' });
  const one = await shownWithApiPage(page, request, 1, () => page.goto('/application'));
  expect(one.total).toBeGreaterThan(one.limit);
  await expect(pagination).toBeVisible();

  // Page 2 as the pagination leads to it, in the API's order.
  const two = await shownWithApiPage(page, request, 2, async () => {
    await page.goto('/application');
    await pagination.getByRole('link', { name: 'Страница 2' }).or(pagination.getByRole('button', { name: 'Страница 2' })).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(main.getByRole('article').first().getByRole('heading').getByRole('link')).not.toHaveAttribute('href', `/application/${one.items[0]!.id}`);
  });
  await expect(main.getByRole('article')).toHaveCount(two.items.length);
});
