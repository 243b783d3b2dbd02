/** @jest-environment node */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';

// The shell's static server puts a server-rendered page (ARCHITECTURE §9) into its built
// index.html. Its server build is a stand-in here: a CommonJS `renderPage` answering by path, as
// shell/dist/server/render.cjs does (its own tests are in src/ssr/render-page.test.ts).
import { freePort, request as get } from '../testing/http-client';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { cssKey } = require('../../../scripts/webpack/css-key.cjs') as { cssKey: (text: string) => string };

const script = path.resolve(__dirname, '../../../scripts/serve-static.mjs');

const request = async (port: number, urlPath: string, headers: Record<string, string> = {}) => {
  const answer = await get(port, urlPath, headers);
  return { ...answer, body: answer.body.toString('utf8') };
};

const TEMPLATE =
  '<!doctype html><html lang="ru"><head><meta charset="utf-8"/><meta name="description" content="Маркетплейс услуг: заявки"/>' +
  '<title>Маркетплейс услуг</title><script defer="defer" src="/main.js"></script></head><body>' +
  '<div id="app-loading" role="status" style="text-align:center">Загрузка…</div><div id="root"></div></body></html>';

const FAKE_RENDER = `
exports.renderPage = async function renderPage(request) {
  const url = new URL(request.url);
  require('node:fs').appendFileSync(${JSON.stringify(path.join(os.tmpdir(), 'ssr-document-calls'))} + process.pid, url.pathname + '\\n');
  // As the shell's renderPage: a signed-in visitor's page is the browser's, a path no route matches a 404.
  if (request.signedIn && url.pathname !== '/gone') return { kind: 'client', reason: 'signed-in visitor' };
  if (url.pathname === '/page') {
    return {
      kind: 'page',
      head: '<title>Страница — Маркетплейс услуг</title><meta name="description" content="Её описание">',
      html: '<div class="app-layout"><main id="main"><h1>Содержимое</h1></main></div>',
      styles: { base: ['.ui-card { display: block }'], page: ['/* comment */ .a {  color : red ; }', '.b { color: blue }'] },
      scripts: ['http://remote.test/remoteEntry.js', 'http://remote.test/10.abc.js'],
      data: { remote: 'mf_catalog', routePath: 'page', state: { mutations: [], queries: [{ queryKey: ['x'], state: { data: '</script><script>alert(1)</script>' } }] } },
    };
  }
  if (url.pathname === '/dollars') {
    return {
      kind: 'page',
      head: "<title>Ремонт за $& и $' — Маркетплейс услуг</title>",
      html: "<h1>Цена: $' и $&amp; $$</h1>",
      styles: null,
      scripts: [],
      data: { remote: 'mf_catalog', routePath: 'dollars', state: { mutations: [], queries: [{ queryKey: ['d'], state: { data: "$' $& $1" } }] } },
    };
  }
  if (url.pathname === '/gone') return { kind: 'not-found', head: '<title>Не найдено — Маркетплейс услуг</title>' };
  if (url.pathname === '/service/404') {
    return {
      kind: 'not-found',
      head: '<title>Услуга не найдена — Маркетплейс услуг</title>',
      notice: { title: 'Услуга не найдена', description: 'Возможно, её убрали <из> каталога.', back: { href: '/service?city=a&b', label: 'Вернуться к каталогу услуг' } },
    };
  }
  if (url.pathname === '/executor/404') {
    return {
      kind: 'page',
      status: 404,
      head: '<title>Исполнитель не найден — Маркетплейс услуг</title>',
      notice: { title: 'Исполнитель не найден', description: 'Возможно, профиль удалён.', back: { href: '/executor', label: 'Вернуться к списку исполнителей' } },
      html: '<div class="app-layout"><main id="main"><h1>Исполнитель не найден</h1></main></div>',
      styles: null,
      scripts: ['http://remote.test/remoteEntry.js'],
      data: { remote: 'mf_catalog', routePath: 'executor/:id', state: { mutations: [], queries: [{ queryKey: ['executor', 404], state: { status: 'error', error: { status: 404, code: 'not_found', message: 'Нет' } } }] } },
    };
  }
  if (url.pathname === '/application/404') {
    return {
      kind: 'data',
      status: 404,
      head: '<title>Заявка не найдена — Маркетплейс услуг</title>',
      notice: { title: 'Заявка не найдена', description: 'Возможно, её сняли с публикации.', back: { href: '/application', label: 'Вернуться к списку заявок' } },
      styles: null,
      scripts: ['http://remote.test/remoteEntry.js'],
      data: { remote: 'mf_catalog', routePath: 'application/:id', state: { mutations: [], queries: [{ queryKey: ['application', 404], state: { status: 'error', error: { status: 404, code: 'not_found', message: 'Нет' } } }] } },
    };
  }
  if (url.pathname === '/client') return { kind: 'client', reason: 'guarded route' };
  if (url.pathname === '/client-failed') return { kind: 'client', reason: 'a query failed: API недоступен' };
  if (url.pathname === '/client-only') {
    return {
      kind: 'data',
      head: '',
      styles: { base: ['.ui-card { display: block }'], page: ['.item { margin: 0 }'] },
      scripts: ['http://remote.test/remoteEntry.js', 'http://remote.test/12.abc.js'],
      data: { remote: 'mf_catalog', routePath: 'client-only', state: { mutations: [], queries: [{ queryKey: ['item'], state: { data: 'заявка' } }] } },
    };
  }
  throw new Error('remote down');
};`;

