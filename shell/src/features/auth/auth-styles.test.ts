import { declarations, readCss } from 'shared/testing';

/*
 * QA (qa-auth): in the login dialog «Забыли пароль?» stood alone on its line in small type, a
 * target 16 px high on a phone (390 and 320 px, scripted Chromium), under the 24 px minimum.
 */

const css = readCss(__dirname, 'auth.css');

test('a link standing alone under the fields («Забыли пароль?») is at least 24 px high', () => {
  const link = declarations(css, '.auth-form__aside a');
  expect(link.display).toBe('inline-block');
  expect(link['min-height']).toBe('24px');
});

/*
 * QA (s60-shell): «Зарегистрироваться» after «Нет аккаунта?» and «Войти» after «Уже есть аккаунт?» /
 * «Вспомнили пароль?», the way from one dialog to the other, were targets 19 px high at 390 and 320 px.
 */
test('the link to the other dialog under the form («Зарегистрироваться», «Войти») is at least 24 px high', () => {
  const link = declarations(css, '.auth-form__switch a');
  expect(link.display).toBe('inline-block');
  expect(link['min-height']).toBe('24px');
});
