import { expect, test, type Page } from '@playwright/test';
import { asParty, freshCode, newParty, pdfFile, publishApplication } from './support/deal';
import { recordToasts } from './support/fixtures';
import { axeFindings, belowFooter, glyphGap, NARROWEST_SCREEN, openSettled, sidewaysOverflow } from './support/audit';

// The cabinet (issue 10) in two browsers against the built app: an organisation found by its INN
// (DaData's party API answered by the fake global-setup starts), an employee invited by phone who
// accepts in a second browser and works for the organisation (a facility with a map point and a
// document), and money: requisites checked as the server checks them, a withdrawal in the history.

const SBERBANK_INN = '7707083893';

/**
 * The page's toasts from now on; `says(text)` waits until one has said it. A success toast closes
 * after 2 s: the page's own record catches it where a runner polling on a loaded machine may look
 * only after it has gone.
 */
async function toastsOf(page: Page) {
  const shown = await recordToasts(page);
  return {
    says: (text: string | RegExp) =>
      expect
        .poll(async () => (await shown()).some((toast) => (typeof text === 'string' ? toast.includes(text) : text.test(toast))), { message: `a toast says ${text}` })
        .toBe(true),
  };
}

test('an organisation found by INN, an employee invited by phone accepts in a second browser and adds a facility with a map point and a document for it', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const director = await newParty(browser, request, 'customer', 'Лидия Директорова');
  const employee = await newParty(browser, request, 'executor', 'Егор Сотрудников');
  const directorToasts = await toastsOf(director.page);
  const employeeToasts = await toastsOf(employee.page);

  // The director: the form is filled from DaData by the INN, and the new organisation becomes active.
  const d = director.page;
  await d.goto('/lk/organization/add');
  const form = d.getByRole('form', { name: 'Новая организация' });
  await form.getByLabel('ИНН').fill(SBERBANK_INN);
  await form.getByRole('button', { name: 'Найти по ИНН' }).click();
  await expect(form.getByText('Данные заполнены по ИНН — проверьте их')).toBeVisible();
  await expect(form.getByLabel('Название')).toHaveValue('ПАО СБЕРБАНК');
  await expect(form.getByLabel('КПП')).toHaveValue('773601001');
  await expect(form.getByLabel('ОГРН')).toHaveValue('1027700132195');
  await form.getByRole('button', { name: 'Добавить организацию' }).click();
  await expect(d).toHaveURL(/\/lk\/organization$/);
  await expect(d.getByRole('main').getByText('ПАО СБЕРБАНК').first()).toBeVisible();
  await expect(d.getByRole('main').getByText(SBERBANK_INN).first()).toBeVisible();

  // The director invites the employee by phone: the staff page is a section of the cabinet's navigation now that the organisation is the active profile.
  const sections = d.getByRole('navigation', { name: 'Разделы личного кабинета' });
  await expect(sections.getByRole('link', { name: 'Организации' })).toHaveAttribute('aria-current', 'page');
  await sections.getByRole('link', { name: 'Сотрудники' }).click();
  await expect(d).toHaveURL(/\/lk\/employee$/);
  await expect(d.getByRole('main').getByRole('heading', { level: 1, name: 'Сотрудники' })).toBeVisible();
  await d.getByRole('button', { name: 'Пригласить сотрудника' }).click();
  const invite = d.getByRole('dialog', { name: 'Пригласить сотрудника' });
  await invite.getByLabel('Телефон').fill(employee.phone.slice(1));
  await invite.getByLabel('Должность').fill('Прораб');
  const sentAfter = Date.now();
  await invite.getByRole('button', { name: /Пригласить|Отправить/ }).click();
  await directorToasts.says('Приглашение отправлено');
  const code = await freshCode(request, employee.phone, 'invite', sentAfter);

  // The employee, in a second browser: the code, the organisation it names, accept, switch to it.
  const e = employee.page;
  await e.goto('/lk/organization');
  await e.getByRole('button', { name: 'Ввести код приглашения' }).first().click();
  const accept = e.getByRole('dialog');
  await accept.getByLabel('Код приглашения').fill(code);
  await accept.getByRole('button', { name: 'Проверить код' }).click();
  await expect(accept.getByText('ПАО СБЕРБАНК')).toBeVisible();
  await expect(accept.getByText('Прораб')).toBeVisible();
  await accept.getByRole('button', { name: 'Принять' }).click();
  await accept.getByRole('button', { name: 'Переключиться на организацию' }).click();
  await expect(accept).toBeHidden();
  const profiles = await asParty<{ items: Array<{ type: string; name: string; active: boolean; role?: string }> }>(request, employee, 'GET', 'user/profile/list');
  expect(profiles.items.find((p) => p.active)).toMatchObject({ type: 'organization', name: 'ПАО СБЕРБАНК', role: 'employee' });

  // The director sees the new employee in the list.
  await d.reload();
  await expect(d.getByRole('main').getByText('Егор Сотрудников')).toBeVisible();
  // A long position with no spaces (up to 200 characters) wraps on a phone instead of widening the page.
  const staff = await asParty<{ items: Array<{ id: number; director: boolean }> }>(request, director, 'GET', 'organization/employee/get-collection');
  const long = 'Ведущийинженерпотехническомуобслуживаниюзданий'.repeat(3);
  await asParty(request, director, 'PUT', 'organization/employee/update', { id: staff.items.find((m) => !m.director)!.id, position: long });
  const wide = d.viewportSize();
  await d.setViewportSize({ width: NARROWEST_SCREEN, height: 800 });
  await d.reload();
  await expect(d.getByRole('main').getByText(long)).toBeVisible();
  expect(await sidewaysOverflow(d)).toBe(0);
  if (wide) await d.setViewportSize(wide);

  // The employee, acting for the organisation, adds a facility: a type, an address, a point on the map, a document.
  await e.goto('/lk/facility/form');
  await e.getByLabel('Название').fill('Склад на Вавилова');
  await e.getByLabel('Тип объекта').selectOption({ label: 'Склад' });
  await e.getByLabel('Описание').fill('Два этажа, рампа для погрузки');
  const address = e.getByRole('combobox', { name: 'Адрес объекта' });
  await address.fill('Москва');
  await e.getByRole('option', { name: /Москва/ }).first().click();
  const lat = e.getByLabel('Широта');
  const before = await lat.inputValue();
  const map = e.locator('.leaflet-container').first();
  await expect(map).toBeVisible();
  await map.scrollIntoViewIfNeeded();
  const box = (await map.boundingBox())!;
  await e.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.4);
  await expect(lat).not.toHaveValue(before);
  await expect(lat).not.toHaveValue('');
  await e.locator('input[type="file"]').setInputFiles(pdfFile('план-склада.pdf'));
  await e.getByRole('button', { name: 'Создать объект' }).click();
  await expect(e).toHaveURL(/\/lk\/facility$/);
  await employeeToasts.says('Объект создан');
  await e.locator('.facility-cards').getByRole('link', { name: /Склад на Вавилова/ }).click();
  await expect(e).toHaveURL(/\/lk\/facility\/\d+$/);
  await expect(e.getByRole('main').getByText('план-склада.pdf', { exact: true })).toBeVisible();
  await expect(e.getByRole('main').locator('.leaflet-container')).toBeVisible();
  // Edited from its page and saved: its page again, and Back from it goes to the list it was opened
  // from, not to the same page a second time nor to the spent form.
  const facilityPage = e.url();
  await e.getByRole('link', { name: 'Изменить' }).click();
  await e.getByLabel('Название').fill('Склад на Вавилова, 7');
  await e.getByRole('button', { name: 'Сохранить' }).click();
  await expect(e).toHaveURL(facilityPage);
  await expect(e.getByRole('main').getByRole('heading', { level: 1, name: 'Склад на Вавилова, 7' })).toBeVisible();
  await e.goBack();
  await expect(e).toHaveURL(/\/lk\/facility$/);
  await expect(e.getByRole('dialog')).toHaveCount(0);
  await expect(e.locator('.facility-cards').getByRole('link', { name: /Склад на Вавилова, 7/ })).toBeVisible();
  // «Отмена» of an edit opened from its page asks about the edits first (as leaving by a tab does);
  // «Уйти без сохранения» goes back to that page with them dropped, and Back from it goes to the
  // list again, not to the form.
  await e.locator('.facility-cards').getByRole('link', { name: /Склад на Вавилова, 7/ }).click();
  await e.getByRole('link', { name: 'Изменить' }).click();
  await e.getByLabel('Название').fill('Не сохранять');
  await e.getByRole('link', { name: 'Отмена' }).click();
  const leave = e.getByRole('dialog', { name: 'Уйти без сохранения?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Уйти без сохранения' }).click();
  await expect(e).toHaveURL(facilityPage);
  await expect(e.getByRole('main').getByRole('heading', { level: 1, name: 'Склад на Вавилова, 7' })).toBeVisible();
  await expect(e.getByRole('dialog')).toHaveCount(0);
  await e.goBack();
  await expect(e).toHaveURL(/\/lk\/facility$/);

  // The facility is the organisation's: the director has it too.
  await d.goto('/lk/facility');
  await expect(d.locator('.facility-cards').getByRole('link', { name: /Склад на Вавилова/ })).toBeVisible();
  await director.context.close();
  await employee.context.close();
});

