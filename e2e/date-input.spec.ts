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