const LIBRARIES = 'start-libs.abcdef1234.js';
// A chunk as webpack writes it; `$&` and `$'` are what a string replacement would expand.
const LIBRARIES_CODE = `(self.webpackChunkshell=self.webpackChunkshell||[]).push([[318],{1(e){e.exports="$& $'"}}]);`;
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const scriptSrc = (csp: string | string[] | undefined) => String(csp).split('; ').find((d) => d.startsWith('script-src ')) ?? '';

describe('the shell server’s server-rendered pages', () => {
  let dir: string;
  let child: ChildProcess;
  let port: number;
  let api: http.Server;
  let apiPort: number;
  let stderr = '';

  beforeAll(async () => {
    // The API's sitemap call: two pages of applications, one of each other kind.
    api = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://api');
      const kind = url.searchParams.get('kind');
      const page = Number(url.searchParams.get('page'));
      const total = kind === 'application' ? 3 : 1;
      const items = kind === 'application' ? (page === 1 ? [{ id: 1, updatedAt: '2026-11-20T10:00:00.000Z' }, { id: 2, updatedAt: '2026-11-21T10:00:00.000Z' }] : [{ id: 3, updatedAt: '2026-11-22T10:00:00.000Z' }]) : [{ id: 7, updatedAt: '2026-11-01T00:00:00.000Z' }];
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ data: { items, total, page, limit: 2 } }));
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    apiPort = (api.address() as net.AddressInfo).port;

    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ssr-document-'));
    fs.writeFileSync(path.join(dir, 'index.html'), TEMPLATE);
    fs.mkdirSync(path.join(dir, 'server'));
    fs.writeFileSync(path.join(dir, 'server', 'render.cjs'), FAKE_RENDER);
    // The start's files, the libraries among them (the build's StartAssetsPlugin writes this list).
    fs.writeFileSync(path.join(dir, 'start-assets.json'), JSON.stringify({ files: ['bootstrap.1234567890.js', LIBRARIES], libraries: LIBRARIES }));
    fs.writeFileSync(path.join(dir, LIBRARIES), LIBRARIES_CODE);
    port = await freePort();
    child = spawn(process.execPath, [script, '--dir', dir, '--port', String(port), '--spa', '--runtime-config'], {
      env: { ...process.env, API_URL: `http://127.0.0.1:${apiPort}`, APP_ORIGIN: 'https://market.test' },
    });
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (d: Buffer) => d.toString().includes('serving') && resolve());
      child.on('exit', (code) => reject(new Error(`exited ${code}`)));
    });
  });

  afterAll(async () => {
    child.kill();
    fs.rmSync(path.join(os.tmpdir(), `ssr-document-calls${child.pid}`), { force: true });
    fs.rmSync(dir, { recursive: true, force: true });
    await new Promise<void>((resolve) => api.close(() => resolve()));
  });

  const calls = () => {
    const file = path.join(os.tmpdir(), `ssr-document-calls${child.pid}`);
    return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim().split('\n') : [];
  };

  it('sends the page with its head, styles, script hints and inlined data', async () => {
    const answer = await request(port, '/page?x=1');
    expect(answer.status).toBe(200);
    expect(answer.headers.vary).toContain('Cookie');
    const html = answer.body;
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>Страница — Маркетплейс услуг</title>');
    expect(html).not.toContain('Маркетплейс услуг: заявки');
    // Two blocks, base then page, each with the keys of the texts it holds (for the browser's bundles).
    const keys = (...texts: string[]) => texts.map(cssKey).join(' ');
    expect(html).toContain(
      `<style data-ssr="" data-style="base" data-keys="${keys('.ui-card { display: block }')}">.ui-card{display: block}</style>` +
        `<style data-ssr="" data-style="page" data-keys="${keys('/* comment */ .a {  color : red ; }', '.b { color: blue }')}">.a{color : red;}.b{color: blue}</style></head>`,
    );
    // The content shows without them: the page's scripts come at low priority, after the paint's needs.
    expect(html).toContain('<link rel="preload" as="script" href="http://remote.test/10.abc.js" fetchpriority="low">');
    expect(html).toContain('<div id="root"><div class="app-layout"><main id="main"><h1>Содержимое</h1></main></div></div>');
    // The template's «Загрузка…» is for pages the browser renders: this one has its content.
    expect(html).not.toContain('app-loading');
    expect(html).not.toContain('Загрузка…');
    expect(html).not.toContain('<noscript><div class="noscript-notice"');
    const data = /<script type="application\/json" id="__SSR_DATA__">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    // Nothing in the data can close the script element.
    expect(data).not.toContain('</script');
    expect(JSON.parse(data).state.queries[0].state.data).toBe('</script><script>alert(1)</script>');
  });

  it('renders the address as the browser\'s router will read it: an encoded «?», «/» or space stays encoded', async () => {
    // Decoded, /page%3Fx=1 was rendered as /page with ?x=1 — a page the browser's router, reading
    // the address undecoded, did not have: it failed to hydrate and was left blank.
    for (const odd of ['/page%3Fx=1', '/page%2Fx', '/page%20']) {
      const answer = await request(port, odd);
      expect(calls().at(-1)).toBe(odd);
      expect(answer.body).not.toContain('<h1>Содержимое</h1>');
    }
  });

  it('answers 404 with a noindex page for a path nothing renders', async () => {
    const answer = await request(port, '/gone');
    expect(answer.status).toBe(404);
    expect(answer.body).toContain('<meta name="robots" content="noindex">');
    expect(answer.body).toContain('<div id="root"></div>');
    // Without scripts nothing would render the 404 screen: the HTML says it, outside the app's root.
    expect(answer.body).toMatch(/<noscript><div class="noscript-notice"[^>]*><h1>Страница не найдена<\/h1>.*<a href="\/">На главную<\/a>.*<\/noscript><div id="root"><\/div>/);
  });

  it('says of a missing entity, without JavaScript, what its page says: its heading and its way back to the list', async () => {
    const answer = await request(port, '/service/404');
    expect(answer.status).toBe(404);
    expect(answer.body).toContain('<meta name="robots" content="noindex">');
    expect(answer.body).toMatch(
      /<noscript><div class="noscript-notice"[^>]*><h1>Услуга не найдена<\/h1><p>Возможно, её убрали &lt;из&gt; каталога\.<\/p><p><a href="\/service\?city=a&amp;b">Вернуться к каталогу услуг<\/a> · <a href="\/">На главную<\/a><\/p><\/div><\/noscript><div id="root"><\/div>/,
    );
  });

  it('sends a missing entity’s rendered page as a 404, its «not found» state in the HTML and the API’s answer inlined', async () => {
    const answer = await request(port, '/executor/404');
    expect(answer.status).toBe(404);
    expect(answer.body).toContain('<meta name="robots" content="noindex">');
    expect(answer.body).toContain('<title>Исполнитель не найден — Маркетплейс услуг</title>');
    expect(answer.body).toContain('<div id="root"><div class="app-layout"><main id="main"><h1>Исполнитель не найден</h1></main></div></div><script type="application/json" id="__SSR_DATA__">');
    expect(answer.body).toContain('"error":{"status":404,"code":"not_found","message":"Нет"}');
    // Its content shows without scripts: no second notice, no «Загрузка…».
    expect(answer.body).not.toContain('<noscript><div class="noscript-notice"');
    expect(answer.body).not.toContain('Загрузка…');
  });

  it('sends a missing entity’s client-only page as a 404 with the API’s answer, and its notice for a browser without JavaScript', async () => {
    const answer = await request(port, '/application/404');
    expect(answer.status).toBe(404);
    expect(answer.body).toContain('<meta name="robots" content="noindex">');
    expect(answer.body).toMatch(/<noscript><div class="noscript-notice"[^>]*><h1>Заявка не найдена<\/h1>.*<a href="\/application">Вернуться к списку заявок<\/a>.*<\/noscript><div id="root"><\/div><script type="application\/json" id="__SSR_DATA__">/);
    expect(answer.body).toContain('"error":{"status":404,"code":"not_found","message":"Нет"}');
  });

  it('sends a client-only page without HTML but with its data and its scripts hinted at normal priority', async () => {
    const answer = await request(port, '/client-only');
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('<div id="root"></div><script type="application/json" id="__SSR_DATA__">');
    expect(answer.body).toContain('"data":"заявка"');
    // Until its scripts have run, the page says it is loading; without them, that it needs them.
    expect(answer.body).toMatch(/<div id="app-loading" role="status" style="text-align:center">Загрузка…<\/div><noscript>.*<h1>Включите JavaScript<\/h1>.*<\/noscript><div id="root"><\/div>/);
    // Its styles come with the HTML, parsed while the scripts download rather than when they run.
    expect(answer.body).toContain(`<style data-ssr="" data-style="page" data-keys="${cssKey('.item { margin: 0 }')}">.item{margin: 0}</style>`);
    // The browser renders the page itself: it waits for these, so they are not low priority.
    expect(answer.body).toContain('<link rel="preload" as="script" href="http://remote.test/12.abc.js">');
    expect(answer.body).toContain('<title>Маркетплейс услуг</title>');
  });

  it('inlines the start libraries into a client-only page for a browser without them, allowed by their hash alone', async () => {
    const answer = await request(port, '/client-only');
    const html = answer.body;
    // Last in the body, after the data: the parser runs it before the deferred entry.
    expect(html).toContain(`<script data-start-inline="/${LIBRARIES}">${LIBRARIES_CODE}</script></body>`);
    expect(html.indexOf('id="__SSR_DATA__"')).toBeLessThan(html.indexOf('data-start-inline'));
    // Not hinted as well; the other start files are.
    expect(html).not.toContain(`href="/${LIBRARIES}"`);
    expect(html).toContain('<link rel="preload" as="script" href="/bootstrap.1234567890.js">');
    // The policy allows this script by its hash, and no other inline script.
    expect(scriptSrc(answer.headers['content-security-policy']).split(' ')).toEqual(expect.arrayContaining(["'self'", sha256(LIBRARIES_CODE)]));
    expect(scriptSrc(answer.headers['content-security-policy'])).not.toContain('unsafe-inline');
    // The cookie that sends the browser's later pages the plain hint.
    expect(answer.headers['set-cookie']).toEqual([`start_libs=${LIBRARIES}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly; Secure`]);
  });

  it('names the libraries by URL for a browser that has this build’s, and inlines them again after a release', async () => {
    const cached = await request(port, '/client-only', { Cookie: `theme=dark; start_libs=${LIBRARIES}` });
    expect(cached.body).not.toContain('data-start-inline');
    expect(cached.body).toContain(`<link rel="preload" as="script" href="/${LIBRARIES}">`);
    expect(scriptSrc(cached.headers['content-security-policy'])).not.toContain('sha256');
    expect(cached.headers['set-cookie']).toBeUndefined();
    const stale = await request(port, '/client-only', { Cookie: 'start_libs=start-libs.0000000000.js' });
    expect(stale.body).toContain(`<script data-start-inline="/${LIBRARIES}">`);
    expect(stale.headers['set-cookie']?.[0]).toMatch(new RegExp(`^start_libs=${LIBRARIES};`));
  });

  it('never inlines them into a server-rendered page (its content shows without scripts), but records them', async () => {
    const answer = await request(port, '/page');
    expect(answer.body).not.toContain('data-start-inline');
    expect(answer.body).toContain(`<link rel="preload" as="script" href="/${LIBRARIES}" fetchpriority="low">`);
    expect(answer.headers['set-cookie']?.[0]).toMatch(/^start_libs=/);
  });

  it('names the libraries by URL when their code could end the script element early', async () => {
    const file = path.join(dir, LIBRARIES);
    fs.writeFileSync(file, `${LIBRARIES_CODE}/* </script><script>alert(1) */`);
    try {
      const answer = await request(port, '/client-only');
      expect(answer.body).not.toContain('data-start-inline');
      expect(answer.body).toContain(`<link rel="preload" as="script" href="/${LIBRARIES}">`);
    } finally {
      fs.writeFileSync(file, LIBRARIES_CODE);
    }
  });

  it('puts a page’s texts in as they are, `$&` and `$\'` included', async () => {
    const answer = await request(port, '/dollars');
    expect(answer.body).toContain("<title>Ремонт за $& и $' — Маркетплейс услуг</title>");
    expect(answer.body).toContain("<div id=\"root\"><h1>Цена: $' и $&amp; $$</h1></div>");
    const data = /<script type="application\/json" id="__SSR_DATA__">(.*?)<\/script>/.exec(answer.body)?.[1] ?? '';
    expect(JSON.parse(data).state.queries[0].state.data).toBe("$' $& $1");
    expect(answer.body.match(/<\/html>/g)).toHaveLength(1);
  });

  it('sends the client-rendered page for guarded pages and when rendering fails, never an error', async () => {
    for (const pathname of ['/client', '/fails']) {
      const answer = await request(port, pathname);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatch(/<div id="app-loading" role="status" style="text-align:center">Загрузка…<\/div><noscript>.*Включите JavaScript.*<\/noscript><div id="root"><\/div>/);
      expect(answer.body).not.toContain('__SSR_DATA__');
      expect(answer.body).toContain('<title>Маркетплейс услуг</title>');
    }
  });

  it('says in its log why a public page went without server rendering, but not for a guarded page or a signed-in visitor', async () => {
    const answer = await request(port, '/client-failed');
    expect(answer.status).toBe(200);
    await request(port, '/client');
    await request(port, '/page', { Cookie: 'token=abc' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stderr).toContain('ssr: /client-failed sent without server rendering: a query failed: API недоступен');
    expect(stderr).not.toMatch(/ssr: \/client sent|ssr: \/page sent/);
  });

  it('leaves a signed-in visitor’s page to the browser without rendering it, and answers 404 for a path no route matches', async () => {
    const signedIn = { Cookie: 'theme=dark; token=abc' };
    const answer = await request(port, '/page', signedIn);
    expect(answer.status).toBe(200);
    expect(answer.body).not.toContain('__SSR_DATA__');
    expect(answer.body).not.toContain('<h1>Содержимое</h1>');
    expect((await request(port, '/gone', signedIn)).status).toBe(404);
    expect((await request(port, '/page')).body).toContain('<h1>Содержимое</h1>');
  });

  it('serves robots.txt and a sitemap index with a file per kind and page, from the API', async () => {
    const robots = await request(port, '/robots.txt');
    expect(robots.body).toContain('Disallow: /lk');
    // A dialog's address, whichever place its parameter takes in the query (/application?page=2&auth=login).
    expect(robots.body).toContain('Disallow: /*?auth=\nDisallow: /*&auth=\n');
    expect(robots.body).toContain('Sitemap: https://market.test/sitemap.xml');
    const index = await request(port, '/sitemap.xml');
    expect(index.status).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locs = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      'https://market.test/sitemap/pages.xml',
      'https://market.test/sitemap/application-1.xml',
      'https://market.test/sitemap/application-2.xml',
      'https://market.test/sitemap/executor-1.xml',
      'https://market.test/sitemap/service-1.xml',
      'https://market.test/sitemap/facility-1.xml',
    ]);
    const second = await request(port, '/sitemap/application-2.xml');
    expect(second.body).toContain('<url><loc>https://market.test/application/3</loc><lastmod>2026-11-22T10:00:00.000Z</lastmod></url>');
    expect((await request(port, '/sitemap/pages.xml')).body).toContain('<loc>https://market.test/service</loc>');
    expect((await request(port, '/sitemap/nothing-1.xml')).status).toBe(404);
    // No page 0 (nor 01): a file the index never names is not found, not «temporarily unavailable» (503).
    expect((await request(port, '/sitemap/application-0.xml')).status).toBe(404);
    expect((await request(port, '/sitemap/application-01.xml')).status).toBe(404);
  });
});
