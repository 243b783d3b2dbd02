import type { APIRequestContext } from '@playwright/test';
import { glyphGap, settled } from './support/audit';
import { API_URL, SHELL_URL } from './support/env';
import { expect, test } from './support/fixtures';

type Item = { id: number; name: string; services: Array<{ id: number; name: string }>; address: { value: string } };
type ListPage = { items: Item[]; total: number; page: number; limit: number };

async function apiList(request: APIRequestContext, query: Record<string, string | number>): Promise<ListPage> {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const res = await request.get(`${API_URL}/api/application/get-collection?${qs}`);
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { data: ListPage }).data;
}

// The journeys that publish applications (deal, messaging, cabinet) place them in Moscow, and run
// beside this one: a count read from the API here would change under the page. The seed's
// Saint Petersburg applications are left alone by every other test.
const CITY = 'Санкт-Петербург';

async function cityFiasId(request: APIRequestContext, name: string): Promise<string> {
  const res = await request.get(`${API_URL}/api/user/address/search?query=${encodeURIComponent(name)}`);
  const items = ((await res.json()) as { data: { items: Array<{ value: string; cityFiasId: string }> } }).data.items;
  const city = items.find((i) => i.value.includes(name));
  if (!city) throw new Error(`${name} is not among the address suggestions`);
  return city.cityFiasId;
}

const foundText = (total: number) => new RegExp(`Найден[оа]? ${total} заяв`);

