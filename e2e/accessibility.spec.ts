import type { APIRequestContext } from '@playwright/test';
import { API_URL } from './support/env';
import { expect, test } from './support/fixtures';
import { axeFindings } from './support/audit';

async function firstId(request: APIRequestContext, path: string): Promise<number> {
  const res = await request.get(`${API_URL}/api/${path}`);
  expect(res.ok(), `${path} answers`).toBeTruthy();
  const data = ((await res.json()) as { data: { items: Array<{ id: number }> } }).data;
  expect(data.items.length, `${path} has items`).toBeGreaterThan(0);
  return data.items[0]!.id;
}

const staticPages = ['/', '/about', '/application', '/application/search', '/executor', '/executor/search', '/service', '/consultations', '/guarantees', '/contacts', '/privacy-policy', '/reference', '/test'];

// Every public route of mf-catalog (ARCHITECTURE §2), once its content has loaded.
test('axe-core finds no serious or critical violation on the public pages', async ({ page, request }) => {
  test.setTimeout(180_000);
  const detailPages = [
    `/application/${await firstId(request, 'application/get-collection')}`,
    `/executor/${await firstId(request, 'executor/get-collection')}`,
    `/service/${await firstId(request, 'service/get-collection?parentId=')}`,
    `/facility/${await firstId(request, 'facility/get-map')}`,
  ];
  const report: string[] = [];
  for (const path of [...staticPages, ...detailPages]) {
    await page.goto(path);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    // Skeletons settle before the check (a map below the fold stays busy until scrolled to).
    await expect(page.locator('[aria-busy="true"]:not(.map-frame)')).toHaveCount(0, { timeout: 15_000 });
    report.push(...(await axeFindings(page, path)));
  }
  expect(report).toEqual([]);
});
