// The browser builds' style-loader `styleTagTransform` (scripts/webpack/style-tag-transform.cjs):
// rules the server's inlined blocks already hold are not put into the document a second time.
/* eslint-disable @typescript-eslint/no-require-imports */
const transform = require('../../../scripts/webpack/style-tag-transform.cjs') as ((css: string, element: HTMLStyleElement) => void) & { forget(): void };
const { cssKey, markCss, compactCss } = require('../../../scripts/webpack/css-key.cjs') as {
  cssKey: (text: string) => string;
  markCss: (source: string) => string;
  compactCss: (css: string) => string;
};
const keyLoader = require('../../../scripts/webpack/css-key-loader.cjs') as (this: { mode?: string } | void, source: string) => string;
/* eslint-enable @typescript-eslint/no-require-imports */

const served = '.application-card {\n  display: flex;\n}\n';
const other = '.lk-form {\n  gap: 8px;\n}\n';

// As style-loader hands it over: a new element, not in the document (defer-style.cjs).
function inject(css: string, group: 'base' | 'page' = 'page'): HTMLStyleElement {
  const element = document.createElement('style');
  element.setAttribute('data-style', group);
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
  expect(adopted.isConnected).toBe(false);
  const own = inject(other);
  expect(own.textContent).toBe(other);
  expect(own.isConnected).toBe(true);
  // The rules apply once: the server's block and the new module's element, after the block.
  expect([...document.head.children]).toEqual([document.head.querySelector('style[data-ssr]'), own]);
  expect([...document.styleSheets].reduce((rules, sheet) => rules + sheet.cssRules.length, 0)).toBe(2);
});

test('a base style the blocks lack goes before the server’s page block, as insert-style places it', () => {
  document.head.innerHTML = `<style data-ssr="" data-style="page" data-keys="${cssKey(served)}">.application-card{display:flex}</style>`;
  const base = inject(other, 'base');
  expect(document.head.firstElementChild).toBe(base);
});

test('an update (hot reload) of an element in the document to a text the blocks hold empties it', () => {
  const element = inject(other);
  expect(element.isConnected).toBe(true);
  transform.forget();
  document.head.insertAdjacentHTML('afterbegin', `<style data-ssr="" data-style="page" data-keys="${cssKey(served)}"></style>`);
  transform(served, element);
  expect(element.textContent).toBe('');
});

test('a stylesheet of the builds carries its key: read, not hashed, and the same on both sides', () => {
  const marked = markCss(served);
  expect(marked.startsWith('/*css-key:')).toBe(true);
  expect(cssKey(marked)).toBe(cssKey(served));
  // The same file, another text around it (the browser's copy may carry a source map): the same key.
  expect(cssKey(`${marked}\n/*# sourceMappingURL=data:application/json;base64,e30= */`)).toBe(cssKey(marked));
  // Another file: another key.
  expect(cssKey(markCss(other))).not.toBe(cssKey(marked));
  document.head.innerHTML = `<style data-ssr="" data-style="page" data-keys="${cssKey(marked)}">.application-card{display:flex}</style>`;
  expect(inject(marked).isConnected).toBe(false);
  expect(inject(markCss(other)).isConnected).toBe(true);
});

test('the CSS rules’ first loader puts the key in front of the file’s text', () => {
  expect(keyLoader(served)).toBe(markCss(served));
  expect(keyLoader.call({ mode: 'development' }, served)).toBe(markCss(served));
});

test('a production build compacts each CSS file before keying it, as the server compacts its blocks', () => {
  const source = "/* Cards of the list. */\n.application-card {\n  display: flex;\n  gap: 8px;\n}\n.ui-field__error::before { content: '⚠ '; }\n";
  const built = keyLoader.call({ mode: 'production' }, source);
  expect(built).toBe(markCss(".application-card{display: flex;gap: 8px;}.ui-field__error::before{content: '⚠ ';}"));
  expect(cssKey(built)).not.toBe(cssKey(markCss(source)));
  // The server's block of that text holds what the browser's element would have.
  expect(compactCss(built)).toBe(".application-card{display: flex;gap: 8px;}.ui-field__error::before{content: '⚠ ';}");
});

test('without a server-rendered block every stylesheet goes in, and a changed text is not taken for the served one', () => {
  const alone = inject(served);
  expect(alone.textContent).toBe(served);
  expect(alone.isConnected).toBe(true);
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
