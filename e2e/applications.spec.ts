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

test('/application lists the seeded applications and opens one', async ({ page, request, consoleErrors }) => {
  const data = await apiPage(request, 1);
  expect(data.items.length).toBeGreaterThan(0);

  await page.goto('/application');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Заявки' })).toBeVisible();

  const cards = main.getByRole('article');
  await expect(cards.first()).toBeVisible();
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
  const [one, two] = [await apiPage(request, 1), await apiPage(request, 2)];
  expect(one.total).toBeGreaterThan(one.limit);

  await page.goto('/application');
  const main = page.getByRole('main');
  const pagination = main.getByRole('navigation', { name: 'Страницы' });
  await expect(pagination).toBeVisible();
  await expect(main.getByRole('article').first().getByRole('heading')).toHaveText(one.items[0]!.name);

  await pagination.getByRole('link', { name: 'Страница 2' }).or(pagination.getByRole('button', { name: 'Страница 2' })).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(main.getByRole('article').first().getByRole('heading').getByRole('link')).toHaveAttribute('href', `/application/${two.items[0]!.id}`);
  await expect(main.getByRole('article')).toHaveCount(two.items.length);
});