test('requisites checked as the server checks them, then a withdrawal that shows in the history', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const customer = await newParty(browser, request, 'customer', 'Вера Выводова');
  const executor = await newParty(browser, request, 'executor', 'Олег Отказов');
  const customerToasts = await toastsOf(customer.page);
  // Money on the customer's balance the way it gets there: paid, then refunded by the executor's cancel.
  const created = await publishApplication(request, customer, { name: 'Ремонт кровли', description: 'Плоская кровля, 120 м²', price: 30000 });
  const reply = await asParty<{ id: number }>(request, executor, 'POST', 'application/reply/send', { id: created.id, comment: 'Сделаю' });
  await asParty(request, customer, 'POST', 'application/named/executor', { id: created.id, replyId: reply.id });
  await asParty(request, customer, 'POST', 'dev/payment/pay', { id: created.id });
  const sentAfter = Date.now();
  await asParty(request, executor, 'POST', 'application/cancel/executor/send/sms', { id: created.id });
  const cancelCode = await freshCode(request, executor.phone, 'executor_cancel', sentAfter);
  await asParty(request, executor, 'POST', 'application/cancel/executor', { id: created.id, code: cancelCode });

  const c = customer.page;
  await c.goto('/lk/money');
  await expect(c.getByRole('region', { name: 'Доступно для вывода' }).getByText(/30\s000/)).toBeVisible();

  // Requisites: a wrong settlement key is refused in the form before anything is sent.
  await c.getByRole('button', { name: 'Добавить реквизиты' }).first().click();
  const form = c.getByRole('dialog');
  await form.getByLabel('Получатель').fill('Вера Выводова');
  await form.getByLabel('ИНН').fill('500100732259');
  await form.getByLabel('БИК банка').fill('044525225');
  // The bank's name and correspondent account come from the BIC (DaData's bank API, faked).
  await expect(form.getByLabel('Название банка')).not.toHaveValue('');
  await expect(form.getByLabel('Корреспондентский счёт')).toHaveValue('30101810400000000225');
  await form.getByLabel('Расчётный счёт').fill('40702810500000001235');
  await form.getByLabel('Расчётный счёт').blur();
  await expect(form.getByText(/Неверный расчётный счёт/)).toBeVisible();
  await form.getByLabel('Расчётный счёт').fill('40702810500000001234');
  await expect(form.getByText(/Неверный расчётный счёт/)).toBeHidden();
  await form.getByRole('button', { name: 'Добавить' }).click();
  await expect(form).toBeHidden();
  await expect(c.getByRole('main').getByText(/1234/).first()).toBeVisible();

  // The withdrawal, with the balance open in a second tab too.
  const other = await customer.context.newPage();
  await other.goto('/lk/money');
  await expect(other.getByRole('region', { name: 'Доступно для вывода' }).getByText(/30\s000/)).toBeVisible();
  await c.getByRole('button', { name: 'Вывести средства' }).click();
  const withdraw = c.getByRole('dialog', { name: 'Вывод средств' });
  await withdraw.getByLabel('Сумма, ₽').fill('1000,50');
  await withdraw.getByLabel('Реквизиты для вывода').selectOption({ index: 1 });
  await withdraw.getByRole('button', { name: 'Вывести' }).click();
  await customerToasts.says('Заявка на вывод средств принята');
  await expect(withdraw).toBeHidden();
  await expect(c.getByRole('region', { name: 'Доступно для вывода' }).getByText(/28\s999,50/)).toBeVisible();
  await expect(c.getByRole('main').getByText(/Вывод средств на банковский счёт/).first()).toBeVisible();
  await expect(c.getByRole('main').getByText(/1\s000,50/).first()).toBeVisible();
  // The development payout provider pays it; the history says so without a reload (balance:changed),
  // and the other tab follows both the withdrawal and the payout.
  await expect(c.getByRole('main').getByText('Выплачено').first()).toBeVisible({ timeout: 20_000 });
  await expect(other.getByRole('region', { name: 'Доступно для вывода' }).getByText(/28\s999,50/)).toBeVisible();
  await expect(other.getByRole('main').getByText('Выплачено').first()).toBeVisible({ timeout: 20_000 });
  await other.close();

  // A payout the bank refuses (the development provider refuses an amount with 13 kopecks): told in
  // the bell, and the money back on the balance, without a reload.
  await c.getByRole('button', { name: 'Вывести средства' }).click();
  await withdraw.getByLabel('Сумма, ₽').fill('100,13');
  await withdraw.getByLabel('Реквизиты для вывода').selectOption({ index: 1 });
  await withdraw.getByRole('button', { name: 'Вывести' }).click();
  await expect(withdraw).toBeHidden();
  await expect(c.getByRole('main').getByText('Не выполнено').first()).toBeVisible({ timeout: 20_000 });
  await expect(c.getByRole('region', { name: 'Доступно для вывода' }).getByText(/28\s999,50/)).toBeVisible();
  await c.getByRole('banner').getByRole('button', { name: /Уведомления/ }).click();
  const told = c.getByRole('region', { name: 'Уведомления' }).getByRole('link', { name: /^Вывод 100,13\s₽ не выполнен: .+\. Деньги вернулись на баланс\.$/ });
  await expect(told).toBeVisible();
  await expect(told).toHaveAttribute('href', '/lk/money');
  await customer.context.close();
  await executor.context.close();
});

