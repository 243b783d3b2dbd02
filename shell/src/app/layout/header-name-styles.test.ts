import fs from 'node:fs';
import path from 'node:path';

/*
 * jsdom lays nothing out, and applies no @media rule: what the header's row does with a long name
 * is checked on the stylesheets' text (the browser's result at 1440, 1280, 1024, 390 and 320 px,
 * in a scripted Chromium, is in the report of the change).
 */

const read = (file: string) => fs.readFileSync(path.join(__dirname, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');

/** The declarations of the rules whose selector is exactly `selector`, outside or inside the @media block opened by `media`. */
function declarations(css: string, selector: string, media?: string): Record<string, string> {
  let scope = css;
  if (media) {
    const start = css.indexOf(`@media ${media} {`);
    expect(start).toBeGreaterThanOrEqual(0);
    let depth = 0;
    let end = css.indexOf('{', start);
    for (; end < css.length; end++) {
      if (css[end] === '{') depth++;
      else if (css[end] === '}' && --depth === 0) break;
    }
    scope = css.slice(css.indexOf('{', start) + 1, end);
  } else {
    scope = css.replace(/@media[^{]*\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}/g, '');
  }
  const found: Record<string, string> = {};
  for (const [, selectors, body] of scope.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    if (!selectors!.split(',').some((s) => s.trim() === selector)) continue;
    for (const declaration of body!.split(';')) {
      const [name, ...value] = declaration.split(':');
      if (name?.trim()) found[name.trim()] = value.join(':').trim();
    }
  }
  return found;
}

const account = read('account/account.css');
const layout = read('layout.css');

test('in the menu (below 1280 px) the account’s name is whole, on as many lines as it takes', () => {
  const name = declarations(account, '.app-account__name');
  expect(name['white-space'] ?? 'normal').toBe('normal');
  expect(name['text-overflow']).toBeUndefined();
});

test('in the row (from 1280 px) the name takes two lines before it is cut, and a short one is never cut', () => {
  const name = declarations(account, '.app-account > .app-account__name', '(min-width: 1280px)');
  expect(name).toMatchObject({ 'white-space': 'normal', '-webkit-line-clamp': '2', 'line-clamp': '2', 'overflow': 'hidden' });
  // A first name or a surname of up to ~9 letters stands whole on its line.
  expect(parseFloat(name['min-width']!)).toBeGreaterThanOrEqual(4.5);
  // The brand stays on one line (issue 8: the header is one row from 1280 px; e2e header-layout.spec).
  expect(declarations(layout, '.app-logo', '(min-width: 1280px)')).toMatchObject({ 'white-space': 'nowrap' });
});
