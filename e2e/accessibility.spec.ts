import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { API_URL } from './support/env';
import { expect, test } from './support/fixtures';
import { axeFindings, hoverContrast, NARROWEST_SCREEN, openSettled, sidewaysOverflow } from './support/audit';
import { newParty } from './support/deal';

async function firstId(request: APIRequestContext, path: string): Promise<number> {
  const res = await request.get(`${API_URL}/api/${path}`);
  expect(res.ok(), `${path} answers`).toBeTruthy();
  const data = ((await res.json()) as { data: { items: Array<{ id: number }> } }).data;
  expect(data.items.length, `${path} has items`).toBeGreaterThan(0);
  return data.items[0]!.id;
}

const staticPages = ['/', '/about', '/application', '/application/search', '/executor', '/executor/search', '/service', '/consultations', '/guarantees', '/contacts', '/privacy-policy', '/reference', '/test'];

const detailPages = async (request: APIRequestContext) => [
  `/application/${await firstId(request, 'application/get-collection')}`,
  `/executor/${await firstId(request, 'executor/get-collection')}`,
  `/service/${await firstId(request, 'service/get-collection?parentId=')}`,
  `/facility/${await firstId(request, 'facility/get-map')}`,
];

// Every public route of mf-catalog (ARCHITECTURE §2), once its content has loaded.
test('axe-core finds no serious or critical violation on the public pages', async ({ page, request }) => {
  test.setTimeout(180_000);
  const report: string[] = [];
  for (const path of [...staticPages, ...(await detailPages(request))]) {
    await openSettled(page, path);
    report.push(...(await axeFindings(page, path)));
  }
  expect(report).toEqual([]);
});

test('the public pages fit a 320 px phone, with no serious axe-core violation there either', async ({ page, request }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: NARROWEST_SCREEN, height: 800 });
  const report: string[] = [];
  for (const path of [...staticPages, ...(await detailPages(request))]) {
    await openSettled(page, path);
    const overflow = await sidewaysOverflow(page);
    if (overflow > 0) report.push(`${path}: ${overflow}px wider than the screen`);
    report.push(...(await axeFindings(page, `${path} at ${NARROWEST_SCREEN}px`)));
  }
  expect(report).toEqual([]);
  // The header stays one row there: the logo, «Войти» and the menu button side by side.
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
test('the sign-in, registration, recovery and reply dialogs: no serious axe-core violation, nothing wider than a 320 px phone', async ({ browser, page, request }) => {
  // A whole audit (its time is not what is checked): twice what it takes on CI, as the other audits.
  test.setTimeout(180_000);
  const report: string[] = [];
  const application = `/application/${await firstId(request, 'application/get-collection')}`;
  const executor = await newParty(browser, request, 'executor', 'Эльвира Откликова');
  const dialogs: Array<[Page, string, string, string]> = [
    [page, '/?auth=login', 'Вход', ''],
    [page, '/?auth=register', 'Регистрация', ''],
    [page, '/?auth=recovery', 'Восстановление пароля', ''],
    [executor.page, application, 'Отклик на заявку', 'Откликнуться'],
  ];
  for (const width of [1280, NARROWEST_SCREEN]) {
    for (const [tab, path, title, opener] of dialogs) {
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
  }
  expect(report).toEqual([]);
  await executor.context.close();
});

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