test('filters applications by city and service, pages through them, keeps the view on reload and Back, opens one', async ({ page, request }) => {
  test.setTimeout(60_000);
  const city = await cityFiasId(request, CITY);
  const inCity = await apiList(request, { address: city, limit: 100 });
  expect(inCity.total).toBeGreaterThan(0);
  // The service most applications in the city have, so the combined filter is not empty.
  const counts = new Map<number, { name: string; n: number }>();
  for (const item of inCity.items) for (const s of item.services) counts.set(s.id, { name: s.name, n: (counts.get(s.id)?.n ?? 0) + 1 });
  const [serviceId, service] = [...counts.entries()].sort((a, b) => b[1].n - a[1].n)[0]!;
  const both = await apiList(request, { address: city, services: serviceId });

  await page.goto('/application');
  const main = page.getByRole('main');
  await expect(main.getByRole('article').first()).toBeVisible();

  const cityBox = main.getByRole('combobox', { name: 'Город' });
  await cityBox.fill('Санкт');
  await main.getByRole('option', { name: new RegExp(CITY) }).first().click();
  await expect(page).toHaveURL(new RegExp(`[?&]address=${city}`));
  await expect(main.getByText(foundText(inCity.total))).toBeVisible();

  await main.getByRole('button', { name: /Услуги/ }).click();
  // The box follows the URL, which the click's navigation updates a moment later.
  const box = main.getByRole('checkbox', { name: service.name, exact: true });
  await box.click();
  await expect(page).toHaveURL(new RegExp(`[?&]services=${serviceId}`));
  await expect(box).toBeChecked();
  await expect(main.getByText(foundText(both.total))).toBeVisible();
  await expect(main.getByRole('article')).toHaveCount(Math.min(both.total, both.limit));
  const filteredUrl = page.url();

  // Reload: the URL alone reproduces the view.
  await page.reload();
  await expect(main.getByText(foundText(both.total))).toBeVisible();
  await expect(main.getByRole('article').first().getByRole('heading')).toHaveText(both.items[0]!.name);

  // Back returns to the city-only view.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`[?&]address=${city}`));
  await expect(page).not.toHaveURL(/services=/);
  await expect(main.getByText(foundText(inCity.total))).toBeVisible();

  // Page through the city's applications when there is more than one page.
  if (inCity.total > 6) {
    const second = await apiList(request, { address: city, page: 2 });
    await main.getByRole('navigation', { name: 'Страницы' }).getByRole('link', { name: 'Страница 2' }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(main.getByRole('article').first().getByRole('heading')).toHaveText(second.items[0]!.name);
  }

  await page.goto(filteredUrl);
  const first = both.items[0]!;
  await main.getByRole('article').first().getByRole('heading').getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/application/${first.id}$`));
  await expect(main.getByRole('heading', { level: 1, name: first.name })).toBeVisible();
  await expect(main.getByText(service.name).first()).toBeVisible();

  // The way back: its arrow stands apart from its words (a flex item's trailing space collapses).
  const back = main.getByRole('link', { name: 'Назад к заявкам' });
  expect(await glyphGap(back)).toBeGreaterThanOrEqual(3);
  await back.click();
  await expect(page).toHaveURL(filteredUrl);
});

test('the map draws its tiles from the local tile server', async ({ page }) => {
  const tiles: string[] = [];
  page.on('response', (res) => {
    if (/\/api\/tiles\/\d+\/\d+\/\d+\.png$/.test(res.url()) && res.status() === 200) tiles.push(res.url());
  });
  await page.goto('/application');
  const map = page.getByRole('region', { name: /Карта/ }).or(page.locator('[aria-label^="Карта"]')).first();
  await map.scrollIntoViewIfNeeded();
  await expect(map.locator('img.leaflet-tile-loaded').first()).toBeVisible({ timeout: 20_000 });
  expect(tiles.length).toBeGreaterThan(0);
  // The attribution follows the tile source (ARCHITECTURE §6: the API's own tiles).
  await expect(page.locator('.leaflet-control-attribution')).toContainText('Natural Earth');

  // Leaflet's own controls speak Russian too: its link, the zoom buttons, and a popup's close button.
  await expect(page.locator('.leaflet-control-attribution').getByRole('link', { name: 'Leaflet' })).toHaveAttribute('title', 'Библиотека интерактивных карт');
  await expect(map.getByRole('button', { name: 'Приблизить', exact: true })).toHaveAttribute('title', 'Приблизить');
  await expect(map.getByRole('button', { name: 'Отдалить', exact: true })).toBeVisible();
  // One application's page: its map has a single pin, whose popup names the address.
  const link = page.getByRole('main').getByRole('article').first().getByRole('heading').getByRole('link');
  const name = (await link.textContent())!.trim();
  await link.click();
  // The list (and its map) stays until the application's page has replaced it: its map is the one
  // after that. The marker's click scrolls it into view, retrying while the map is being drawn.
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const pinMap = page.getByRole('main').locator('[aria-label^="Карта"]').first();
  await pinMap.locator('.leaflet-marker-icon').click();
  const popup = pinMap.locator('.leaflet-popup');
  await expect(popup).toBeVisible();
  // The popup's opening pans the map to show it whole (twice: Leaflet's pan, then ours once its
  // width is fitted); a click aimed at «Закрыть» while the map still glides can land beside it.
  await expect(pinMap.locator('.leaflet-map-pane.leaflet-pan-anim')).toHaveCount(0);
  await popup.getByRole('button', { name: 'Закрыть' }).click();
  await expect(popup).toBeHidden();
});

test('the map from the keyboard: Enter on a cluster zooms in, Enter on a pin opens its popup, Escape closes it', async ({ page }) => {
  await page.goto('/');
  await page.locator('[aria-label="Карта заявок"]').first().scrollIntoViewIfNeeded();
  const map = page.getByRole('region', { name: 'Карта заявок' }).locator('.leaflet-container');
  const cluster = map.locator('.leaflet-marker-icon[title$="рядом: приблизить"]').first();
  await expect(cluster).toBeVisible({ timeout: 20_000 });
  const before = await map.locator('.leaflet-marker-icon').count();
  // Leaflet turns Enter into a click only on a marker with a popup; the cluster has none.
  await cluster.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => map.locator('.leaflet-marker-icon').count()).toBeGreaterThan(before);
  await expect(map).toBeFocused();

  const pin = map.locator('.leaflet-marker-icon:not([title*="рядом"]):not([title*="по одному адресу"])').first();
  const name = (await pin.getAttribute('title'))!;
  await pin.focus();
  await page.keyboard.press('Enter');
  const popup = map.locator('.leaflet-popup');
  await expect(popup.getByRole('link', { name })).toBeFocused();
  // Escape from inside the popup closes it and gives the focus back to its pin.
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();
  await expect(map.locator(`.leaflet-marker-icon[title="${name}"]`)).toBeFocused();
});

test('Back from an application puts the list where the visitor left it, and a reload keeps it there', async ({ page }) => {
  // On a desktop an application's page is shorter than the list scrolled to 600 px.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/application?page=2');
  await expect(page.getByRole('main').locator('a[href^="/application/"]').first()).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 600));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);
  // A card's link in view, followed without scrolling to it.
  const href = await page.evaluate(() => {
    const inView = [...document.querySelectorAll<HTMLAnchorElement>('main a[href^="/application/"]')].find((a) => {
      const box = a.getBoundingClientRect();
      return box.top > 0 && box.bottom < window.innerHeight;
    });
    inView!.click();
    return inView!.getAttribute('href');
  });
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await settled(page);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await page.goBack();
  await expect(page).toHaveURL(/\/application\?page=2$/);
  // The app restores it once the list is shown (history.scrollRestoration is 'manual'): the browser
  // restored it while the shorter application was still there, clamped to that page's length.
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);
  await page.reload();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);
});

test("the service catalogue by city: the services Saint Petersburg's executors offer, under their groups, either way round", async ({ page, request }) => {
  type Service = { id: number; name: string; parentId: number | null; group: string | null };
  const services = async (query: Record<string, string>) => {
    const res = await request.get(`${API_URL}/api/service/get-collection?${new URLSearchParams({ limit: '100', ...query })}`);
    expect(res.ok()).toBeTruthy();
    return ((await res.json()) as { data: { items: Service[]; total: number; serviceTotal: number } }).data;
  };
  const city = await cityFiasId(request, CITY);
  const [all, inCity, backwards] = await Promise.all([services({}), services({ address: city }), services({ address: city, attributeSort: 'name', typeSort: 'desc' })]);
  expect(inCity.total).toBeGreaterThan(0);
  expect(inCity.total).toBeLessThan(all.total);
  const groupsOf = (items: Service[]) => items.filter((s) => s.parentId === null).map((s) => s.name);

  await page.goto('/service');
  const main = page.getByRole('main');
  const groupHeadings = main.locator('.service-group').getByRole('heading', { level: 2 });
  await expect(groupHeadings.first()).toBeVisible();
  await main.getByRole('combobox', { name: 'Город' }).fill('Санкт');
  await main.getByRole('option', { name: new RegExp(CITY) }).first().click();
  await expect(page).toHaveURL(new RegExp(`[?&]address=${city}`));
  // The services found, not the rows: the groups' headings are not counted.
  expect(inCity.serviceTotal).toBe(inCity.items.filter((s) => s.parentId !== null).length);
  await expect(main.getByText(new RegExp(`Найден[оа]? ${inCity.serviceTotal} услуг`))).toBeVisible();
  await expect(page).toHaveTitle(/^Услуги в городе Санкт-Петербург/);
  // The first page's groups, as the API lists them for the city.
  const firstPage = inCity.items.slice(0, 12);
  await expect(groupHeadings).toHaveText(groupsOf(firstPage));
  // A service no executor there offers is not listed.
  const elsewhere = all.items.find((s) => s.parentId !== null && !inCity.items.some((c) => c.id === s.id));
  if (elsewhere) await expect(main.getByRole('link', { name: elsewhere.name, exact: true })).toHaveCount(0);

  await main.getByRole('combobox', { name: 'Сортировка' }).selectOption({ label: 'По названию, от Я до А' });
  await expect(page).toHaveURL(/[?&]typeSort=desc/);
  await expect(groupHeadings).toHaveText(groupsOf(backwards.items.slice(0, 12)));
});

test('a client-only page reloaded while scrolled comes back where it was, once it has rendered', async ({ page }) => {
  // Spec §2: the executor list is rendered by the browser, after the browser has restored the
  // scroll of the reload (to a page without it yet: the top).
  await page.setViewportSize({ width: 375, height: 667 });
  await page.goto('/executor');
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(1500 + 667);
  await page.evaluate(() => window.scrollTo(0, 1500));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1500);
  await page.reload();
  await expect(page.getByRole('main').getByRole('article').first()).toBeAttached();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1500);
});

test("under a finger a filter's «Убрать фильтр» chip is a full tap target; with a mouse a compact tag", async ({ browser, page }) => {
  const chipHeight = async (target: typeof page) => {
    await target.goto('/application?services=3');
    const chip = target.getByRole('button', { name: /^Убрать фильтр/ }).first();
    await expect(chip).toBeVisible();
    return (await chip.boundingBox())!.height;
  };
  const phone = await browser.newContext({ baseURL: SHELL_URL, viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
  try {
    expect(await chipHeight(await phone.newPage())).toBeGreaterThanOrEqual(44);
  } finally {
    await phone.close();
  }
  const mouse = await chipHeight(page);
  expect(mouse).toBeGreaterThanOrEqual(24);
  expect(mouse).toBeLessThan(44);
});
