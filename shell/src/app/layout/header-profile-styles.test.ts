import { declarations, readCss } from 'shared/testing';

/*
 * QA (s60-ui, scripted Chromium): in the header's row at 1280 px the active profile was cut to
 * «Исполн…» (the executor with deals, whose balance is «8 000 ₽») and «ООО «Строй…» (a director),
 * its name beside it cut too. Checked on the stylesheets' text (the browser's result at 1440, 1280,
 * 1024, 390 and 320 px is in the report of the change).
 */

const account = readCss(__dirname, 'account/account.css');
const layout = readCss(__dirname, 'layout.css');

test('in the row (from 1280 px) the profile takes two lines in the name’s smaller type before it is cut', () => {
  const label = declarations(account, '.app-account .app-account__label', '(min-width: 80em)');
  expect(label).toMatchObject({ 'white-space': 'normal', '-webkit-line-clamp': '2', 'line-clamp': '2', 'font-size': 'var(--font-size-sm, 0.875rem)' });
  // A word is never broken mid-word («Исполните-ль» beside a balance of «100 000 000 024,54 ₽»):
  // where the room is shorter than the word, it is cut with an ellipsis.
  expect(label['overflow-wrap'] ?? 'normal').toBe('normal');
  expect(label['word-break'] ?? 'normal').toBe('normal');
  expect(label['text-overflow']).toBe('ellipsis');
  // The same type as the name beside it.
  const name = declarations(account, '.app-account > .app-account__name', '(min-width: 80em)');
  expect(label['font-size']).toBe(name['font-size']);
  expect(label['line-height']).toBe(name['line-height']);
});

test('where the row is tightest (1280–1439 px) an organisation’s name goes onto two lines, leaving the person’s name its room', () => {
  const label = declarations(account, '.app-account .app-account__label', '(min-width: 80em) and (max-width: 89.998em)');
  expect(label['max-width']).toBe('8rem');
  // The links stand a little closer there: the room a role («Исполнитель») needs whole.
  const link = declarations(layout, '.app-nav a', '(min-width: 80em) and (max-width: 89.998em)');
  expect(parseFloat(link['padding-left']!)).toBeLessThan(4);
  expect(parseFloat(link['padding-right']!)).toBeLessThan(4);
});

test('where the row is tightest (1280–1439 px) the balance leaves out its kopecks, not the profile its word («Исполнитель» beside «7 957,55 ₽»)', () => {
  expect(declarations(account, '.app-account__kopecks', '(min-width: 80em) and (max-width: 89.998em)')).toMatchObject({ display: 'none' });
  // Everywhere else (the menu below 1280 px, the wide row) they are shown.
  expect(declarations(account, '.app-account__kopecks', '(min-width: 80em)')).toEqual({});
  expect(declarations(account, '.app-account__kopecks')).toEqual({});
});

test('the balance is one unit: never broken between its digit groups or before its ₽', () => {
  expect(declarations(account, '.app-account__balance')['white-space']).toBe('nowrap');
});
