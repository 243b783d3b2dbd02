import { expect, test, type Page } from '@playwright/test';
import { logInWithCookies } from './support/accounts';
import { asParty, newParty, pdfFile, publishApplication } from './support/deal';
import { remoteUrl } from './support/env';
import { axeFindings, sidewaysOverflow, NARROWEST_SCREEN } from './support/audit';

// Issue 11: a customer and an executor who have never met talk about one application in two
// browsers, against the real API and its socket: «Написать заказчику», a message and a document,
// the customer's header badge and thread live, read marks ✓✓ live, a reply, the download.

const badge = (page: Page, unread: number) => page.getByRole('banner').getByRole('link', { name: `Сообщения, непрочитанных: ${unread}` });
const thread = (page: Page) => page.getByRole('main').getByRole('log');
const composer = (page: Page) => page.getByRole('form', { name: 'Новое сообщение' });


test('the executor writes to the customer with a document; both see the other live, with read marks, and the document downloads', async ({ browser, request }) => {
  test.setTimeout(150_000);
  const customer = await newParty(browser, request, 'customer', 'Ольга Перепискина');
  const executor = await newParty(browser, request, 'executor', 'Семён Связной');
  const application = await publishApplication(request, customer, { name: 'Утеплить балкон', description: 'Балкон 6 м², материалы заказчика', price: 25000, deadlineDays: 30, feedbackDays: 7 });
  await asParty(request, executor, 'POST', 'application/reply/send', { id: application.id, comment: 'Сделаю за два дня' });

  // The customer is elsewhere in her cabinet: the header's badge (mf-messaging, loaded at run time).
  const c = customer.page;
  await c.goto('/lk');
  await expect(badge(c, 0)).toBeVisible({ timeout: 20_000 });
  // And a second tab of hers, on her applications.
  const c2 = await customer.context.newPage();
  await c2.goto('/lk/application');
  await expect(badge(c2, 0)).toBeVisible({ timeout: 20_000 });

  // The executor: «Написать заказчику» on the application, a first message that starts the conversation.
  const e = executor.page;
  await e.goto(`/lk/application/detail/${application.id}`);
  await e.getByRole('main').getByRole('link', { name: 'Написать заказчику' }).click();
  await expect(e).toHaveURL(new RegExp(`/lk/message\\?applicationId=${application.id}$`));
  await expect(e.getByRole('heading', { level: 2, name: customer.name })).toBeVisible();
  const eText = composer(e).getByRole('textbox', { name: 'Сообщение' });
  await eText.fill('Здравствуйте! Могу приступить в понедельник.');
  await eText.press('Enter');
  await expect(e).toHaveURL(/\/lk\/message\?messagingId=\d+$/);
  const messagingId = Number(new URL(e.url()).searchParams.get('messagingId'));
  await expect(thread(e).getByText('Здравствуйте! Могу приступить в понедельник.')).toBeVisible();
  await expect(badge(c, 1)).toBeVisible();
  // Said to a screen reader on her page, where the count alone changes silently.
  // (The header has other polite regions: the profile switcher's says a switch on its way.)
  const arrivals = c.getByRole('banner').locator('[aria-live="polite"]').filter({ hasText: /^Новое сообщение/ });
  await expect(arrivals).toHaveText(`Новое сообщение: ${executor.name}`);

  // A document with the next message: listed before sending, sent as multipart.
  await composer(e).getByLabel('Прикрепить файлы').setInputFiles(pdfFile('Смета на утепление.pdf'));
  await expect(composer(e).getByRole('list', { name: 'Вложения' }).getByText('Смета на утепление.pdf')).toBeVisible();
  await eText.fill('Смета во вложении');
  await composer(e).getByRole('button', { name: 'Отправить' }).click();
  await expect(thread(e).getByRole('button', { name: /^Скачать «Смета на утепление\.pdf»/ })).toBeVisible();
  await expect(composer(e).getByRole('list', { name: 'Вложения' })).toHaveCount(0);
  await expect(thread(e).getByText('Отправлено', { exact: true })).toHaveCount(2);
  await expect(badge(c, 2)).toBeVisible();
  await expect(badge(c2, 2)).toBeVisible();

  // The customer follows the badge, finds the conversation with its count and opens it.
  await badge(c, 2).click();
  await expect(c).toHaveURL(/\/lk\/message$/);
  const item = c.getByRole('navigation', { name: 'Диалоги' }).getByRole('link', { name: new RegExp(executor.name) });
  await expect(item).toContainText(`Заявка № ${application.number}`);
  await expect(item).toContainText('непрочитанных: 2');
  await item.click();
  await expect(item).toHaveAttribute('aria-current', 'page');
  await expect(thread(c).getByText('Смета во вложении')).toBeVisible();
  await expect(thread(c).getByText('Здравствуйте! Могу приступить в понедельник.')).toBeVisible();

  // Reading marks them: the badge drops, in her other tab too, and the executor's ✓ turn ✓✓
  // without a reload.
  await expect(badge(c, 0)).toBeVisible();
  await expect(badge(c2, 0)).toBeVisible();
  await expect(item).not.toContainText('непрочитанных');
  await expect(thread(e).getByText('Прочитано', { exact: true })).toHaveCount(2);
  await expect(thread(e).getByText('Отправлено', { exact: true })).toHaveCount(0);

  // The customer replies; the executor, on the open conversation, gets it live and reads it.
  const cText = composer(c).getByRole('textbox', { name: 'Сообщение' });
  await cText.fill('Спасибо! Смету посмотрю сегодня.');
  await cText.press('Enter');
  await expect(thread(e).getByText('Спасибо! Смету посмотрю сегодня.')).toBeVisible();
  await expect(thread(c).getByText('Прочитано', { exact: true })).toHaveCount(1);
  await expect(badge(e, 0)).toBeVisible();

  // The document downloads under its name.
  const download = c.waitForEvent('download');
  await thread(c).getByRole('button', { name: /^Скачать «Смета на утепление\.pdf»/ }).click();
  expect((await download).suggestedFilename()).toBe('Смета на утепление.pdf');

  // Search in the conversation, and a miss.
  await c.getByRole('button', { name: 'Поиск по переписке' }).click();
  const search = c.getByRole('search', { name: 'Поиск по переписке' });
  await search.getByRole('searchbox', { name: 'Текст или имя файла' }).fill('смета');
  await expect(thread(c).getByText('Здравствуйте! Могу приступить в понедельник.')).toBeHidden();
  await expect(thread(c).getByText('Смета во вложении')).toBeVisible();
  await search.getByRole('searchbox', { name: 'Текст или имя файла' }).fill('кирпич');
  await expect(thread(c).getByText('Сообщений по запросу не нашлось')).toBeVisible();

  // «Написать заказчику» again opens the same conversation.
  await e.goto(`/lk/message?applicationId=${application.id}`);
  await expect(e).toHaveURL(new RegExp(`/lk/message\\?messagingId=${messagingId}$`));
  await expect(thread(e).getByText('Смета во вложении')).toBeVisible();
  await customer.context.close();
  await executor.context.close();
});

