// The browser builds' style-loader `insert` (scripts/webpack/insert-style.cjs): the cascade of the
// injected styles must not depend on the order the bundles evaluate in.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const insertStyle = require('../../../scripts/webpack/insert-style.cjs') as (element: HTMLStyleElement) => void;

function style(group: 'base' | 'page', text: string): HTMLStyleElement {
  const element = document.createElement('style');
  element.setAttribute('data-style', group);
  element.textContent = text;
  return element;
}

const order = () => [...document.head.querySelectorAll('style')].map((element) => element.textContent);

beforeEach(() => {
  document.head.innerHTML = '';
});

test('a base style injected after a page style goes before it; each group keeps its own order', () => {
  // A server-rendered start: the route's remote page chunk evaluates before the shell's bootstrap.
  insertStyle(style('page', 'catalog'));
  insertStyle(style('page', 'catalog-filters'));
  insertStyle(style('base', 'shared-combobox'));
  insertStyle(style('base', 'shared-tokens'));
  insertStyle(style('page', 'shell-layout'));
  expect(order()).toEqual(['shared-combobox', 'shared-tokens', 'catalog', 'catalog-filters', 'shell-layout']);
});

test('with the blocks a server-rendered page inlined, a base style goes before its page block and a page style after it', () => {
  const block = (group: 'base' | 'page') => {
    const element = document.createElement('style');
    element.setAttribute('data-ssr', '');
    element.setAttribute('data-style', group);
    element.textContent = `inlined-${group}`;
    document.head.append(element);
  };
  block('base');
  block('page');
  insertStyle(style('page', 'catalog'));
  insertStyle(style('base', 'shared-tokens'));
  insertStyle(style('page', 'shell-layout'));
  insertStyle(style('base', 'leaflet'));
  expect(order()).toEqual(['inlined-base', 'shared-tokens', 'leaflet', 'inlined-page', 'catalog', 'shell-layout']);
});

test('a client-rendered page in evaluation order: base first, then pages, at the end of <head>', () => {
  const title = document.createElement('title');
  document.head.append(title);
  insertStyle(style('base', 'shared-tokens'));
  insertStyle(style('page', 'catalog'));
  expect(order()).toEqual(['shared-tokens', 'catalog']);
  expect(document.head.firstElementChild).toBe(title);
});
