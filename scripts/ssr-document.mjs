// Server rendering of public pages for the shell's server (ARCHITECTURE §9).
//
// The shell's server build (shell/dist/server/render.cjs) renders the page: it loads the owning
// remote's server build from the remote's URL (so a redeployed remote changes the HTML without a
// shell release), fetches the page's data and renders layout and page in one React tree. This file
// puts the result into the shell's built index.html. Anything missing, slow or failing → the
// client-rendered page, never an error page; a path no route matches → 404.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { escapeMarkup } from './sitemap.mjs';

const require = createRequire(import.meta.url);
const remotes = require('../remotes.json');
const { envPrefix } = require('./webpack/runtime-config.cjs');
const { cssKey, compactCss } = require('./webpack/css-key.cjs');

/** Time the remote and the page's data may take before the client-rendered page is sent. */
export const DEFAULT_SSR_BUDGET_MS = 1500;

/** JSON safe inside `<script type="application/json">`: no `</script>` or comment can break out. */
export function inlineJson(value) {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** A Node module file loaded again whenever the file changes (a redeploy replaces dist/). */
export function reloadingModule(file) {
  let loaded = null;
  return () => {
    let stat;
    try {
      stat = fs.statSync(file);
    } catch {
      return null;
    }
    const key = `${stat.mtimeMs}:${stat.size}`;
    if (loaded?.key !== key) {
      delete require.cache[require.resolve(file)];
      loaded = { key, module: require(file) };
    }
    return loaded.module;
  };
}

/**
 * Remotes with a server build (`"ssr"` in remotes.json) → where this server reaches them: `true`,
 * its public pages render here; `"routes"`, only its route table (the lk's pages render in the
 * browser), so a path none of its routes matches is answered 404.
 */
export function ssrRemotes(env = process.env) {
  return Object.fromEntries(remotes.filter((r) => r.ssr).map((r) => [r.federationName, env[`${envPrefix(r)}_SSR_URL`] || null]));
}

const SESSION_COOKIES = /(?:^|;\s*)(?:token|refresh_token)=[^;]/;

// Every page of a build inlines the same styles: the last blocks are kept, not compacted again.
// The texts are the registry's own strings, so comparing them costs a pointer each.
let lastStyles = { base: [], page: [], blocks: '' };
const sameTexts = (a, b) => a.length === b.length && a.every((text, i) => text === b[i]);

/**
 * The page's styles as two blocks, base then page, the groups of the browser's style-loader
 * (scripts/webpack/insert-style.cjs), each with the keys of the stylesheets it holds: the browser
 * leaves those rules out of its own <style> elements (style-tag-transform.cjs), so they are parsed
 * once, with the HTML, and the blocks stay. `styles` is `{ base, page }` (texts: server.tsx's
 * `servedStyles`).
 */
function styleBlocks(styles) {
  const groups = { base: styles?.base ?? [], page: styles?.page ?? [] };
  if (!sameTexts(lastStyles.base, groups.base) || !sameTexts(lastStyles.page, groups.page)) {
    const block = (group, texts) =>
      texts.length
        ? `<style data-ssr="" data-style="${group}" data-keys="${texts.map(cssKey).join(' ')}">${compactCss(texts.join('\n')).replace(/<\/style/gi, '<\\/style')}</style>`
        : '';
    lastStyles = { ...groups, blocks: block('base', groups.base) + block('page', groups.page) };
  }
  return lastStyles.blocks;
}

/**
 * The start's libraries inlined into a client-only page (spec §2: the browser renders it).
 *
 * Such a page's first paint waits for the start's scripts, which the browser asks for once the
 * HTML has arrived: a round whose latency leaves the connection idle (562.5 ms on Slow 4G, about
 * 110 kB of its bandwidth). A browser that has not been sent this build's libraries yet (react-dom,
 * the router, the query client: `libraries` of `start-assets.json`) gets them inside the HTML,
 * which uses that idle time; the other start files stay hinted. Once loaded, the page fetches the
 * file into the browser's cache (shell/src/start/cache-inlined-start.ts), and the `START_COOKIE`
 * that every shell document sets says so: from then on the page names the file as every other.
 */
export const START_COOKIE = 'start_libs';

/** The value of cookie `name` in a `Cookie` header, or null. */
export function cookieValue(header, name) {
  for (const part of String(header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}

/** Whether `page` (the server's answer for the path) gets the `libraries` file inline. */
export function inlinesStartLibraries({ libraries, cookie, page }) {
  return Boolean(libraries && page?.data && !page.body && cookieValue(cookie, START_COOKIE) !== libraries);
}

/** The `Set-Cookie` that records the build's libraries for the browser; null when it has them. */
export function startCookie({ libraries, cookie, secure = false }) {
  if (!libraries || cookieValue(cookie, START_COOKIE) === libraries) return null;
  return `${START_COOKIE}=${libraries}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly${secure ? '; Secure' : ''}`;
}

/**
 * A script element holding `code` for the file `src` (named in `data-start-inline`), with the
 * CSP source that allows it (its SHA-256); null when the code could end the element early.
 */
export function inlineScript(code, src) {
  if (/<\/script|<!--/i.test(code)) return null;
  const hash = createHash('sha256').update(code, 'utf8').digest('base64');
  return { html: `<script data-start-inline="${src.replace(/[^\w./-]/g, '')}">${code}</script>`, source: `'sha256-${hash}'` };
}

/** The shell's loading line (scripts/webpack/index.html), shown until the app renders. */
const APP_LOADING = /<div id="app-loading"[^>]*>[^<]*<\/div>/;

/**
 * What a browser without JavaScript shows where the server sent no content: a page the browser
 * renders (a client-only one, or one the server could not render) or a 404. It had shown nothing.
 */
const NO_SCRIPT_OPEN =
  '<noscript><div class="noscript-notice" style="padding:48px 16px;max-width:40rem;margin:0 auto;font:16px/1.5 system-ui,sans-serif">';
const NO_SCRIPT_PAGE =
  NO_SCRIPT_OPEN +
  '<h1>Включите JavaScript</h1><p>Эта страница открывается только с включённым JavaScript. Без него доступны ' +
  '<a href="/">главная</a>, <a href="/application">заявки</a> и <a href="/service">каталог услуг</a>.</p></div></noscript>';
const NOT_FOUND_NOTICE = { title: 'Страница не найдена', description: 'Адрес неверный или страница больше не существует.' };

/**
 * A 404's notice: a missing entity's own (`renderPage`'s `notice`: «Услуга не найдена», its way back
 * to the catalogue, as its page says), else the app's «Страница не найдена»; the home page always.
 */
function noScriptNotFound(notice) {
  const { title, description, back } = notice && typeof notice === 'object' ? notice : NOT_FOUND_NOTICE;
  const links = [back && back.href !== '/' ? back : null, { href: '/', label: 'На главную' }].filter(Boolean);
  const actions = links.map((link) => `<a href="${escapeMarkup(link.href)}">${escapeMarkup(link.label)}</a>`).join(' · ');
  return `${NO_SCRIPT_OPEN}<h1>${escapeMarkup(title)}</h1><p>${escapeMarkup(description)}</p><p>${actions}</p></div></noscript>`;
}

/**
 * Puts the page into the shell's built index.html: its head tags instead of the default title
 * and description, hints and styles before `</head>`, the rendered body and the inlined data in
 * `#root`, inline `scripts` before `</body>`. `notFound`: true, or the 404's notice, for a page
 * without content the server answers 404 for.
 */
export function composeDocument(template, { head = '', hints = '', styles = null, body = '', data = null, scripts = '', notFound = false }) {
  let html = template;
  if (head) html = html.replace(/<title>[^<]*<\/title>/, '').replace(/<meta name="description"[^>]*>/, '');
  const css = styleBlocks(styles);
  // Replacers as functions: a page's texts (a title, a description) may hold `$&` or `$'`.
  html = html.replace('</head>', () => `${head}${hints}${css}</head>`);
  const script = data ? `<script type="application/json" id="__SSR_DATA__">${inlineJson(data)}</script>` : '';
  // The template's «Загрузка…» stands for a page the browser renders; a rendered page has its content.
  if (body) html = html.replace(APP_LOADING, '');
  const noscript = body ? '' : notFound ? noScriptNotFound(notFound) : NO_SCRIPT_PAGE;
  html = html.replace(/<div id="root"><\/div>/, () => `${noscript}<div id="root">${body}</div>${script}`);
  // Inline scripts last: the parser runs them as it reaches them, the deferred entry after them.
  return scripts ? html.replace('</body>', () => `${scripts}</body>`) : html;
}

/**
 * `render(req, { config, pathname, search, remote, publicOrigin })` → null (send the client page as
 * it is), `{ status: 404, head, notice }`, `{ status: 200, head, body, styles, scripts, data }`, or for a
 * client-only page `{ status: 200, head, scripts, data }` (no body: the browser renders it); a
 * missing entity's page, rendered or client-only, with status 404 and its `notice`.
 */
/** The reasons renderPage gives for a page that is the browser's to render by design (shell/src/server.tsx). */
const CLIENT_BY_DESIGN = new Set(['signed-in visitor', 'guarded route']);

export function createSsr({ root, env = process.env, log = (line) => console.warn(line) }) {
  const shell = reloadingModule(path.join(root, 'server', 'render.cjs'));
  const ssr = ssrRemotes(env);
  const serverOrigins = Object.fromEntries(Object.entries(ssr).filter(([, origin]) => origin));
  const budgetMs = Number(env.SSR_BUDGET_MS) > 0 ? Number(env.SSR_BUDGET_MS) : DEFAULT_SSR_BUDGET_MS;
  const enabled = env.SSR !== 'off';

  return async function render(req, { config, pathname, search, remote, publicOrigin }) {
    if (!enabled || !remote || !(remote in ssr) || req.method !== 'GET') return null;
    // A signed-in visitor's header is the account's: the browser renders that page itself; the
    // server only tells a path no route matches (404, as for a guest).
    const signedIn = SESSION_COOKIES.test(String(req.headers.cookie || ''));
    let page;
    try {
      const module = shell();
      if (!module) return null;
      const serverApiUrl = env.SSR_API_URL || undefined;
      page = await module.renderPage({ url: `${publicOrigin}${pathname}${search}`, config, serverOrigins, serverApiUrl, budgetMs, signedIn });
    } catch (error) {
      log(`ssr: ${pathname} sent without server rendering: ${error?.message ?? error}`);
      return null;
    }
    // A page the server should have rendered and did not (a query failed, a remote's server build
    // missing): said, as a thrown render is. A guarded page or a signed-in visitor's is the browser's by design.
    if (page.kind === 'client' && !CLIENT_BY_DESIGN.has(page.reason)) log(`ssr: ${pathname} sent without server rendering: ${page.reason}`);
    if (page.kind === 'not-found') return { status: 404, head: page.head, notice: page.notice ?? null };
    // A missing entity's page, rendered or client-only, is a 404 that comes with its content or data.
    const status = page.status === 404 ? 404 : 200;
    const notice = page.notice ?? null;
    // A client-only page: no HTML, but its data and scripts, so the browser renders it at once.
    if (page.kind === 'data') return { status, head: page.head, styles: page.styles, scripts: page.scripts, data: page.data, notice };
    if (page.kind !== 'page') return null;
    return { status, head: page.head, body: page.html, styles: page.styles, scripts: page.scripts, data: page.data, notice };
  };
}
