/** @jest-environment node */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { renderPage } from '../server';

// A remote's server build as its build emits it: CommonJS that requires the shared singletons,
// which the shell's server provides (its own React, router, query client and `shared`).
function remoteCode(text: string, dataUrl = '') {
  return `
const React = require('react');
const { useQuery } = require('@tanstack/react-query');
const { useParams } = require('react-router-dom');
const { ApiError } = require('shared');
function Page() {
  const { data } = useQuery({ queryKey: ['probe'], queryFn: async () => 'из браузера' });
  return React.createElement('h1', null, ${JSON.stringify(text)} + ': ' + data);
}
function Item() {
  return React.createElement('p', null, 'Элемент ' + useParams().id);
}
let countedRenders = 0;
function Counted() {
  countedRenders += 1;
  const { data } = useQuery({ queryKey: ['counted'], queryFn: async () => 'из браузера' });
  return React.createElement('p', null, 'Заявок: ' + data + ', отрисовка ' + countedRenders);
}
// A missing entity's page as the catalogue's are: its query keeps a fresh 404 rather than asking again.
function Gone() {
  const { data, error } = useQuery({ queryKey: ['fail', 404], queryFn: async () => 'из браузера', retryOnMount: false });
  return error && error.status === 404 ? React.createElement('h1', null, 'Услуга не найдена') : React.createElement('h1', null, 'Услуга: ' + data);
}
const fail = (status) => ({ queryClient }) => queryClient.prefetchQuery({ queryKey: ['fail', status], queryFn: async () => { throw new ApiError({ status, code: 'x', message: 'Ошибка' }); } });
exports.routes = [
  { path: 'probe', lazy: async () => ({ Component: Page, __pageId: 'probe-page' }), handle: {
    title: 'Проба',
    prefetch: ({ queryClient }) => queryClient.prefetchQuery({ queryKey: ['probe'], queryFn: async () => 'с сервера' }),
    meta: () => ({ title: 'Проба <с> «кавычками»', description: 'Описание', canonicalPath: '/probe', jsonLd: [{ '@type': 'Thing', name: '</script>' }] }),
  } },
  { path: 'counted', lazy: async () => ({ Component: Counted }), handle: { title: 'Счёт',
    prefetch: ({ queryClient }) => queryClient.prefetchQuery({ queryKey: ['counted'], queryFn: async () => (await fetch(${JSON.stringify(dataUrl)})).text() }) } },
  { path: 'item/:id', lazy: async () => ({ Component: Item }), handle: { title: 'Элемент' } },
  { path: 'client', lazy: async () => ({ Component: Page, __pageId: 'probe-page' }), handle: { title: 'Только в браузере', clientOnly: true,
    prefetch: ({ queryClient }) => queryClient.prefetchQuery({ queryKey: ['probe'], queryFn: async () => 'с сервера' }) } },
  { path: 'private', lazy: async () => ({ Component: Page }), handle: { title: 'Кабинет', guards: ['auth'] } },
  { path: 'missing', lazy: async () => ({ Component: Page }), handle: { title: 'Нет', prefetch: fail(404) } },
  { path: 'gone/:id', lazy: async () => ({ Component: Gone, __pageId: 'probe-page' }), handle: { title: 'Услуга', prefetch: fail(404),
    meta: () => ({ title: 'Услуга не найдена', description: 'Возможно, её убрали.', status: 404, back: { href: '/service', label: 'К услугам' } }) } },
  { path: 'gone-client/:id', lazy: async () => ({ Component: Gone }), handle: { title: 'Заявка', clientOnly: true, prefetch: fail(404),
    meta: () => ({ title: 'Заявка не найдена', description: 'Возможно, её сняли.', status: 404, back: { href: '/application', label: 'К заявкам' } }) } },
  { path: 'hidden-client/:id', lazy: async () => ({ Component: Gone }), handle: { title: 'Заявка', clientOnly: true, prefetch: fail(403),
    meta: () => ({ title: 'Заявка не найдена', description: 'Возможно, её сняли.', status: 404, back: { href: '/application', label: 'К заявкам' } }) } },
  { path: 'broken', lazy: async () => ({ Component: Page }), handle: { title: 'Сбой', prefetch: fail(500) } },
];`;
}

const manifest = {
  metaData: { remoteEntry: { name: 'remoteEntry.js' } },
  exposes: [{ path: './routes', assets: { js: { sync: ['__federation_expose_routes.1.js'] } } }],
};
const pageAssets = { pages: { 'probe-page': ['10.abc.js', '11.def.js'] } };

let server: http.Server;
let origin: string;
let files: Record<string, string>;
let log: { path: string; status: number }[];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const body = files[req.url ?? ''];
    if (body === undefined) {
      res.writeHead(404).end();
      log.push({ path: req.url ?? '', status: 404 });
      return;
    }
    const etag = `"${crypto.createHash('sha1').update(body).digest('hex')}"`;
    const status = req.headers['if-none-match'] === etag ? 304 : 200;
    log.push({ path: req.url ?? '', status });
    res.writeHead(status, { ETag: etag }).end(status === 200 ? body : undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  log = [];
  files = {
    '/server/render.cjs': remoteCode('Страница', `${origin}/counted.json`),
    '/counted.json': '12',
    '/mf-manifest.json': JSON.stringify(manifest),
    '/page-assets.json': JSON.stringify(pageAssets),
  };
});

