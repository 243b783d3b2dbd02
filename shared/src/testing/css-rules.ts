import fs from 'node:fs';
import path from 'node:path';

/*
 * jsdom lays nothing out and applies no @media rule: what a layout rule does is checked on the
 * stylesheet's text (the browser's result is in the report of the change that wrote it).
 */

/** A stylesheet's text without its comments. */
export function readCss(dir: string, file: string): string {
  return fs.readFileSync(path.join(dir, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
}

/** The declarations of the rules whose selector is exactly `selector`, outside or inside the @media block opened by `media`. */
export function declarations(css: string, selector: string, media?: string): Record<string, string> {
  let scope: string;
  if (media) {
    const start = css.indexOf(`@media ${media} {`);
    if (start < 0) throw new Error(`no @media ${media} block`);
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
