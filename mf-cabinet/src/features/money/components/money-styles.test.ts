import { declarations, readCss } from 'shared/testing';

/*
 * QA (scripted Chromium): at 375 px a balance of «100 000 000 024,54 ₽» read «100 000 000 024,» on
 * one line and «54 ₽» on the next. Checked on the stylesheet's text (the browser's result at 1440,
 * 1280, 375 and 320 px is in the report of the change).
 */

const css = readCss(__dirname, 'money.css');

test('the balance is one unbreakable line, its type sized to the card by its length', () => {
  const amount = declarations(css, '.money-balance__amount');
  expect(amount['white-space']).toBe('nowrap');
  // Nothing lets the browser break it where it would overflow.
  expect(amount['overflow-wrap']).toBeUndefined();
  expect(amount['word-break']).toBeUndefined();
  // The kit's large type for a short balance; a long one smaller, in the card's width (at most ⅔ em a character).
  expect(amount['font-size']).toBe('min(var(--font-size-2xl), 150cqi / var(--amount-chars))');
  expect(amount['--amount-chars']).toBeDefined();
  expect(declarations(css, '.money-balance')['container-type']).toBe('inline-size');
});

test('the history’s amounts never wrap either', () => {
  expect(declarations(css, '.money-history__amount')['white-space']).toBe('nowrap');
});
