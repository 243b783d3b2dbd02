#!/usr/bin/env node
// Static server for the built front ends, as in production: one origin per package.
// Usage: node scripts/serve-static.mjs --dir dist --port 3000 [--spa] [--runtime-config]
import http from 'node:http';
import { statSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import { createRequire } from 'node:module';
import { composeDocument, createSsr, inlineScript, inlinesStartLibraries, startCookie } from './ssr-document.mjs';
import { createSitemap, escapeMarkup } from './sitemap.mjs';
import { stopOnSignal } from './stop-on-signal.mjs';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.cjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.cjs', '.css', '.json', '.map', '.txt', '.svg']);
const HASHED = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Where a container's health check asks (docker-compose.yml, docker/web.Dockerfile). */
export const HEALTH_PATH = '/healthz';
const DYNAMIC_BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } };

export function parseArgs(argv) {
  const options = { dir: 'dist', port: 3000, spa: false, runtimeConfig: false };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--dir') options.dir = argv[++i];
    else if (arg === '--port') options.port = Number(argv[++i]);
    else if (arg === '--spa') options.spa = true;
    else if (arg === '--runtime-config') options.runtimeConfig = true;
  }
  return options;
}

// One definition of the runtime configuration for the dev server and this static server.
const require = createRequire(import.meta.url);
export const runtimeConfig = require('./webpack/runtime-config.cjs').runtimeConfigFromEnv;
// Which remote owns which path prefix: the same mounts the shell reads from /runtime-config.json.
const { mountList, runtimeEnvProblems } = require('./webpack/runtime-config.cjs');
// nosniff, referrer policy, no framing; the shell's CSP from the same env as its runtime config.
const { staticServerHeaders, withScriptSources } = require('./security-headers.cjs');


/** The remote whose mount is the longest prefix of the path (the shell's router decides the rest). */
export function remoteForPath(mounts, pathname) {
  const owns = (mount) => mount === '/' || pathname === mount || pathname.startsWith(`${mount}/`);
  return [...mounts].sort((a, b) => b.mount.length - a.mount.length).find((m) => owns(m.mount))?.name ?? null;
}

/**
 * `<link>` hints that put what the first render needs into the first round after the HTML:
 * the shell's start chunks, a connection to the API, and the route's remote manifest. The
 * remote's scripts are not hinted: the federation runtime reuses a `<link>` of the same URL and
 * waits for its load event, so a hint that failed while the remote was down would stall the
 * error panel's retry.
 */
export function preloadHints({ startFiles = [], remoteOrigin = null, apiUrl = null, scripts = [], rendered = false }) {
  // On a server-rendered page the content shows without them: they load at low priority, after
  // anything the first paint needs (render-blocking, as high-priority scripts count, they would
  // hold it back).
  const priority = rendered ? ' fetchpriority="low"' : '';
  const script = (href) => `<link rel="preload" as="script" href="${escapeMarkup(href)}"${priority}>`;
  const links = startFiles.map((file) => script(`/${file}`));
  // A server-rendered page's own scripts (the remote answered, so it is up).
  for (const url of scripts) links.push(script(url));
  if (apiUrl) links.push(`<link rel="preconnect" href="${escapeMarkup(apiUrl)}">`);
  if (remoteOrigin) {
    const manifest = `${remoteOrigin.replace(/\/+$/, '')}/mf-manifest.json`;
    links.push(`<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeMarkup(manifest)}">`);
  }
  return links.join('');
}

function cacheControl(file) {
  const base = path.basename(file);
  if (HASHED.test(base) && !base.endsWith('.html')) return IMMUTABLE;
  return 'no-cache';
}

/** A navigation: the browser wants a document (its fetch metadata, else its Accept header). */
/**
 * The address of a page as the app writes it: one slash between segments, lower case (every route
 * is), the query as it came; null when the request's is already that. `//about` was read as a URL
 * of host «about» (the home page rendered, then a hydration error); `/lk//profile` matched no lk
 * page; `/LK/PROFILE` answered 404 while the browser's router, blind to case, drew the page.
 */
export function canonicalPagePath(url) {
  const at = url.indexOf('?');
  const pathPart = at < 0 ? url : url.slice(0, at);
  const canonical = pathPart.replace(/\/{2,}/g, '/').toLowerCase();
  return canonical === pathPart ? null : canonical + (at < 0 ? '' : url.slice(at));
}

function wantsPage(req) {
  const dest = req.headers['sec-fetch-dest'];
  if (dest) return dest === 'document';
  return /\btext\/html\b/.test(String(req.headers.accept ?? ''));
}

