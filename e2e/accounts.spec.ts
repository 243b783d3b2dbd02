import { apiLogin, DEMO, freshPhone, readSms, sessionCookies } from './support/accounts';
import { newParty, PARTY_PASSWORD } from './support/deal';
import { API_URL, SHELL_URL } from './support/env';
import { expect, test } from './support/fixtures';

// Accounts journeys against the real API: codes come from the development SMS inbox.

test('a new user registers with the SMS code, lands on /lk/profile, chooses the executor profile, logs out and logs in again', async ({ page, context, request }) => {
  // Four dialogs and two sessions in one journey: more than the default 30 s on a loaded 2-core machine.
  test.setTimeout(60_000);
  const phone = freshPhone();
  const password = 'Надёжный-пароль-2026';
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Регистрация' }).click();

  const register = page.getByRole('dialog', { name: 'Регистрация' });
  await register.getByLabel('Номер телефона').fill(phone.slice(1));
  await expect(register.getByLabel('Номер телефона')).toHaveValue(/^\+7 \(9\d\d\) \d{3}-\d{2}-\d{2}$/);
  await register.getByRole('button', { name: 'Получить код' }).click();

  // Step 2: the 60 s countdown of spec §4 runs while the code is awaited.
  await expect(register.getByText('Шаг 2 из 3')).toBeVisible();
  await expect(register.getByRole('timer')).toHaveText(/Отправить код повторно через \d+ с/);
  // The whole SMS pasted, as a visitor copies it: the field keeps the code's six digits.
  const sms = await readSms(request, phone, 'register');
  await register.getByLabel('Код из СМС').focus();
  await page.keyboard.insertText(sms.text);
  await expect(register.getByLabel('Код из СМС')).toHaveValue(sms.code);
  await register.getByRole('button', { name: 'Подтвердить' }).click();

  await expect(register.getByText('Шаг 3 из 3')).toBeVisible();
  await register.getByLabel('Имя').fill('Пётр Испытателев');
  await register.getByLabel('Пароль', { exact: true }).fill(password);
  await register.getByLabel('Повторите пароль').fill(password);
  await register.getByRole('button', { name: 'Зарегистрироваться' }).click();

  // Spec §2: after registration, the profile page.
  await expect(page).toHaveURL(`${SHELL_URL}/lk/profile`);
  await expect(page.getByRole('banner').getByText('Пётр Испытателев')).toBeVisible();
  expect((await sessionCookies(context)).refresh).toBeTruthy();

  await page.getByRole('button', { name: /Выбрать профиль «Исполнитель»/ }).click();
  await expect(page.getByText('Активный профиль')).toBeVisible();
  await expect(page.getByRole('banner').getByText('Исполнитель').first()).toBeVisible();

  await page.getByRole('banner').getByRole('button', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(`${SHELL_URL}/`);
  // Spec §7: the success is shown (QA AAD-4), as in the other tabs.
  await expect(page.locator('.Toastify').getByText('Вы вышли из аккаунта')).toBeVisible();
  expect(await sessionCookies(context)).toEqual({ token: undefined, refresh: undefined });
  await expect(page.getByRole('banner').getByRole('link', { name: 'Войти' })).toBeVisible();

  await page.getByRole('banner').getByRole('link', { name: 'Войти' }).click();
  const login = page.getByRole('dialog', { name: 'Вход' });
  await login.getByLabel('Номер телефона').fill(phone.slice(1));
  await login.getByLabel('Пароль', { exact: true }).fill(password);
  await login.getByRole('button', { name: 'Войти' }).click();
  await expect(login).toBeHidden();
  await expect(page.getByRole('banner').getByText('Пётр Испытателев')).toBeVisible();
  await expect(page.getByRole('banner').getByText('Исполнитель').first()).toBeVisible();
});

test("a field's error is heard as its words, without the warning sign drawn before it", async ({ page }) => {
  await page.goto('/lk/application');
  const login = page.getByRole('dialog', { name: 'Вход' });
  await login.getByRole('button', { name: 'Войти' }).click();
  const phone = login.getByLabel('Номер телефона');
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(phone).toHaveAccessibleDescription('Укажите номер телефона');
  await expect(login.getByLabel('Пароль', { exact: true })).toHaveAccessibleDescription('Введите пароль');
});

test('a guest sent from /lk/application to log in comes back to it', async ({ page }) => {
  await page.goto('/lk/application');
  const login = page.getByRole('dialog', { name: 'Вход' });
  await expect(login).toBeVisible();
  expect(new URL(page.url()).searchParams.get('redirect')).toBe('/lk/application');

  await login.getByLabel('Номер телефона').fill(DEMO.customer.phone.slice(1));
  await login.getByLabel('Пароль', { exact: true }).fill('не тот пароль');
  await login.getByRole('button', { name: 'Войти' }).click();
  await expect(login.getByText('Неверный телефон или пароль')).toBeVisible();

  await login.getByLabel('Пароль', { exact: true }).fill(DEMO.password);
  await login.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(`${SHELL_URL}/lk/application`);
  await expect(page.getByRole('banner').getByText(DEMO.customer.name)).toBeVisible();
});

test("a guest's «Откликнуться» goes through the login and comes back to the reply form, open", async ({ page, browser, request }) => {
  const executor = await newParty(browser, request, 'executor', 'Роман Откликов');
  await executor.context.close();
  const list = (await (await request.get(`${API_URL}/api/application/get-collection`)).json()) as { data: { items: Array<{ id: number }> } };
  await page.goto(`/application/${list.data.items[0]!.id}`);

  await page.getByRole('main').getByRole('link', { name: 'Откликнуться' }).click();
  const login = page.getByRole('dialog', { name: 'Вход' });
  await login.getByLabel('Номер телефона').fill(executor.phone.slice(1));
  await login.getByLabel('Пароль', { exact: true }).fill(PARTY_PASSWORD);
  await login.getByRole('button', { name: 'Войти' }).click();

  await expect(page.getByRole('dialog', { name: 'Отклик на заявку' })).toBeVisible();
  expect(new URL(page.url()).searchParams.has('reply')).toBe(false);
});

test("a login in one tab reaches the browser's other tabs, its open login dialog included, and so does the logout", async ({ page, context }) => {
  // The other tab sits on a public page with the login dialog open; this one logs in.
  const other = await context.newPage();
  await other.goto('/application?auth=login&redirect=%2Flk%2Fmoney');
  await expect(other.getByRole('dialog', { name: 'Вход' })).toBeVisible();

  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Войти' }).click();
  const login = page.getByRole('dialog', { name: 'Вход' });
  await login.getByLabel('Номер телефона').fill(DEMO.customer.phone.slice(1));
  await login.getByLabel('Пароль', { exact: true }).fill(DEMO.password);
  await login.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('banner').getByText(DEMO.customer.name)).toBeVisible();

  // No reload and no second login there: its dialog goes on to where it was going.
  await expect(other).toHaveURL(`${SHELL_URL}/lk/money`);
  await expect(other.getByRole('banner').getByText(DEMO.customer.name)).toBeVisible();

  await page.getByRole('banner').getByRole('button', { name: 'Выйти' }).click();
  await expect(other).toHaveURL(`${SHELL_URL}/`);
  await expect(other.getByRole('banner').getByRole('link', { name: 'Войти' })).toBeVisible();
});

