// The browser builds' style-loader `styleTagTransform` (scripts/webpack/style-tag-transform.cjs):
// rules the server's inlined blocks already hold are not put into the document a second time.
/* eslint-disable @typescript-eslint/no-require-imports */
const transform = require('../../../scripts/webpack/style-tag-transform.cjs') as ((css: string, element: HTMLStyleElement) => void) & { forget(): void };
const { cssKey } = require('../../../scripts/webpack/css-key.cjs') as { cssKey: (text: string) => string };
/* eslint-enable @typescript-eslint/no-require-imports */

const served = '.application-card {\n  display: flex;\n}\n';
const other = '.lk-form {\n  gap: 8px;\n}\n';

function inject(css: string): HTMLStyleElement {
  const element = document.createElement('style');
  document.head.append(element);
  transform(css, element);
  return element;
}

beforeEach(() => {
  document.head.innerHTML = '';
  transform.forget();
});

test('a stylesheet the server inlined stays out of the bundle’s element; any other goes in', () => {
  document.head.innerHTML = `<style data-ssr="" data-style="page" data-keys="${cssKey('.x{}')} ${cssKey(served)}">.application-card{display:flex}</style>`;
  const adopted = inject(served);
  expect(adopted.textContent).toBe('');
  expect(adopted.hasAttribute('data-served')).toBe(true);
  const own = inject(other);
  expect(own.textContent).toBe(other);
  expect(own.hasAttribute('data-served')).toBe(false);
  // The rules apply once: the server's block and the new module's element.
  expect([...document.styleSheets].reduce((rules, sheet) => rules + sheet.cssRules.length, 0)).toBe(2);
});

test('without a server-rendered block every stylesheet goes in, and a changed text is not taken for the served one', () => {
  expect(inject(served).textContent).toBe(served);
  transform.forget();
  document.head.innerHTML = `<style data-ssr="" data-style="page" data-keys="${cssKey(served)}"></style>`;
  const changed = served.replace('flex', 'grid');
  expect(inject(changed).textContent).toBe(changed);
});

test('the key is the same for the same text and differs for a one-character change', () => {
  expect(cssKey(served)).toBe(cssKey(String(served)));
  expect(cssKey(served)).not.toBe(cssKey(served.replace('flex', 'flux')));
  expect(cssKey('')).toMatch(/^0-/);
});
