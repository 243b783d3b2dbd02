import { expect, test } from './support/fixtures';

// Issue 8: dates read дд.мм.гггг whatever the browser's language; a native date input would show
// mm/dd/yyyy in an English browser. URLs keep ISO dates.
test.use({ locale: 'en-US' });

test('in an English browser the deadline filter reads and takes дд.мм.гггг, the URL keeps ISO', async ({ page, consoleErrors }) => {
  await page.goto('/application?deadline=2026-12-31');
  expect(await page.evaluate(() => navigator.language)).toBe('en-US');
  const deadline = page.getByRole('main').getByLabel('Выполнить до');
  await expect(deadline).toHaveValue('31.12.2026');
  await expect(deadline).toHaveAttribute('placeholder', 'дд.мм.гггг');
  await expect(deadline).toHaveAttribute('type', 'text');

  await deadline.fill('');
  await deadline.pressSequentially('01032027');
  await expect(deadline).toHaveValue('01.03.2027');
  await page.getByRole('main').getByRole('button', { name: 'Применить' }).click();
  await expect(page).toHaveURL(/[?&]deadline=2027-03-01(&|$)/);

  await deadline.fill('');
  await deadline.pressSequentially('31022027');
  await expect(page.getByRole('main').getByText('Такой даты нет: проверьте день и месяц')).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Применить' }).click();
  await expect(deadline).toHaveAttribute('aria-invalid', 'true');
  expect(new URL(page.url()).searchParams.get('deadline')).toBe('2027-03-01');
  expect(consoleErrors).toEqual([]);
});

// QA SSS-2, VVV-1: edits inside a date with Chromium's own keys and selection, not only typing at the end.
test('an edit inside a date keeps the date typed: Backspace in the month, «5.» over the day', async ({ page, consoleErrors }) => {
  await page.goto('/application?deadline=2027-12-31');
  const deadline = page.getByRole('main').getByLabel('Выполнить до');
  await expect(deadline).toHaveValue('31.12.2027');
  const caret = () => deadline.evaluate((input: HTMLInputElement) => input.selectionStart);
  // The page is server-rendered: keys pressed before React hydrates the field would be undone by it.
  await expect.poll(() => deadline.evaluate((input) => Object.keys(input).some((key) => key.startsWith('__reactProps')))).toBe(true);
  await deadline.focus();

  // Backspace after the month's last digit takes that digit alone; the caret stays to type it again.
  await deadline.evaluate((input: HTMLInputElement) => input.setSelectionRange(5, 5));
  await deadline.press('Backspace');
  await expect(deadline).toHaveValue('31.12.027');
  expect(await caret()).toBe(4);
  await deadline.press('1');
  await expect(deadline).toHaveValue('31.11.2027');
  await expect(page.getByRole('main').getByText('Такой даты нет: проверьте день и месяц')).toBeVisible();

  // «5.» over the selected day: the 5th of the same month, the caret past its dot.
  await deadline.evaluate((input: HTMLInputElement) => input.setSelectionRange(0, 2));
  await deadline.pressSequentially('5.');
  await expect(deadline).toHaveValue('05.11.2027');
  expect(await caret()).toBe(3);
  await page.getByRole('main').getByRole('button', { name: 'Применить' }).click();
  await expect(page).toHaveURL(/[?&]deadline=2027-11-05(&|$)/);
  expect(consoleErrors).toEqual([]);
});