test("a profile chosen and a name changed in one tab are the other tab's too, without a reload", async ({ browser, request }) => {
  const user = await newParty(browser, request, 'customer', 'Лидия Вкладкина');
  const page = user.page;
  const other = await user.context.newPage();
  await other.goto('/lk');
  const otherBanner = other.getByRole('banner');
  await expect(otherBanner.getByText('Заказчик').first()).toBeVisible();

  // Every lk call acts as the active profile: the other tab must not go on showing the one before.
  await page.goto('/lk/profile');
  await page.getByRole('button', { name: /Выбрать профиль «Исполнитель»/ }).click();
  await expect(page.getByRole('banner').getByText('Исполнитель').first()).toBeVisible();
  await expect(otherBanner.getByText('Исполнитель').first()).toBeVisible();
  await expect(otherBanner.getByText('Заказчик')).toHaveCount(0);

  const details = page.getByRole('region', { name: 'Личные данные' });
  await details.getByLabel('Имя').fill('Лидия Переименова');
  await details.getByRole('button', { name: 'Сохранить' }).click();
  await expect(otherBanner.getByText('Лидия Переименова')).toBeVisible();
});

test('after a refused login clicked with the mouse, Escape still closes the dialog', async ({ page }) => {
  // The submit button is only aria-disabled while the request runs (a disabled one would drop the
  // focus to the page), and a mouse press on a form's submit leaves the focus in the field it was in
  // (shared Button: the field's blur must not move the button away mid-click): the focus stays in the
  // dialog, and Escape reaches it.
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Войти' }).click();
  const login = page.getByRole('dialog', { name: 'Вход' });
  await login.getByLabel('Номер телефона').fill(freshPhone().slice(1));
  await login.getByLabel('Пароль', { exact: true }).fill('не тот пароль');
  await login.getByRole('button', { name: 'Войти' }).click();
  await expect(login.getByText('Неверный телефон или пароль')).toBeVisible();
  await expect(login.getByLabel('Пароль', { exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(login).toBeHidden();
});

test('an expired access token is renewed with the refresh token, and the page opens logged in', async ({ page, context, request }) => {
  const pair = await apiLogin(request, DEMO.executor.phone, DEMO.password);
  // After its 3600 s the `token` cookie is gone (or holds a token the API refuses); the
  // refresh token is still there.
  await context.addCookies([
    { name: 'token', value: 'expired.access.token', url: SHELL_URL },
    { name: 'refresh_token', value: pair.refresh_token, url: SHELL_URL },
  ]);
  const renewal = page.waitForResponse((res) => res.url().endsWith('/api/token/renew'));
  await page.goto('/lk/profile');
  expect((await renewal).status()).toBe(200);

  await expect(page).toHaveURL(`${SHELL_URL}/lk/profile`);
  await expect(page.getByRole('banner').getByText(DEMO.executor.name)).toBeVisible();
  const cookies = await sessionCookies(context);
  expect(cookies.token).toBeTruthy();
  expect(cookies.token).not.toBe('expired.access.token');
  // Rotation: the browser now holds a new refresh token.
  expect(cookies.refresh).toBeTruthy();
  expect(cookies.refresh).not.toBe(pair.refresh_token);
});

test('a session ended on another device takes a cabinet page to the sign-in, which goes back to that page (QA AAV-1)', async ({ page, context, request }) => {
  const pair = await apiLogin(request, DEMO.executor.phone, DEMO.password);
  await context.addCookies([
    { name: 'token', value: pair.token, url: SHELL_URL },
    { name: 'refresh_token', value: pair.refresh_token, url: SHELL_URL },
  ]);
  await page.goto('/lk/profile');
  await expect(page.getByRole('banner').getByText(DEMO.executor.name)).toBeVisible();

  // A logout on another device: the server ends the session and closes this tab's socket.
  expect((await request.post(`${API_URL}/api/logout`, { data: { refresh_token: pair.refresh_token } })).ok()).toBe(true);
  const login = page.getByRole('dialog', { name: 'Вход' });
  await expect(login).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(`${SHELL_URL}/?auth=login&redirect=%2Flk%2Fprofile`);
  await expect(page.getByText('Ошибка авторизации')).toBeVisible();

  await login.getByLabel('Номер телефона').fill(DEMO.executor.phone.slice(1));
  await login.getByLabel('Пароль', { exact: true }).fill(DEMO.password);
  await login.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(`${SHELL_URL}/lk/profile`);
  await expect(page.getByRole('banner').getByText(DEMO.executor.name)).toBeVisible();
});

test('two tabs opened at once with an expired access token take turns renewing: both open logged in', async ({ context, request }) => {
  // The API ends a session whose rotated refresh token comes again (ARCHITECTURE §3), so the two
  // tabs must not both send the one in the cookie: the second takes the pair the first got.
  const pair = await apiLogin(request, DEMO.executor.phone, DEMO.password);
  await context.addCookies([
    { name: 'token', value: 'expired.access.token', url: SHELL_URL },
    { name: 'refresh_token', value: pair.refresh_token, url: SHELL_URL },
  ]);
  const tabs = [await context.newPage(), await context.newPage()];
  const sent: string[] = [];
  for (const tab of tabs) {
    tab.on('request', (req) => {
      if (req.url().endsWith('/api/token/renew') && req.method() === 'POST') sent.push(String(req.postDataJSON()?.refresh_token));
    });
  }
  await Promise.all(tabs.map((tab) => tab.goto('/lk/profile')));

  for (const tab of tabs) {
    await expect(tab).toHaveURL(`${SHELL_URL}/lk/profile`);
    await expect(tab.getByRole('banner').getByText(DEMO.executor.name)).toBeVisible();
    await expect(tab.getByText('Ошибка авторизации')).toHaveCount(0);
  }
  // Never the same refresh token twice.
  expect(sent.length).toBeGreaterThan(0);
  expect(new Set(sent).size).toBe(sent.length);
  // The session lives on: the browser's refresh token still renews.
  const cookies = await sessionCookies(context);
  const renewed = await request.post(`${API_URL}/api/token/renew`, { data: { refresh_token: cookies.refresh } });
  expect(renewed.status()).toBe(200);
});