test('/lk/message: no serious axe-core violation, nothing wider than a 320 px phone, one pane at a time there', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const customer = await newParty(browser, request, 'customer', 'Вера Доступова');
  const executor = await newParty(browser, request, 'executor', 'Глеб Доступов');
  const application = await publishApplication(request, customer, { name: 'Собрать шкаф-купе', description: 'Шкаф 2,4 м, фурнитура есть', price: 9000 });
  const first = await asParty<{ messagingId: number }>(request, executor, 'POST', 'message/create', {
    applicationId: application.id,
    text: 'Добрый день! Очень длинное слово без пробелов: ааааааааааааааааааааааааааааааааааааааааааааааааааааааааааааааааааа',
  });
  await asParty(request, customer, 'POST', 'message/create', { messagingId: first.messagingId, text: 'Здравствуйте!\nКогда сможете приехать?' });

  const page = executor.page;
  const report: string[] = [];
  const paths = ['/lk/message', `/lk/message?messagingId=${first.messagingId}`];
  for (const width of [1280, NARROWEST_SCREEN]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of paths) {
      await page.goto(path);
      await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Сообщения' })).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
      if (path.includes('messagingId')) await expect(thread(page).getByText('Когда сможете приехать?')).toBeVisible();
      else await expect(page.getByRole('navigation', { name: 'Диалоги' }).getByRole('link', { name: new RegExp(customer.name) })).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`messages-${width}-${path.includes('messagingId') ? 'thread' : 'list'}.png`), fullPage: true });
      const overflow = await sidewaysOverflow(page);
      if (overflow > 0) report.push(`${path} at ${width}px: ${overflow}px wider than the screen`);
      report.push(...(await axeFindings(page, `${path} at ${width}px`)));
    }
  }
  expect(report).toEqual([]);

  // A long conversation scrolls inside its log: the page ends with its footer (the bubbles'
  // screen-reader labels, «Вы:» and the author, stay inside the log's box, not below the page).
  for (let i = 1; i <= 40; i += 1) await asParty(request, customer, 'POST', 'message/create', { messagingId: first.messagingId, text: `Сообщение ${i}` });
  for (const [width, height] of [[1280, 800], [1280, 680], [375, 667], [NARROWEST_SCREEN, 800]] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(paths[1]!);
    await expect(thread(page).getByText('Сообщение 40', { exact: true })).toBeVisible();
    // Opened, the conversation shows its newest message and the field to answer in, on one screen.
    await expect(thread(page).getByText('Сообщение 40', { exact: true }), `${width}×${height}`).toBeInViewport();
    await expect(page.getByRole('main').getByRole('button', { name: 'Отправить' }), `${width}×${height}`).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('main').getByRole('heading', { level: 2, name: customer.name }), `${width}×${height}`).toBeInViewport();
    const below = await page.evaluate(() => {
      const footer = document.querySelector('footer')!.getBoundingClientRect();
      return document.documentElement.scrollHeight - (footer.bottom + window.scrollY);
    });
    expect(below, `page height past the footer at ${width}px`).toBeLessThanOrEqual(1);
    if (width === 375) {
      // The connection lost on a phone: «Нет связи» beside the title, not a paragraph that pushes the field to answer in off the screen.
      await page.context().setOffline(true);
      const lost = page.getByRole('status').filter({ hasText: 'Нет связи с сервером: новые сообщения появятся здесь' });
      await expect(lost).toHaveCount(1, { timeout: 15_000 });
      await expect(page.getByRole('main').getByRole('button', { name: 'Отправить' }), 'offline').toBeInViewport({ ratio: 1 });
      await expect(lost.getByText('Нет связи', { exact: true })).toBeInViewport();
      expect(await axeFindings(page, 'offline at 375px')).toEqual([]);
      await page.context().setOffline(false);
      await expect(lost).toHaveCount(0, { timeout: 20_000 });
    }
  }

  // On the phone: the open conversation alone, and «Назад к диалогам» returns to the list.
  await expect(page.getByRole('navigation', { name: 'Диалоги' })).toBeHidden();
  await page.getByRole('link', { name: 'Назад к диалогам' }).press('Enter');
  await expect(page.getByRole('navigation', { name: 'Диалоги' })).toBeVisible();
  await expect(thread(page)).toBeHidden();
  // The keyboard's place is the conversation just left, not <body>.
  await expect(page.getByRole('navigation', { name: 'Диалоги' }).getByRole('link', { name: new RegExp(customer.name) })).toBeFocused();
  await customer.context.close();
  await executor.context.close();
});

test('mf-messaging down: the header keeps a plain link in the badge’s place, and the rest of the page works', async ({ page, context, request }) => {
  await logInWithCookies(context, request);
  await page.route(`${remoteUrl('mf-messaging')}/**`, (route) => route.abort());
  await page.goto('/application');
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: 'Сообщения (число непрочитанных недоступно)' })).toBeVisible({ timeout: 20_000 });
  await expect(banner.getByRole('link', { name: 'Сообщения (число непрочитанных недоступно)' })).toHaveAttribute('href', '/lk/message');
  await expect(banner.getByRole('button', { name: /Уведомления/ })).toBeVisible();
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Заявки' })).toBeVisible();
});