test("an executor tells about himself and names his city on /lk/profile: his public page shows both, and the catalogue's city filter finds him", async ({ browser, request }) => {
  test.setTimeout(90_000);
  const executor = await newParty(browser, request, 'executor', 'Олег Плиточников');
  const toasts = await toastsOf(executor.page);
  const { items } = await asParty<{ items: Array<{ id: number; type: string }> }>(request, executor, 'GET', 'user/profile/list');
  const profileId = items.find((p) => p.type === 'executor')!.id;
  const page = executor.page;
  await page.goto('/lk/profile');
  const section = page.getByRole('region', { name: 'Страница исполнителя' });
  await section.getByLabel('О себе').fill('Кладу плитку и керамогранит 12 лет, работаю по выходным.');
  await section.getByRole('combobox', { name: 'Город' }).fill('Казан');
  await page.getByRole('option', { name: /г Казань$/ }).click();
  await section.getByRole('button', { name: 'Сохранить' }).click();
  await toasts.says(/Профиль/);
  await expect(section.getByRole('button', { name: 'Сохранить' })).toBeDisabled();
  // No service yet: not in the catalogue, and the section says so.
  await expect(section.getByText(/В каталоге исполнителей страница появится, когда вы выберете услуги/)).toBeVisible();
  await expect(section.getByRole('link', { name: 'Моя страница в каталоге' })).toHaveCount(0);

  const { items: services } = await asParty<{ items: Array<{ id: number; parentId: number | null }> }>(request, executor, 'GET', 'service/get-collection?limit=50');
  await asParty(request, executor, 'POST', 'profile/service/add', { serviceId: services.find((s) => s.parentId !== null)!.id });
  await page.reload();
  await section.getByRole('link', { name: 'Моя страница в каталоге' }).click();
  await expect(page).toHaveURL(new RegExp(`/executor/${profileId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Олег Плиточников' })).toBeVisible();
  await expect(page.getByText('Кладу плитку и керамогранит 12 лет, работаю по выходным.')).toBeVisible();
  await expect(page.getByRole('main').getByText(/г Казань$/).first()).toBeVisible();

  await page.goto('/executor?address=93b3df57-4c89-44df-ac42-96f05e9cd3b9&query=Плиточников');
  // His own card: a run again on the same data (a retry, --repeat-each) has other Олег Плиточников there too.
  await expect(page.getByRole('main').getByRole('link', { name: 'Олег Плиточников' }).and(page.locator(`[href="/executor/${profileId}"]`))).toBeVisible();
  await executor.context.close();
});

const cabinetPages = ['/lk', '/lk/profile', '/lk/service', '/lk/facility', '/lk/facility/form', '/lk/money', '/lk/organization', '/lk/organization/add', '/lk/employee'];

test('the cabinet pages: no serious axe-core violation, nothing wider than a 320 px phone, nothing below the footer', async ({ browser, request }) => {
  // A whole audit (its time is not what is checked): twice what it takes on CI, as the other audits.
  test.setTimeout(180_000);
  const executor = await newParty(browser, request, 'executor', 'Инна Доступова');
  const page = executor.page;
  const report: string[] = [];
  for (const width of [1280, NARROWEST_SCREEN]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of cabinetPages) {
      await openSettled(page, path);
      const overflow = await sidewaysOverflow(page);
      if (overflow > 0) report.push(`${path} at ${width}px: ${overflow}px wider than the screen`);
      const below = await belowFooter(page);
      if (below > 1) report.push(`${path} at ${width}px: ${below}px of page below the footer`);
      report.push(...(await axeFindings(page, `${path} at ${width}px`)));
    }
  }
  expect(report).toEqual([]);

  // The header's profile switcher keeps its ▾ apart from the profile's name.
  await page.setViewportSize({ width: 1280, height: 800 });
  await openSettled(page, '/lk');
  expect(await glyphGap(page.getByRole('button', { name: /^Профиль:/ }))).toBeGreaterThanOrEqual(3);
  await executor.context.close();
});