const config = () => ({ apiUrl: 'http://api.test', version: '1', remotes: { mf_probe: origin }, mounts: { mf_probe: '/' } });
const render = (path: string, budgetMs = 3000) => renderPage({ url: `http://app.test${path}`, config: config(), budgetMs });

describe('renderPage (the shell server’s render of a public page)', () => {
  it('renders the layout and the remote’s page in one tree, with the head, the data and the route’s scripts', async () => {
    const page = await render('/probe');
    if (page.kind !== 'page') throw new Error(`expected a page, got ${page.kind}`);
    // The page sits inside the shell's layout, between its header and footer.
    expect(page.html).toMatch(/<header class="app-header">[\s\S]*<main id="main"[^>]*><h1>Страница: с сервера<\/h1><\/main><footer/);
    expect(page.head).toContain('<title>Проба &lt;с&gt; «кавычками» — Маркетплейс услуг</title>');
    expect(page.head).toContain('<link rel="canonical" href="http://app.test/probe">');
    expect(page.head).toContain('<meta name="description" content="Описание">');
    expect(page.head).not.toContain('</script>"');
    expect(page.head).toContain('"name":"\\u003c/script');
    expect(page.data.remote).toBe('mf_probe');
    expect(page.data.routePath).toBe('probe');
    expect(page.data.state.queries.map((query) => [query.queryKey, query.state.data])).toEqual([[['probe'], 'с сервера']]);
    // The public zone's current offset, for the browser to write Moscow time out without Intl.
    expect(page.data.zones).toEqual([expect.objectContaining({ zone: 'Europe/Moscow', offsetMinutes: 180 })]);
    const [moscow] = page.data.zones!;
    expect(moscow!.from).toBeLessThanOrEqual(Date.now());
    expect(moscow!.until).toBeGreaterThan(Date.now());
    expect(page.scripts).toEqual([
      `${origin}/remoteEntry.js`,
      `${origin}/__federation_expose_routes.1.js`,
      `${origin}/10.abc.js`,
      `${origin}/11.def.js`,
    ]);
  });

  it('reuses a recent render of the same URL and the same data, and renders again when the data changed', async () => {
    const first = await render('/counted');
    const again = await render('/counted');
    expect(first.kind === 'page' && first.html).toContain('<p>Заявок: 12, отрисовка 1</p>');
    // The data was fetched again (the same), the HTML not rendered again.
    expect(log.filter((entry) => entry.path === '/counted.json')).toHaveLength(2);
    expect(again.kind === 'page' && again.html).toBe(first.kind === 'page' && first.html);
    // The data is fetched for every request: a change shows in the very next page.
    files['/counted.json'] = '13';
    const changed = await render('/counted');
    expect(changed.kind === 'page' && changed.html).toContain('<p>Заявок: 13, отрисовка 2</p>');
    expect(changed.kind === 'page' && changed.data.state.queries[0]?.state.data).toBe('13');
  });

  it('gives the page its params as the client does', async () => {
    const page = await render('/item/42');
    expect(page.kind === 'page' && page.html).toContain('<p>Элемент 42</p>');
  });

  it('leaves guarded pages to the browser, and gives a client-only page its data and scripts without rendering it', async () => {
    const clientOnly = await render('/client');
    if (clientOnly.kind !== 'data') throw new Error(`expected data, got ${clientOnly.kind}`);
    expect(clientOnly).not.toHaveProperty('html');
    expect(clientOnly.head).toBe('');
    expect(clientOnly.data.state.queries.map((query) => [query.queryKey, query.state.data])).toEqual([[['probe'], 'с сервера']]);
    expect(clientOnly.data.zones).toEqual([expect.objectContaining({ zone: 'Europe/Moscow', offsetMinutes: 180 })]);
    expect(clientOnly.scripts).toEqual([`${origin}/remoteEntry.js`, `${origin}/__federation_expose_routes.1.js`, `${origin}/10.abc.js`, `${origin}/11.def.js`]);
    expect((await render('/private')).kind).toBe('client');
  });

  it('answers not-found for a path no route matches, and for a missing entity whose page does not say so', async () => {
    expect((await render('/nothing/here')).kind).toBe('not-found');
    expect((await render('/missing')).kind).toBe('not-found');
    expect(await render('/nothing/here')).not.toHaveProperty('notice');
  });

  it('renders a missing entity’s page, its «not found» state, as a 404 with the API’s answer inlined for the browser to hydrate', async () => {
    const gone = await render('/gone/7');
    if (gone.kind !== 'page') throw new Error(`expected a page, got ${gone.kind}`);
    expect(gone.status).toBe(404);
    expect(gone.head).toContain('<title>Услуга не найдена — Маркетплейс услуг</title>');
    expect(gone.html).toMatch(/<main id="main"[^>]*><h1>Услуга не найдена<\/h1><\/main>/);
    // What a browser without JavaScript is told too, with its way on.
    expect(gone.notice).toEqual({ title: 'Услуга не найдена', description: 'Возможно, её убрали.', back: { href: '/service', label: 'К услугам' } });
    expect(gone.scripts).toEqual([`${origin}/remoteEntry.js`, `${origin}/__federation_expose_routes.1.js`, `${origin}/10.abc.js`, `${origin}/11.def.js`]);
    // The 404 goes with the data as JSON carries it, the API's message and all (an Error's message is not enumerable).
    const [query] = (JSON.parse(JSON.stringify(gone.data)) as typeof gone.data).state.queries;
    expect(query).toMatchObject({ queryKey: ['fail', 404], state: { status: 'error', error: { status: 404, code: 'x', message: 'Ошибка' } } });
  });

  it('gives a missing entity’s client-only page its 404 and the API’s answer, for the browser to show without asking again', async () => {
    const gone = await render('/gone-client/7');
    if (gone.kind !== 'data') throw new Error(`expected data, got ${gone.kind}`);
    expect(gone.status).toBe(404);
    expect(gone.head).toContain('<title>Заявка не найдена — Маркетплейс услуг</title>');
    expect(gone.notice).toEqual({ title: 'Заявка не найдена', description: 'Возможно, её сняли.', back: { href: '/application', label: 'К заявкам' } });
    expect(gone.data.state.queries).toEqual([expect.objectContaining({ queryKey: ['fail', 404], state: expect.objectContaining({ status: 'error' }) })]);
  });

  it('gives an entity the API refuses as not public (403: an application no longer published, QA OOO-3) the same 404 as a missing one', async () => {
    const hidden = await render('/hidden-client/7');
    if (hidden.kind !== 'data') throw new Error(`expected data, got ${hidden.kind}`);
    expect(hidden.status).toBe(404);
    expect(hidden.head).toContain('<title>Заявка не найдена — Маркетплейс услуг</title>');
    expect(hidden.data.state.queries).toEqual([expect.objectContaining({ queryKey: ['fail', 403], state: expect.objectContaining({ status: 'error' }) })]);
  });

  it('for a signed-in visitor tells only a path no route matches, and leaves every page to the browser without asking for its data', async () => {
    const signedIn = (path: string) => renderPage({ url: `http://app.test${path}`, config: config(), budgetMs: 3000, signedIn: true });
    expect((await signedIn('/nothing/here')).kind).toBe('not-found');
    expect((await signedIn('/probe')).kind).toBe('client');
    expect((await signedIn('/counted')).kind).toBe('client');
    expect(log.filter((entry) => entry.path === '/counted.json')).toEqual([]);
  });

  it('leaves the page to the browser when its data fails', async () => {
    expect((await render('/broken')).kind).toBe('client');
  });

  it('renders a redeployed remote’s new code within a second, and revalidates unchanged files with a 304', async () => {
    // Within a second nothing is asked again; after it, one 304 per file. The clock stands still for
    // the first part: a loaded machine (CI) took more than a second between two renders once.
    const clock = jest.spyOn(Date, 'now').mockReturnValue(Date.now());
    await render('/probe');
    log = [];
    await render('/probe');
    clock.mockRestore();
    expect(log).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const same = await render('/probe');
    expect(same.kind === 'page' && same.html).toContain('Страница: с сервера');
    expect(log.filter((entry) => entry.path === '/server/render.cjs')).toEqual([{ path: '/server/render.cjs', status: 304 }]);

    files['/server/render.cjs'] = remoteCode('Новая версия');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const changed = await render('/probe');
    expect(changed.kind === 'page' && changed.html).toContain('<h1>Новая версия: с сервера</h1>');
  });

  it('leaves the page to the browser while the server build and the browser files are of two builds (a deploy caught halfway, QA NNN-1)', async () => {
    const ofBuild = (version: string) => ({
      '/server/render.cjs': `${remoteCode('Страница')}\nmodule.exports.buildVersion = ${JSON.stringify(version)};`,
      '/page-assets.json': JSON.stringify({ ...pageAssets, buildVersion: 'b1' }),
    });
    files = { ...files, ...ofBuild('b2') };
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const halfway = await render('/probe');
    expect(halfway).toEqual({ kind: 'client', reason: 'mf_probe: серверная сборка b2 не совпадает со сборкой для браузера b1' });
    // The same build on both sides renders on the server.
    files = { ...files, ...ofBuild('b1') };
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const whole = await render('/probe');
    expect(whole.kind === 'page' && whole.html).toContain('<h1>Страница: с сервера</h1>');
  });

  it('fails (the caller sends the client page) when the remote is down', async () => {
    files = {};
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await expect(render('/probe')).rejects.toThrow(/HTTP 404/);
  });
});
