// Server rendering of public pages (issue 12, ARCHITECTURE §9): the first HTML holds the page's
// content, head tags and data; the browser hydrates it without a refetch or a mismatch; a
// redeployed remote changes the rendered HTML without a shell release; a remote that is down
// leaves the client-rendered page, never an error.
import { chromium, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { logInWithCookies } from './support/accounts';
import { expect, holdEntryScript, recordRequests, test } from './support/fixtures';
import { API_URL, OPERATOR_PHONE, REMOTE_URLS, SHELL_URL } from './support/env';
import { buildWithWebpack, createConfigModule, ROOT } from './support/build';


test('with JavaScript disabled, the server-rendered pages hold their content and head', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    const list = await page.goto('/application');
    expect(list?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page.getByRole('heading', { level: 1, name: 'Заявки' })).toBeVisible();
    // The applications themselves, not a loading state.
    await expect(page.getByRole('main').getByRole('link').filter({ hasText: /\S/ }).first()).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Маркетплейс услуг' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page).toHaveTitle(/^Заявки.* — Маркетплейс услуг$/);

    // The home page's search works before (and without) scripts: a GET the server renders.
    await page.goto('/');
    await page.getByRole('searchbox', { name: 'Найти заявку' }).fill('баня');
    await page.getByRole('searchbox', { name: 'Найти заявку' }).press('Enter');
    await expect(page).toHaveURL(`${SHELL_URL}/application/search?query=%D0%B1%D0%B0%D0%BD%D1%8F`);
    await expect(page.getByRole('main').getByRole('link', { name: /Баня/ }).first()).toBeVisible();

    // So do the list's own forms, and each keeps the rest of the view: the panel's form (the
    // customer type, the prices, the date) carries the sort, the search carries the prices and the
    // date (typed as дд.мм.гггг). Its fields left blank go as blanks, which the list ignores.
    await page.goto('/application?attributeSort=price&typeSort=desc');
    const minPrice = page.getByRole('textbox', { name: 'Цена от, ₽' });
    await minPrice.fill('1000');
    await page.getByRole('textbox', { name: 'Выполнить до' }).fill('31.12.2099');
    await minPrice.press('Enter');
    await expect(page).toHaveURL(`${SHELL_URL}/application?type=&min_price=1000&max_price=&deadline=31.12.2099&attributeSort=price&typeSort=desc`);
    await expect(page.getByRole('textbox', { name: 'Цена от, ₽' })).toHaveValue('1000');
    await expect(page.getByRole('textbox', { name: 'Выполнить до' })).toHaveValue('31.12.2099');
    const chips = page.getByRole('group', { name: 'Выбранные фильтры' }).getByRole('listitem');
    await expect(chips).toHaveText([/^Цена от 1\s000\s₽/, /^Срок до 31 декабря 2099/]);
    await page.getByRole('searchbox', { name: 'Поиск заявок' }).fill('баня');
    await page.getByRole('searchbox', { name: 'Поиск заявок' }).press('Enter');
    await expect(page).toHaveURL(
      `${SHELL_URL}/application?query=%D0%B1%D0%B0%D0%BD%D1%8F&min_price=1000&deadline=31.12.2099&attributeSort=price&typeSort=desc`,
    );
    await expect(page.getByRole('main').getByRole('link', { name: /Баня/ }).first()).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Цена от, ₽' })).toHaveValue('1000');

    // The callback form waits for its scripts: sent without them, the browser's own GET would put
    // the visitor's name and phone in the address.
    const contacts = await page.goto('/contacts');
    await expect(page.getByRole('button', { name: 'Заказать звонок' })).toBeDisabled();
    // The operator's phone is the deployment's (OPERATOR_PHONE), rendered by the server.
    await expect(page.getByRole('link', { name: OPERATOR_PHONE })).toHaveAttribute('href', 'tel:+78005553535');
    // What a browser without scripts shows in its place (Playwright's switch turns scripts off but
    // still parses <noscript> as text, so the HTML is what can be checked).
    expect(await contacts!.text()).toContain('<noscript><p class="callback-form__consent">Чтобы отправить форму, включите в браузере JavaScript.</p></noscript>');

    // «Войти» opens a dialog of the scripts: without them the page says so instead of nothing.
    const login = await page.goto('/application?auth=login');
    expect(await login!.text()).toContain(
      '<noscript><p class="app-asked-notice" role="alert">Чтобы войти или зарегистрироваться, включите в браузере JavaScript.</p></noscript>',
    );
    await expect(page.getByRole('heading', { level: 1, name: 'Заявки' })).toBeVisible();

    await page.goto('/service');
    const serviceLink = page.getByRole('main').locator('a[href^="/service/"]').first();
    await expect(serviceLink).toBeVisible();
    const href = await serviceLink.getAttribute('href');
    const item = await page.goto(href!);
    expect(item?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${SHELL_URL}${href}`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /\S/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /\S/);
    // A rendered page never says it is loading; a client-only one does not either without scripts
    // that would ever replace the line.
    await expect(page.locator('#app-loading')).toHaveCount(0);
    await page.goto('/executor');
    await expect(page.locator('#app-loading')).toHaveCount(1);
    await expect(page.locator('#app-loading')).toBeHidden();
  } finally {
    await context.close();
  }
});

test('a phone that runs no scripts gets the menu and the filters open: their buttons would open nothing', async ({ page }) => {
  // Playwright's own switch leaves <noscript> as text; a browser with scripts off in its settings
  // parses it as a browser without scripts does.
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--blink-settings=scriptEnabled=false'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 375, height: 667 }, baseURL: SHELL_URL });
    await page.goto('/application');
    await expect(page.getByRole('button', { name: /Показать фильтры/ })).toBeHidden();
    await expect(page.getByRole('heading', { level: 2, name: 'Фильтры' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Цена от, ₽' })).toBeVisible();
    // The filters that need the API's suggestions are not fields that do nothing: the panel says so
    // (inside <noscript>, which Playwright's text and role engines skip: found by its class).
    const note = page.locator('.ui-filter-panel__note');
    await expect(note).toBeVisible();
    await expect(note).toHaveText('Город, услуги и заказчика можно выбрать только с включённым JavaScript.');
    await expect(page.getByRole('combobox', { name: 'Город' })).toBeHidden();
    await expect(page.getByRole('combobox', { name: 'Заказчик', exact: true })).toBeHidden();
    await expect(page.getByRole('button', { name: /^Услуги/ })).toBeHidden();
    await expect(page.getByRole('combobox', { name: 'Тип заказчика' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Меню' })).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Основная навигация' }).getByRole('link', { name: 'Исполнители' })).toBeVisible();
    // Scripts really did not run: the shell's entry never started the federation runtime.
    expect(await page.evaluate(() => '__FEDERATION__' in globalThis)).toBe(false);
  } finally {
    await browser.close();
  }
  // With scripts, both stay behind their buttons.
  await page.setViewportSize({ width: 375, height: 667 });
  await page.goto('/application');
  await expect(page.getByRole('button', { name: /Показать фильтры/ })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Цена от, ₽' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Меню' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Основная навигация' })).toBeHidden();
  expect(await page.evaluate(() => '__FEDERATION__' in globalThis)).toBe(true);
  // On a wide screen (a sidebar, no toggle) the filters that need scripts are there with them.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole('combobox', { name: 'Город' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Заказчик', exact: true })).toBeVisible();
  await expect(page.locator('.ui-filter-panel__note')).toBeHidden();
});

test('without scripts the sort applies too: «Показать» sends the choice with the rest of the view, and the server sorts', async ({ request }) => {
  // Both views rendered once first: a server over its time budget (a loaded machine, a list's first
  // query) sends the page for the browser to render, which a browser without scripts never does.
  for (const url of ['/application?min_price=1', '/application?min_price=1&sort=name%3Adesc']) {
    await expect.poll(async () => (await (await request.get(url)).text()).includes('__SSR_DATA__'), { timeout: 20_000 }).toBe(true);
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--blink-settings=scriptEnabled=false'],
  });
  try {
    const page = await browser.newPage({ baseURL: SHELL_URL });
    await page.goto('/application?min_price=1');
    const main = page.getByRole('main');
    await main.getByRole('combobox', { name: 'Сортировка' }).selectOption({ label: 'По названию, от Я до А' });
    // One «Показать» per such form, each named by what it shows.
    await main.getByRole('button', { name: 'Показать в выбранном порядке' }).click();
    await expect(page).toHaveURL(/[?&]sort=name%3Adesc(&|$)/);
    await expect(page).toHaveURL(/[?&]min_price=1(&|$)/);
    const names = await main.getByRole('article').getByRole('heading').allTextContents();
    expect(names.length).toBeGreaterThan(1);
    expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a, 'ru')));
    await expect(main.getByRole('combobox', { name: 'Сортировка' })).toHaveValue('name:desc');
    // The canonical address is the filtered list's, whatever its order.
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/application\?min_price=1$/);
  } finally {
    await browser.close();
  }
});

test("the start's scripts and a page's own chunks ask V8 to compile them eagerly, as served; other async chunks do not", async ({ request }) => {
  // scripts/webpack/compile-hints.cjs: the shell's entry and start files, each remote's container,
  // its exposed modules and its pages' chunks (a page's code runs when the page renders).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const hint = (require(path.join(ROOT, 'scripts/webpack/compile-hints.cjs')) as { COMPILE_HINT: string }).COMPILE_HINT;
  const start = (await (await request.get('/start-assets.json')).json()) as { files: string[] };
  expect(start.files.length).toBeGreaterThan(0);
  const urls = ['/main.js', ...start.files.map((file) => `/${file}`), ...Object.values(REMOTE_URLS).map((url) => `${url}/remoteEntry.js`)];
  for (const url of urls) {
    const script = await request.get(url);
    expect(script.status(), url).toBe(200);
    expect((await script.text()).startsWith(hint), url).toBe(true);
  }
  const catalog = REMOTE_URLS['mf-catalog'];
  const pages = (await (await request.get(`${catalog}/page-assets.json`)).json()) as { pages: Record<string, string[]> };
  const hinted = async (file: string) => (await (await request.get(`${catalog}/${file}`)).text()).startsWith(hint);
  for (const file of pages.pages['application-list-page']!) expect(await hinted(file), file).toBe(true);
  // What a page loads later (the map and its library) is compiled as usual, when it runs.
  const manifest = (await (await request.get(`${catalog}/mf-manifest.json`)).json()) as { exposes: { path: string; assets: { js: { sync: string[]; async: string[] } } }[] };
  const routes = manifest.exposes.find((expose) => expose.path === './routes')!.assets.js;
  const pageFiles = new Set(Object.values(pages.pages).flat());
  const later = routes.async.filter((file) => !pageFiles.has(file) && !routes.sync.includes(file));
  expect(later.length).toBeGreaterThan(0);
  for (const file of later) expect(await hinted(file), file).toBe(false);
});

test("the shell's entry carries one federation runtime, and the remotes borrow it", async ({ request }) => {
  // Every copy of runtime-core names this global once (the two copies scripts/webpack/create-config.cjs's
  // federationRuntimeAlias removed: the runtime plugin's CommonJS build pulled in a second one).
  const copies = (script: string) => script.split('__DEBUG_CONSTRUCTOR_VERSION__').length - 1;
  expect(copies(await (await request.get('/main.js')).text())).toBe(1);
  for (const url of Object.values(REMOTE_URLS)) expect(copies(await (await request.get(`${url}/remoteEntry.js`)).text()), url).toBe(0);
});

test("the browser's ./routes of mf-catalog leaves the pages' heads to the server", async ({ request, page }) => {
  // Every page's start loads ./routes; `handle.meta` (titles, canonicals, JSON-LD) is read by the
  // shell's server alone, whose build keeps it (mf-catalog/src/routes.tsx).
  const manifest = (await (await request.get(`${REMOTE_URLS['mf-catalog']}/mf-manifest.json`)).json()) as {
    exposes: { path: string; assets: { js: { sync: string[] } } }[];
  };
  const files = manifest.exposes.find((expose) => expose.path === './routes')!.assets.js.sync;
  expect(files.length).toBeGreaterThan(0);
  const scripts = await Promise.all(files.map(async (file) => (await request.get(`${REMOTE_URLS['mf-catalog']}/${file}`)).text()));
  // The routes themselves are there…
  expect(scripts.join('\n')).toContain('executor/search');
  // …their heads are not.
  for (const [i, script] of scripts.entries()) {
    for (const head of ['canonicalPath', 'jsonLd', 'Исполнитель не найден']) expect(script, files[i]).not.toContain(head);
  }
  // The server still writes them.
  const executors = await (await request.get(`${API_URL}/api/executor/get-collection?page=1&limit=1`)).json();
  const html = await (await request.get(`/executor/${executors.data.items[0].id}`)).text();
  expect(html).toContain('<link rel="canonical"');
  expect(html).toContain('application/ld+json');
  // And a page reached in the browser still gets its title from the route.
  await page.goto('/');
  await page.getByRole('link', { name: 'Исполнители' }).first().click();
  await expect(page).toHaveTitle(/^Исполнители/);
});

test("a guest's start leaves the header's account widgets out; a logged-in one fetches them", async ({ page, context, request }) => {
  const accountChunk = (url: string) => /\/account\.[0-9a-f]+\.js$/.test(url);
  const requests = recordRequests(page);
  await page.goto('/application');
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Войти' })).toBeVisible();
  expect(requests.filter(accountChunk)).toEqual([]);
  await logInWithCookies(context, request);
  requests.length = 0;
  await page.goto('/application');
  await expect(page.getByRole('banner').getByRole('button', { name: /^Уведомления, непрочитанных: \d+$/ })).toBeVisible();
  expect(requests.filter(accountChunk)).toHaveLength(1);
});

test('a path no route matches answers 404, and an unknown service too', async ({ request }) => {
  expect((await request.get('/no-such-page/at-all')).status()).toBe(404);
  const service = await request.get('/service/987654321');
  expect(service.status()).toBe(404);
  // Without scripts the page is its «not found» state, rendered, with its way back to the catalogue.
  expect(await service.text()).toMatch(
    /<main[^>]*>.*<h1[^>]*>Услуга не найдена<\/h1><p[^>]*>Возможно, её убрали из каталога или в адресе ошибка\.<\/p>.*<a href="\/service"[^>]*>Вернуться к каталогу услуг<\/a>.*<\/main>/,
  );
  // Signed in, the browser renders the page (the header is the account's), but the status holds.
  const session = { headers: { Cookie: 'token=any; refresh_token=any' } };
  expect((await request.get('/no-such-page/at-all', session)).status()).toBe(404);
  expect((await request.get('/application', session)).status()).toBe(200);
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toContain(`Sitemap: ${SHELL_URL}/sitemap.xml`);
});

test('a missing entity’s page comes with its 404 and its «not found» state: the browser shows it without asking the API again', async ({ page, consoleErrors }) => {
  const requests = recordRequests(page);
  const missing: [path: string, heading: string, rendered: boolean][] = [
    ['/executor/999999', 'Исполнитель не найден', true],
    ['/service/999999', 'Услуга не найдена', true],
    ['/facility/999999', 'Объект не найден', true],
    // Client-only (spec §2): not rendered, but its 404 comes with its data.
    ['/application/999999', 'Заявка не найдена', false],
  ];
  for (const [pathname, heading, rendered] of missing) {
    requests.length = 0;
    consoleErrors.length = 0;
    const answer = await page.goto(pathname);
    expect(answer?.status(), pathname).toBe(404);
    const html = await answer!.text();
    expect(html, pathname).toContain('__SSR_DATA__');
    if (rendered) expect(html, pathname).toContain(`>${heading}</h1>`);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(requests.filter((url) => /\/api\/(service|application|executor|profile\/facility)\/get/.test(url)), pathname).toEqual([]);
    // The document's own 404 is the one failed load: no second 404 from the API, no hydration error.
    expect(consoleErrors, pathname).toEqual([expect.stringMatching(/status of 404/)]);
  }
});

test('the browser hydrates the server-rendered list without a mismatch or a refetch, and navigates on', async ({ page, consoleErrors }) => {
  const requests = recordRequests(page);
  await page.goto('/application');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Заявки' })).toBeVisible();
  // Hydrated: the page reacts (the filter toggle is React's), and the list was not fetched again.
  await page.waitForLoadState('networkidle');
  expect(requests.filter((url) => url.startsWith(`${API_URL}/api/application/get-collection`))).toEqual([]);
  // After hydration the app navigates as before, on the client.
  await page.getByRole('banner').getByRole('link', { name: 'Услуги', exact: true }).first().click();
  await expect(page).toHaveURL(/\/service$/);
  await expect(main.getByRole('heading', { level: 1, name: 'Услуги' })).toBeVisible();
  await page.goBack();
  await expect(main.getByRole('heading', { level: 1, name: 'Заявки' })).toBeVisible();
  expect(consoleErrors.filter((text) => /hydrat|did not match|Minified React error #4[0-9]{2}/i.test(text))).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('hydration moves nothing: the cards sit where the server\'s HTML put them', async ({ page }) => {
  // Whatever order the bundles inject their styles in, the hydrated page keeps the server's
  // cascade (scripts/webpack/insert-style.cjs): shared's `.ui-card` once overrode the cards' own
  // layout after hydration, and every card jumped. One load, measured before its scripts run (the
  // shell's entry held back) and after hydration: the same data, whatever other tests write.
  const cardBoxes = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('main .application-card, main .application-card > *')].slice(0, 30).map((element) => {
        const { x, y, width, height } = element.getBoundingClientRect();
        return `${element.className}: ${Math.round(x)},${Math.round(y)} ${Math.round(width)}×${Math.round(height)}`;
      }),
    );
  const release = await holdEntryScript(page);
  await page.goto('/application', { waitUntil: 'commit' });
  await expect(page.locator('main .application-card').nth(1)).toBeVisible();
  await expect(page.locator('style[data-ssr]')).toHaveCount(2);
  const served = await cardBoxes();
  expect(served.length).toBeGreaterThan(5);
  release();
  await page.waitForLoadState('networkidle');
  expect(await cardBoxes()).toEqual(served);
  // Hydrated: the server's two blocks stay, and the bundles left the rules they hold out of the
  // document (scripts/webpack/style-tag-transform.cjs): parsed once, with the HTML. The shared
  // cards' and the list's rules are in one stylesheet each, the server's.
  await expect(page.locator('style[data-ssr]')).toHaveCount(2);
  expect(await sheetsWithRule(page, '.ui-card')).toEqual(['base']);
  expect(await sheetsWithRule(page, '.application-card')).toEqual(['page']);
  // No empty element stands for a stylesheet the server sent.
  expect(await page.locator('style[data-style]:not([data-ssr])').evaluateAll((elements) => elements.filter((element) => !element.textContent))).toEqual([]);
});

/** Where a rule with exactly this selector is, one entry a stylesheet: the server's block's group, or `own`. */
function sheetsWithRule(page: Page, selector: string): Promise<string[]> {
  return page.evaluate(
    (wanted) =>
      [...document.styleSheets]
        .filter((sheet) => [...sheet.cssRules].some((rule) => rule instanceof CSSStyleRule && rule.selectorText === wanted))
        .map((sheet) => {
          const owner = sheet.ownerNode as Element | null;
          return owner?.hasAttribute('data-ssr') ? (owner.getAttribute('data-style') ?? '?') : 'own';
        }),
    selector,
  );
}

test('every server-rendered page hydrates without a mismatch and without fetching its first data again', async ({ page, consoleErrors, request }) => {
  const services = await (await request.get(`${API_URL}/api/service/get-collection?page=1&limit=1`)).json();
  const serviceId = services.data.items[0].id;
  const executors = await (await request.get(`${API_URL}/api/executor/get-collection?page=1&limit=1`)).json();
  const executorId = executors.data.items[0].id;
  const paths = ['/', '/application', '/service', `/service/${serviceId}`, `/executor/${executorId}`, '/about', '/contacts', '/guarantees'];
  // The executor's page shows a moment in Moscow time: the offset came with the page, so the
  // browser writes it out as the server did, without Intl's zone data (count the formatters made).
  await page.addInitScript(() => {
    const Native = Intl.DateTimeFormat;
    const counted = function (this: unknown, ...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
      (window as unknown as { __dateFormatters: number }).__dateFormatters += 1;
      return new Native(...args);
    };
    (window as unknown as { __dateFormatters: number }).__dateFormatters = 0;
    Object.setPrototypeOf(counted, Native);
    counted.prototype = Native.prototype;
    Intl.DateTimeFormat = counted as unknown as typeof Intl.DateTimeFormat;
    // The start opens no localStorage (its first touch is a synchronous call to the browser
    // process): the federation runtime's debug switch is decided at build time
    // (scripts/webpack/federation-debug-loader.cjs). Count the touches.
    const storage = Object.getOwnPropertyDescriptor(window, 'localStorage')!;
    (window as unknown as { __localStorageReads: number }).__localStorageReads = 0;
    Object.defineProperty(window, 'localStorage', {
      ...storage,
      get() {
        (window as unknown as { __localStorageReads: number }).__localStorageReads += 1;
        return storage.get!.call(window);
      },
    });
  });
  const requests = recordRequests(page);
  for (const pathname of paths) {
    requests.length = 0;
    const answer = await page.goto(pathname);
    expect(answer?.status(), pathname).toBe(200);
    expect(await answer!.text(), pathname).toContain('__SSR_DATA__');
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const refetched = requests.filter((url) => /\/api\/(service|application|executor|facility)\/get/.test(url));
    expect(refetched, pathname).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __dateFormatters: number }).__dateFormatters), pathname).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __localStorageReads: number }).__localStorageReads), pathname).toBe(0);
    // react-dom's client module was evaluated with Error stacks off (shell/src/start/error-stacks.ts):
    // the page's own Errors have their stacks again, at the browser's limit.
    expect(await page.evaluate(() => [Error.stackTraceLimit, typeof new Error('x').stack]), pathname).toEqual([10, 'string']);
    if (pathname.startsWith('/executor/')) await expect(page.locator('dt:has-text("На сервисе с") + dd')).toHaveText(/^\d{1,2} [а-я]+ \d{4}$/);
  }
  expect(consoleErrors).toEqual([]);
});

test('a client-only page comes without HTML but with its data: the browser renders it without asking the API again', async ({ page, consoleErrors, request }) => {
  const list = await (await request.get(`${API_URL}/api/application/get-collection?page=1&limit=1`)).json();
  const application = list.data.items[0];
  const requests = recordRequests(page);
  const answer = await page.goto(`/application/${application.id}`);
  expect(answer?.status()).toBe(200);
  const html = await answer!.text();
  // Spec §2: rendered by the browser, so the root is empty; the data is inlined beside it. Until
  // the scripts have run the page says it is loading; without them, that it needs them.
  expect(html).toContain('<div id="root"></div><script type="application/json" id="__SSR_DATA__">');
  expect(html).toMatch(/<div id="app-loading" role="status"[^>]*>Загрузка…<\/div><noscript>.*?<h1>Включите JavaScript<\/h1>.*?<\/noscript><div id="root">/);
  await expect(page.getByRole('heading', { level: 1, name: application.name })).toBeVisible();
  // The app's first render took the loading line away.
  await expect(page.locator('#app-loading')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(requests.filter((url) => url.startsWith(`${API_URL}/api/application/get?`))).toEqual([]);
  // Its styles came with the HTML: the page's bundles left those rules out of their own <style>.
  expect(html).toContain('<style data-ssr="" data-style="page"');
  expect(await sheetsWithRule(page, '.ui-card')).toEqual(['base']);
  expect(await sheetsWithRule(page, '.application-details')).toEqual(['page']);
  // Its head names the application (a shared link, the tab), and goes when the visitor moves on.
  expect(html).toContain(`<link rel="canonical" href="${SHELL_URL}/application/${application.id}">`);
  await expect(page).toHaveTitle(`${application.name} — Маркетплейс услуг`);
  await page.getByRole('link', { name: 'Назад к заявкам' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Заявки' })).toBeVisible();
  // The list's tab names it as its server-rendered head does.
  await expect(page).toHaveTitle(/^Заявки на услуги — Маркетплейс услуг$/);
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
  // An address that cannot name an application is «not found» too.
  expect((await request.get('/application/abc')).status()).toBe(404);
  // So is one that is not even a decodable or a safe path: the app's page, not a bare status line.
  for (const odd of ['/application/%ff', '/application/%00', '/application/..%2f..%2f']) {
    const answer = await request.get(odd, { headers: { 'Sec-Fetch-Dest': 'document' } });
    expect({ odd, status: answer.status() }).toEqual({ odd, status: 404 });
    expect(await answer.text()).toContain('не найдена');
  }
  expect(consoleErrors).toEqual([]);
});

test("a first visit gets the start's libraries inside a client-only page; the next page takes them from the browser's cache", async ({ page, context, consoleErrors, request }) => {
  const list = await (await request.get(`${API_URL}/api/application/get-collection?page=1&limit=2`)).json();
  const [first, second] = list.data.items as { id: number; name: string }[];
  const isLibraries = (url: string) => /\/start-libs\.[0-9a-f]+\.js$/.test(url);
  // How the browser got each response for the file: from the network or from its disk cache.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const served: string[] = [];
  cdp.on('Network.responseReceived', (event) => {
    if (isLibraries(event.response.url)) served.push(event.response.fromDiskCache ? 'cache' : 'network');
  });
  const requests = recordRequests(page);

  const cached = page.waitForEvent('requestfinished', { predicate: (req) => isLibraries(req.url()), timeout: 30_000 });
  const answer = await page.goto(`/application/${first!.id}`);
  const html = await answer!.text();
  const src = /<script data-start-inline="(\/start-libs\.[0-9a-f]+\.js)">/.exec(html)?.[1];
  expect(src).toBeTruthy();
  // Only that script is allowed inline, by its hash; the file is not hinted as well.
  expect(await answer!.headerValue('content-security-policy')).toMatch(/script-src [^;]*'sha256-[A-Za-z0-9+/=]+'/);
  expect(html).not.toContain(`href="${src}"`);
  await expect(page.getByRole('heading', { level: 1, name: first!.name })).toBeVisible();
  // The page rendered without asking for the file; once loaded, it fetched it into the cache.
  await cached;
  expect(requests.filter(isLibraries)).toEqual([`${SHELL_URL}${src}`]);
  expect(served).toEqual(['network']);
  expect((await context.cookies(SHELL_URL)).find((c) => c.name === 'start_libs')?.value).toBe(src!.slice(1));

  const next = await page.goto(`/application/${second!.id}`);
  const nextHtml = await next!.text();
  expect(nextHtml).not.toContain('data-start-inline');
  expect(nextHtml).toContain(`<link rel="preload" as="script" href="${src}">`);
  expect(await next!.headerValue('content-security-policy')).not.toContain('sha256');
  await expect(page.getByRole('heading', { level: 1, name: second!.name })).toBeVisible();
  await expect.poll(() => served).toEqual(['network', 'cache']);
  expect(consoleErrors).toEqual([]);
});

// The shell's server that global-setup runs cannot be pointed elsewhere, so this journey serves a
// second shell (the same built files) and a copy of mf-catalog's build on free ports, with the
// same API.
function serve(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, [path.join(ROOT, 'scripts/serve-static.mjs'), ...args], { env: { ...process.env, ...env }, stdio: 'ignore' });
}

/** The repository's own helpers for starting servers (scripts/run.mjs). */
async function runHelpers(): Promise<{ freePorts(count: number): Promise<number[]>; waitFor(url: string, options: { timeoutMs: number }): Promise<void> }> {
  return import(path.join(ROOT, 'scripts/run.mjs'));
}

const PROBE_TEXT = 'Проверка: страница из новой серверной сборки';

/** Builds mf-catalog's server build again with the about page's text changed, into `dist`. */
async function buildChangedServer(dir: string, dist: string): Promise<void> {
  const entry = path.join(dir, 'routes.ts');
  writeFileSync(
    entry,
    [
      `import { routes as released } from ${JSON.stringify(path.join(ROOT, 'mf-catalog/src/routes.tsx'))};`,
      `function AboutProbe() { return ${JSON.stringify(PROBE_TEXT)}; }`,
      "export const routes = released.map((route) => (route.path === 'about' ? { ...route, lazy: async () => ({ Component: AboutProbe }) } : route));",
      'export default routes;',
    ].join('\n'),
  );
  // The server half of a deploy whose browser files are the ones served: it carries their build's
  // version, as one build's two halves do (a server build of another version is left to the
  // browser, QA NNN-1, shell/src/ssr/render-page.test.ts).
  const { buildVersion } = JSON.parse(readFileSync(path.join(dist, 'page-assets.json'), 'utf8')) as { buildVersion: string };
  expect(buildVersion).toMatch(/\S/);
  await buildWithWebpack({
    pkg: 'mf-catalog',
    dir,
    env: { BUILD_VERSION: buildVersion },
    configLines: [
      `const { createServerConfig } = require(${createConfigModule});`,
      `const make = createServerConfig({ name: 'mf-catalog', dir: ${JSON.stringify(path.join(ROOT, 'mf-catalog'))}, entry: ${JSON.stringify(entry)}, isHost: false });`,
      `module.exports = (env, argv) => { const c = make(env, argv); c.output.path = ${JSON.stringify(path.join(dist, 'server'))}; return c; };`,
    ],
  });
}

test('a redeployed remote changes the server-rendered HTML without a shell release; a remote that is down leaves the client page', async () => {
  test.setTimeout(180_000);
  const work = mkdtempSync(path.join(tmpdir(), 'ssr-redeploy-'));
  const dist = path.join(work, 'dist');
  cpSync(path.join(ROOT, 'mf-catalog/dist'), dist, { recursive: true });
  const { freePorts, waitFor } = await runHelpers();
  const [remotePort, shellPort] = await freePorts(2);
  const remoteOrigin = `http://localhost:${remotePort}`;
  const shellOrigin = `http://localhost:${shellPort}`;
  const remote = serve(['--dir', dist, '--port', String(remotePort)], {});
  const shell = serve(['--dir', path.join(ROOT, 'shell/dist'), '--port', String(shellPort), '--spa', '--runtime-config'], {
    API_URL,
    MF_CATALOG_URL: remoteOrigin,
    SSR_BUDGET_MS: '5000',
  });
  const shellBuiltAt = statSync(path.join(ROOT, 'shell/dist/server/render.cjs')).mtimeMs;
  try {
    await Promise.all([waitFor(`${remoteOrigin}/mf-manifest.json`, { timeoutMs: 10_000 }), waitFor(`${shellOrigin}/runtime-config.json`, { timeoutMs: 10_000 })]);
    const before = await (await fetch(`${shellOrigin}/about`)).text();
    expect(before).toContain('__SSR_DATA__');
    expect(before).not.toContain(PROBE_TEXT);

    await buildChangedServer(work, dist);
    const after = await fetch(`${shellOrigin}/about`);
    expect(after.status).toBe(200);
    expect(await after.text()).toContain(PROBE_TEXT);
    expect(statSync(path.join(ROOT, 'shell/dist/server/render.cjs')).mtimeMs).toBe(shellBuiltAt);

    // The remote goes down: the shell still answers, with the client-rendered page.
    remote.kill();
    await new Promise((resolve) => remote.once('exit', resolve));
    // The shell's server trusts what it revalidated for a second (shell/src/ssr/remote-server-module.ts).
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const down = await fetch(`${shellOrigin}/about`);
    expect(down.status).toBe(200);
    const html = await down.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('__SSR_DATA__');
  } finally {
    remote.kill();
    shell.kill();
    rmSync(work, { recursive: true, force: true });
  }
});

// CI (stop 73): «Войти» clicked on the home page as it hydrated opened nothing. The server had sent
// the header in the narrow order and hydrating at 1280 px moved «Войти» into the row's place between
// the press and the release; Chromium then clicks the moved link's parent. On a 6× slower CPU a
// click as soon as the link showed was lost 15 times of 20. Three tries, each on a fresh page.
test('«Войти» pressed while the server-rendered home page hydrates opens the login dialog', async ({ browser }) => {
  test.setTimeout(90_000);
  for (let attempt = 0; attempt < 3; attempt++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'ru-RU' });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    await page.goto(`${SHELL_URL}/`, { waitUntil: 'commit' });
    await page.getByRole('banner').getByRole('link', { name: 'Войти' }).click();
    await expect(page.getByRole('dialog', { name: 'Вход' }).getByLabel('Номер телефона')).toBeVisible({ timeout: 15_000 });
    await context.close();
  }
});
