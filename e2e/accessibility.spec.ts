import type { APIRequestContext, Locator } from '@playwright/test';
import { API_URL } from './support/env';
import { expect, test } from './support/fixtures';
import { axeFindings, hoverContrast, NARROWEST_SCREEN, openSettled, sidewaysOverflow } from './support/audit';
import { newParty, publishApplication } from './support/deal';

async function firstId(request: APIRequestContext, path: string): Promise<number> {
  const res = await request.get(`${API_URL}/api/${path}`);
  expect(res.ok(), `${path} answers`).toBeTruthy();
  const data = ((await res.json()) as { data: { items: Array<{ id: number }> } }).data;
  expect(data.items.length, `${path} has items`).toBeGreaterThan(0);
  return data.items[0]!.id;
}

const staticPages = ['/', '/about', '/application', '/application/search', '/executor', '/executor/search', '/service', '/consultations', '/guarantees', '/contacts', '/privacy-policy', '/reference', '/test'];

// A detail page of each catalogue, at the first item its collection lists.
const detailPages: Array<[string, string]> = [
  ['/application/:id', 'application/get-collection'],
  ['/executor/:id', 'executor/get-collection'],
  ['/service/:id', 'service/get-collection?parentId='],
  ['/facility/:id', 'facility/get-map'],
];

const pathOf = async (request: APIRequestContext, route: string, collection: string | undefined) =>
  collection ? route.replace(':id', String(await firstId(request, collection))) : route;

// Every public route of mf-catalog (ARCHITECTURE §2), once its content has loaded: axe-core on a
// desktop and on the narrowest phone, where nothing may scroll sideways either. One test a page,
// so that a slow machine's time goes to the page that takes it, and a report names the page.
for (const [route, collection] of [...staticPages.map((path): [string, string | undefined] => [path, undefined]), ...detailPages]) {
  test(`${route}: no serious or critical axe-core violation, at 1280 px and at a 320 px phone, with nothing wider than the phone`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const path = await pathOf(request, route, collection);
    const report: string[] = [];
    for (const width of [1280, NARROWEST_SCREEN]) {
      await page.setViewportSize({ width, height: 800 });
      await openSettled(page, path);
      const overflow = await sidewaysOverflow(page);
      if (overflow > 0) report.push(`${path} at ${width}px: ${overflow}px wider than the screen`);
      report.push(...(await axeFindings(page, `${path} at ${width}px`)));
    }
    expect(report).toEqual([]);
  });
}

test('what a customer wrote unbroken, a 73-letter word for a title and a long link, widens no public page at a 320 px phone', async ({ browser, page, request }) => {
  test.setTimeout(90_000);
  const customer = await newParty(browser, request, 'customer', 'Фёдор Длинословов');
  const word = `Реконструкция${'вентилируемогофасада'.repeat(3)}`;
  const link = 'https://disk.yandex.ru/d/Xq7LmN3pR9sT2vW5yZ8aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789';
  const application = await publishApplication(request, customer, { name: word, description: `Проект и фото: ${link}`, price: 10000 });
  const created = await request.post(`${API_URL}/api/profile/facility/create`, {
    headers: { authorization: `Bearer ${customer.token}` },
    multipart: {
      name: word,
      typeId: '1',
      description: `Фото: ${link}`,
      address: JSON.stringify({ value: 'г Москва, ул Арбат, д 10', cityFiasId: '0c5b2444-70a0-4932-980c-b4dc0d3f02b5', geoLat: 55.75, geoLon: 37.59 }),
    },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const facility = ((await created.json()) as { data: { id: number } }).data;

  await page.setViewportSize({ width: NARROWEST_SCREEN, height: 800 });
  const report: string[] = [];
  // The home page's fresh applications and the list's first page, newest first, hold it too.
  for (const path of ['/', '/application?sort=createdAt:desc', `/application/${application.id}`, `/facility/${facility.id}`]) {
    await openSettled(page, path);
    await expect(page.getByRole('main').getByText(word).first(), path).toBeVisible();
    const overflow = await sidewaysOverflow(page);
    if (overflow > 0) report.push(`${path}: ${overflow}px wider than the screen`);
  }
  expect(report).toEqual([]);
  await customer.context.close();
});

test('at a 320 px phone the header stays one row: the logo, «Войти» and the menu button side by side', async ({ page }) => {
  await page.setViewportSize({ width: NARROWEST_SCREEN, height: 800 });
  await openSettled(page, '/');
  const banner = page.getByRole('banner');
  const tops = await Promise.all(
    [banner.getByRole('link', { name: 'Маркетплейс услуг' }), banner.getByRole('link', { name: 'Войти' }), banner.getByRole('button', { name: 'Меню' })].map(
      async (part) => (await part.boundingBox())!,
    ),
  );
  const rows = new Set(tops.map((box) => Math.round(box.y + box.height / 2)));
  expect(Math.max(...rows) - Math.min(...rows), 'the header\'s parts share one row').toBeLessThanOrEqual(4);
});

// The shell's sign-in dialogs (opened by `?auth=`) and an executor's reply dialog, on a desktop
// and on a phone, where a dialog takes the whole screen.
const dialogs: Array<[string, string, string]> = [
  ['/?auth=login', 'Вход', ''],
  ['/?auth=register', 'Регистрация', ''],
  ['/?auth=recovery', 'Восстановление пароля', ''],
  ['/application/:id', 'Отклик на заявку', 'Откликнуться'],
];

for (const [route, title, opener] of dialogs) {
  test(`the dialog «${title}»: no serious axe-core violation, at 1280 px and at a 320 px phone, with nothing wider than the phone`, async ({ browser, page, request }) => {
    test.setTimeout(90_000);
    const path = await pathOf(request, route, route.includes(':id') ? 'application/get-collection' : undefined);
    // The reply dialog is an executor's: a new one signs in for it.
    const executor = opener ? await newParty(browser, request, 'executor', 'Эльвира Откликова') : undefined;
    const tab = executor?.page ?? page;
    const report: string[] = [];
    for (const width of [1280, NARROWEST_SCREEN]) {
      await tab.setViewportSize({ width, height: 800 });
      await tab.goto(path);
      if (opener) await tab.getByRole('main').getByRole('button', { name: opener }).click();
      const dialog = tab.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('heading', { name: title })).toBeVisible();
      const overflow = await sidewaysOverflow(tab);
      if (overflow > 0) report.push(`«${title}» at ${width}px: ${overflow}px wider than the screen`);
      report.push(...(await axeFindings(tab, `«${title}» at ${width}px`)));
    }
    expect(report).toEqual([]);
    await executor?.context.close();
  });
}

test('links dressed as buttons and the chosen tab keep readable text under the pointer', async ({ browser, request }) => {
  const customer = await newParty(browser, request, 'customer', 'Нина Наведёнова');
  const page = customer.page;
  const main = page.getByRole('main');
  const targets: Array<[string, Locator]> = [
    ['/lk/application', main.getByRole('link', { name: 'Создать заявку' }).first()],
    ['/lk/application', main.getByRole('link', { name: 'Все' })],
    ['/lk/facility', main.getByRole('link', { name: 'Добавить объект' }).first()],
  ];
  const report: string[] = [];
  for (const [path, target] of targets) {
    await openSettled(page, path);
    const ratio = await hoverContrast(target);
    if (ratio < 4.5) report.push(`${path} «${(await target.textContent())?.trim()}»: contrast ${ratio.toFixed(2)} under the pointer`);
  }
  expect(report).toEqual([]);
  await customer.context.close();
});