function pickEncoding(header) {
  const accepted = String(header || '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

/**
 * APP_ORIGIN as an origin (`https://example.ru`), or null when not set. A value that is not one
 * (no scheme: «market.example», another scheme, a path) stops the start: canonical links, robots.txt
 * and the sitemap would name addresses that are not URLs, and every server render failed on it (QA PPP-2).
 */
export function appOriginOf(env) {
  const given = env.APP_ORIGIN?.trim();
  if (!given) return null;
  let url = null;
  try {
    url = new URL(given);
  } catch {
    // Said below.
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.pathname.replace(/\/+$/, '') !== '' || url.search || url.hash || url.username || url.password) {
    throw new Error(`APP_ORIGIN must be the app's public origin, a scheme and a host (https://example.ru), not «${given}»`);
  }
  return url.origin;
}

export function createServer({ dir, spa = false, runtimeConfig: withRuntimeConfig = false, env = process.env }) {
  const problems = withRuntimeConfig ? runtimeEnvProblems(env) : [];
  if (problems.length > 0) throw new Error(problems.join('\n'));
  const appOrigin = withRuntimeConfig ? appOriginOf(env) : null;
  // Without it the canonical links, Open Graph URLs, robots.txt and the sitemap name whatever host
  // a request says («Host: evil.example»), which a cache in front may keep for everyone.
  if (withRuntimeConfig && env.NODE_ENV === 'production' && !appOrigin) {
    throw new Error('APP_ORIGIN is required when NODE_ENV=production: the public origin (https://example.ru) for canonical links, Open Graph URLs, robots.txt and the sitemap, which would otherwise follow the request\'s Host header');
  }
  const root = path.resolve(dir);
  // Compressed bodies are computed once per file and encoding, then kept in memory.
  const cache = new Map();
  // The env is read once at start, as the CSP must name the same origins as /runtime-config.json.
  const headersFor = staticServerHeaders({ shell: withRuntimeConfig, env });

  // Every request looks its files up: a stat of a file in the page cache takes microseconds
  // synchronously, where fs/promises' goes through the thread pool (tens of microseconds each, most
  // of a page's file work under load).
  async function load(file) {
    const stat = statSync(file);
    const hit = cache.get(file);
    if (hit && hit.mtimeMs === stat.mtimeMs && hit.size === stat.size) return hit;
    const entry = { mtimeMs: stat.mtimeMs, size: stat.size, raw: await fs.readFile(file), encoded: new Map() };
    cache.set(file, entry);
    return entry;
  }

  async function encoded(entry, encoding) {
    if (!entry.encoded.has(encoding)) {
      const body = encoding === 'br'
        ? brotli(entry.raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })
        : gzip(entry.raw, { level: 9 });
      entry.encoded.set(encoding, body);
    }
    return entry.encoded.get(encoding);
  }

  /** A JSON file of the build, parsed once per version of the file (null when missing or broken). */
  async function loadJson(file) {
    try {
      const entry = await load(file);
      if (!('json' in entry)) entry.json = JSON.parse(entry.raw.toString('utf8'));
      return entry.json;
    } catch {
      return null;
    }
  }

  async function buildVersion() {
    const manifest = await loadJson(path.join(root, 'build-manifest.json'));
    return manifest ? String(manifest.version) : 'dev';
  }

  async function send(req, res, status, body, headers, compressible) {
    const encoding = compressible && body.length > 512 ? pickEncoding(req.headers['accept-encoding']) : null;
    let payload = body;
    if (encoding) {
      // Bodies made per request (a rendered page, the runtime configuration) compress fast:
      // brotli's default quality 11 costs tens of milliseconds on a 60 kB page, quality 5 about one.
      payload = typeof body === 'string' ? await (encoding === 'br' ? brotli(body, DYNAMIC_BROTLI) : gzip(body, { level: 6 })) : body;
      res.setHeader('Content-Encoding', encoding);
    }
    if (compressible) res.setHeader('Vary', 'Accept-Encoding');
    res.writeHead(status, { ...headersFor(headers['Content-Type']), ...headers, 'Content-Length': Buffer.byteLength(payload) });
    res.end(req.method === 'HEAD' ? undefined : payload);
  }

  const readStartAssets = () => loadJson(path.join(root, 'start-assets.json'));

  /** A start file as an inline script with its CSP source, made once per version of the file; null if it cannot be. */
  async function inlineFile(file) {
    try {
      const entry = await load(path.join(root, file));
      if (!('inline' in entry)) entry.inline = inlineScript(entry.raw.toString('utf8'), `/${file}`);
      return entry.inline;
    } catch {
      return null;
    }
  }

  // The shell's server render of public pages (ARCHITECTURE §9); only the shell has one.
  const renderPage = withRuntimeConfig ? createSsr({ root, env }) : null;
  const sitemap = withRuntimeConfig ? createSitemap() : null;

  /** The app's public origin, for canonical links: APP_ORIGIN, else the request's own host. */
  function publicOrigin(req) {
    if (appOrigin) return appOrigin;
    return `http://${req.headers.host || 'localhost'}`;
  }

  // The shell's page, with the hints of the path asked for; HTML is never cached (no-cache).
  // A public page of a remote that renders on the server comes with its content and data.
  async function sendShellHtml(req, res, file, pathname, search = '') {
    const entry = await load(file);
    const config = runtimeConfig(env, await buildVersion());
    const start = await readStartAssets();
    const remote = remoteForPath(mountList(config), pathname);
    const page = renderPage ? await renderPage(req, { config, pathname, search, remote, publicOrigin: publicOrigin(req) }) : null;
    // A client-only page takes the start's libraries inline for a browser that lacks them (ssr-document.mjs).
    const libraries = start?.libraries ?? null;
    const cookie = req.headers.cookie;
    const inline = inlinesStartLibraries({ libraries, cookie, page }) ? await inlineFile(libraries) : null;
    const hints = preloadHints({
      startFiles: inline ? start.files.filter((file) => file !== libraries) : start?.files,
      remoteOrigin: remote ? config.remotes[remote] : null,
      apiUrl: config.apiUrl,
      scripts: page?.scripts,
      rendered: Boolean(page?.body),
    });
    const noindex = page?.status === 404 ? '<meta name="robots" content="noindex">' : '';
    const html = composeDocument(entry.raw.toString('utf8'), {
      head: `${page?.head ?? ''}${noindex}`,
      hints,
      styles: page?.styles ?? null,
      body: page?.body ?? '',
      data: page?.data ?? null,
      scripts: inline?.html ?? '',
      notFound: page?.status === 404 && (page.notice ?? true),
    });
    const headers = { 'Content-Type': TYPES['.html'], 'Cache-Control': 'no-cache', Vary: 'Cookie, Accept-Encoding' };
    if (inline) headers['Content-Security-Policy'] = withScriptSources(headersFor(TYPES['.html'])['Content-Security-Policy'], [inline.source]);
    const setCookie = startCookie({ libraries, cookie, secure: /^https:/i.test(publicOrigin(req)) });
    if (setCookie) headers['Set-Cookie'] = setCookie;
    await send(req, res, page?.status ?? 200, html, headers, true);
  }

  async function sendFile(req, res, file, status = 200) {
    const entry = await load(file);
    const ext = path.extname(file).toLowerCase();
    // Unhashed files (html, manifests, entries) revalidate cheaply with a 304.
    const etag = `"${entry.size.toString(16)}-${Math.floor(entry.mtimeMs).toString(16)}"`;
    res.setHeader('ETag', etag);
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, { 'Cache-Control': cacheControl(file) });
      res.end();
      return;
    }
    const compressible = COMPRESSIBLE.has(ext) && entry.raw.length > 512;
    const encoding = compressible ? pickEncoding(req.headers['accept-encoding']) : null;
    const body = encoding ? await encoded(entry, encoding) : entry.raw;
    if (encoding) res.setHeader('Content-Encoding', encoding);
    if (COMPRESSIBLE.has(ext)) res.setHeader('Vary', 'Accept-Encoding');
    const type = TYPES[ext] || 'application/octet-stream';
    res.writeHead(status, {
      ...headersFor(type),
      'Content-Type': type,
      'Content-Length': body.length,
      'Cache-Control': cacheControl(file),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  async function isFile(file) {
    try {
      return statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;
    } catch {
      return false;
    }
  }

  async function handle(req, res) {
    for (const [name, value] of Object.entries(headersFor(null))) res.setHeader(name, value);
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Timing-Allow-Origin', '*');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS', 'Access-Control-Allow-Headers': '*' });
      res.end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD, OPTIONS' });
      res.end();
      return;
    }
    // A page asked for at another spelling of its address goes to its own (a file keeps its name).
    const canonical = withRuntimeConfig && spa && wantsPage(req) ? canonicalPagePath(req.url || '/') : null;
    if (canonical) {
      res.writeHead(301, { Location: canonical, 'Cache-Control': 'no-cache' });
      res.end();
      return;
    }
    let pathname = null;
    let rawPathname = '/';
    let search = '';
    try {
      const parsed = new URL(req.url || '/', 'http://localhost');
      rawPathname = parsed.pathname;
      search = parsed.search;
      pathname = decodeURIComponent(rawPathname);
    } catch {
      // Not percent-decodable (/application/%ff): no file has that name.
    }
    // The shell's server build is its server's own (a remote's is fetched by the shell's server).
    const serverOnly = withRuntimeConfig && pathname?.startsWith('/server/');
    const unsafe = pathname === null || pathname.includes('\0') || pathname.split(/[\\/]/).includes('..');
    if (unsafe || serverOnly) {
      // A page the browser asks for at such an address (or in the server build's folder) is the
      // app's own «not found» (its router reads the address as it came, undecoded; no file is
      // looked up): never a bare status line.
      if (withRuntimeConfig && spa && wantsPage(req) && (await isFile(path.join(root, 'index.html')))) {
        await sendShellHtml(req, res, path.join(root, 'index.html'), rawPathname, search);
        return;
      }
      if (pathname === null) res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Bad Request');
      else res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Forbidden');
      return;
    }
    // The containers' health check (docker-compose.yml, docker/web.Dockerfile): up, with a build to
    // serve (a remote has no index.html, the shell no remoteEntry.js of its own).
    if (pathname === HEALTH_PATH) {
      const built = (await isFile(path.join(root, 'index.html'))) || (await isFile(path.join(root, 'remoteEntry.js')));
      await send(req, res, built ? 200 : 503, built ? 'ok' : 'no build', { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }, false);
      return;
    }
    if (withRuntimeConfig && pathname === '/runtime-config.json') {
      const body = JSON.stringify(runtimeConfig(env, await buildVersion()));
      await send(req, res, 200, body, { 'Content-Type': TYPES['.json'], 'Cache-Control': 'no-cache' }, true);
      return;
    }
    if (sitemap && (pathname === '/robots.txt' || pathname.startsWith('/sitemap'))) {
      const config = runtimeConfig(env, 'sitemap');
      let answer = null;
      try {
        answer = await sitemap(pathname, { apiUrl: env.SSR_API_URL || config.apiUrl, origin: publicOrigin(req) });
      } catch (error) {
        console.warn(`sitemap: ${error?.message ?? error}`);
        answer = { status: 503, type: 'text/plain; charset=utf-8', body: 'Карта сайта временно недоступна' };
      }
      if (answer) {
        const caching = answer.status === 200 ? 'public, max-age=600' : 'no-store';
        await send(req, res, answer.status, answer.body, { 'Content-Type': answer.type, 'Cache-Control': caching }, true);
        return;
      }
    }
    const file = path.join(root, pathname.endsWith('/') ? `${pathname}index.html` : pathname);
    if (!file.startsWith(root + path.sep) && file !== root) {
      res.writeHead(403).end('Forbidden');
      return;
    }
    const index = path.join(root, 'index.html');
    // A path with a dot is a page too when the browser asks for one (/executor/ivan.petrov, a
    // mistyped /nope.html): the app's 404 screen, not a bare «Not Found». A script or a style the
    // page asks for (Accept: */*) still gets its 404, which the chunk loader handles.
    const pagePath = !path.extname(pathname) || wantsPage(req);
    const isShellPage = withRuntimeConfig && (file === index || (spa && pagePath && !(await isFile(file))));
    if (isShellPage && (await isFile(index))) {
      // The page at the address as it came: the browser's router reads it undecoded, and a page
      // rendered for the decoded one (/service%3Fpage=2 as /service?page=2) would not hydrate.
      await sendShellHtml(req, res, index, rawPathname, search);
      return;
    }
    if (await isFile(file)) {
      await sendFile(req, res, file);
      return;
    }
    if (spa && pagePath) {
      await sendFile(req, res, index);
      return;
    }
    await send(req, res, 404, 'Not Found', { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' }, false);
  }

  return http.createServer((req, res) => {
    handle(req, res).catch((error) => {
      console.error(error);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Internal Server Error');
    });
  });
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  const options = parseArgs(process.argv.slice(2));
  let server;
  try {
    server = createServer(options);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
  server.listen(options.port, () => {
    const { port } = server.address();
    console.log(`serving ${options.dir} on http://localhost:${port}`);
  });
  // A container's stop drains it (QA Y-2); idle keep-alive connections close at once.
  stopOnSignal(server, { cutAfterMs: 5000 });
}
