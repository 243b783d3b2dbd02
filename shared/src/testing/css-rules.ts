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

/** The design tokens (custom properties) the kit defines for every page: shared/src/ui/styles.css. */
const KIT_STYLES = path.join(__dirname, '..', 'ui', 'styles.css');

function cssFilesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : cssFilesUnder(full);
    return entry.name.endsWith('.css') ? [full] : [];
  });
}

/**
 * The custom properties the stylesheets under `dir` read (`var(--name…)`) that neither they nor the
 * kit define: a misspelt or invented token silently takes its fallback, which nobody chose against
 * the kit's palette (a #9ca3af «404» at 2.5:1). react-toastify's own (`--toastify-…`) are its.
 */
export function undefinedCustomProperties(dir: string): string[] {
  const texts = [KIT_STYLES, ...cssFilesUnder(dir)].map((file) => fs.readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, ''));
  const defined = new Set(texts.flatMap((text) => [...text.matchAll(/(--[a-z0-9-]+)\s*:/gi)].map((m) => m[1]!)));
  const used = new Set(texts.slice(1).flatMap((text) => [...text.matchAll(/var\(\s*(--[a-z0-9-]+)/gi)].map((m) => m[1]!)));
  return [...used].filter((name) => !defined.has(name) && !name.startsWith('--toastify-')).sort();
}
