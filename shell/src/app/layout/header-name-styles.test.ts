import { declarations, readCss } from 'shared/testing';

/*
 * What the header's row does with a long name, checked on the stylesheets' text (the browser's
 * result at 1440, 1280, 1024, 390 and 320 px, in a scripted Chromium, is in the report of the change).
 */

const read = (file: string) => readCss(__dirname, file);

const account = read('account/account.css');
const layout = read('layout.css');

test('in the menu (below 1280 px) the account’s name is whole, on as many lines as it takes', () => {
  const name = declarations(account, '.app-account__name');
  expect(name['white-space'] ?? 'normal').toBe('normal');
  expect(name['text-overflow']).toBeUndefined();
});

test('in the row (from 1280 px) the name takes two lines before it is cut, and a short one is never cut', () => {
  const name = declarations(account, '.app-account > .app-account__name', '(min-width: 80em)');
  expect(name).toMatchObject({ 'white-space': 'normal', '-webkit-line-clamp': '2', 'line-clamp': '2', 'overflow': 'hidden' });
  // A word longer than the room is cut with an ellipsis, never broken mid-word.
  expect(name['overflow-wrap'] ?? 'normal').toBe('normal');
  expect(name['text-overflow']).toBe('ellipsis');
  // A first name or a surname of up to ~9 letters stands whole on its line.
  expect(parseFloat(name['min-width']!)).toBeGreaterThanOrEqual(4.5);
  // The brand stays on one line (issue 8: the header is one row from 1280 px; e2e header-layout.spec).
  expect(declarations(layout, '.app-logo', '(min-width: 80em)')).toMatchObject({ 'white-space': 'nowrap' });
});
