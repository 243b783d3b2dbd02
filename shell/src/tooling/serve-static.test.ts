/** @jest-environment node */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { freePort, request } from '../testing/http-client';

const script = path.resolve(__dirname, '../../../scripts/serve-static.mjs');

async function start(args: string[], env: Record<string, string> = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, [script, ...args, '--port', String(port)], { env: { ...process.env, ...env } });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => d.toString().includes('serving') && resolve());
    child.on('exit', (code) => reject(new Error(`exited ${code}`)));
  });
  return { port, child };
}

describe('serve-static', () => {
  let dir: string;
  let spa: { port: number; child: ChildProcess };
  let plain: { port: number; child: ChildProcess };
  let hinted: { port: number; child: ChildProcess };
  let hintedDir: string;
  const bigJs = `console.log(${JSON.stringify('x'.repeat(4000))});`;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'serve-static-'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Маркетплейс</title>');
    fs.writeFileSync(path.join(dir, 'main.0123456789.js'), bigJs);
    fs.writeFileSync(path.join(dir, 'remoteEntry.js'), bigJs);
    fs.writeFileSync(path.join(dir, 'mf-manifest.json'), '{}');
    fs.writeFileSync(path.join(dir, 'build-manifest.json'), '{"version":"b42"}');
    fs.writeFileSync(path.join(dir, 'style.abcdef1234.css'), 'body{}');
    fs.writeFileSync(path.join(os.tmpdir(), 'secret.txt'), 'secret');
    spa = await start(['--dir', dir, '--spa', '--runtime-config'], {
      API_URL: 'http://api.test:9000',
      MF_CABINET_URL: 'http://cab.test',
      OPERATOR_PHONE: ' +7 495 000-00-00 ',
      OPERATOR_EMAIL: '  ',
    });
    plain = await start(['--dir', dir]);

    // A shell build with start assets (the build's StartAssetsPlugin writes them).
    hintedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'serve-static-hints-'));
    fs.writeFileSync(path.join(hintedDir, 'index.html'), '<!doctype html><html><head><title>Маркетплейс</title></head><body></body></html>');
    fs.writeFileSync(path.join(hintedDir, 'start-assets.json'), JSON.stringify({
      files: ['bootstrap.1234567890.js', '262.abcdef1234.js'],
    }));
    hinted = await start(['--dir', hintedDir, '--spa', '--runtime-config'], {
      API_URL: 'http://api.test:9000',
      MF_CABINET_URL: 'http://cab.test',
      MF_APPLICATIONS_URL: 'http://apps.test',
      // A remote moved to another prefix by configuration alone.
      MF_MESSAGING_URL: 'http://msg.test',
      MF_MESSAGING_MOUNT: '/chat',
    });
  });

  afterAll(() => {
    spa.child.kill();
    plain.child.kill();
    hinted.child.kill();
    for (const folder of [dir, hintedDir]) fs.rmSync(folder, { recursive: true, force: true });
    fs.rmSync(path.join(os.tmpdir(), 'secret.txt'), { force: true });
  });

  it('serves files with content types, CORS and Timing-Allow-Origin', async () => {
    const html = await request(plain.port, '/');
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(html.headers['cache-control']).toBe('no-cache');
    expect(html.headers['access-control-allow-origin']).toBe('*');
    expect(html.headers['timing-allow-origin']).toBe('*');
    const css = await request(plain.port, '/style.abcdef1234.css');
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it("gives the shell's documents its CSP and its scripts, styles and JSON only frame-ancestors", async () => {
    const common = { 'x-content-type-options': 'nosniff', 'referrer-policy': 'strict-origin-when-cross-origin', 'x-frame-options': 'DENY' };
    for (const urlPath of ['/', '/lk/profile']) {
      const page = await request(spa.port, urlPath);
      expect(page.headers).toMatchObject(common);
      expect(page.headers['content-security-policy']).toMatch(/^default-src 'self'; script-src 'self' .*http:\/\/cab\.test/);
      expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
    for (const urlPath of ['/main.0123456789.js', '/style.abcdef1234.css', '/runtime-config.json', '/mf-manifest.json', '/missing.js']) {
      const asset = await request(spa.port, urlPath);
      expect(asset.headers).toMatchObject(common);
      expect(asset.headers['content-security-policy']).toBe("frame-ancestors 'none'");
    }
  });

  it('caches hashed files forever and revalidates manifests and entries', async () => {
    expect((await request(plain.port, '/main.0123456789.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const file of ['/remoteEntry.js', '/mf-manifest.json', '/build-manifest.json']) {
      expect((await request(plain.port, file)).headers['cache-control']).toBe('no-cache');
    }
  });

  it('compresses with brotli or gzip as the client accepts', async () => {
    const br = await request(plain.port, '/main.0123456789.js', { 'Accept-Encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(bigJs);
    const gz = await request(plain.port, '/main.0123456789.js', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(bigJs);
    const raw = await request(plain.port, '/main.0123456789.js');
    expect(raw.headers['content-encoding']).toBeUndefined();
    expect(raw.body.toString()).toBe(bigJs);
  });

  it('answers HEAD without a body', async () => {
    const head = await request(plain.port, '/main.0123456789.js', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(Buffer.byteLength(bigJs));
    expect(head.body.length).toBe(0);
  });

  it("answers a container's health check on /healthz while it has a build to serve: the shell's page or a remote's entry", async () => {
    const health = await request(spa.port, '/healthz');
    expect({ status: health.status, body: health.body.toString(), caching: health.headers['cache-control'] }).toEqual({ status: 200, body: 'ok', caching: 'no-store' });
    const remoteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'serve-static-remote-'));
    const emptyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'serve-static-empty-'));
    fs.writeFileSync(path.join(remoteDir, 'remoteEntry.js'), bigJs);
    const remote = await start(['--dir', remoteDir]);
    const empty = await start(['--dir', emptyDir]);
    try {
      // A remote has no page at / (its health check had asked there and failed for ever).
      expect((await request(remote.port, '/')).status).toBe(404);
      expect((await request(remote.port, '/healthz')).status).toBe(200);
      expect((await request(empty.port, '/healthz')).status).toBe(503);
    } finally {
      remote.child.kill();
      empty.child.kill();
      for (const folder of [remoteDir, emptyDir]) fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('falls back to index.html for extensionless paths in SPA mode only', async () => {
    const deep = await request(spa.port, '/lk/profile');
    expect(deep.status).toBe(200);
    expect(deep.body.toString()).toContain('Маркетплейс');
    expect((await request(spa.port, '/missing.js')).status).toBe(404);
    expect((await request(plain.port, '/lk/profile')).status).toBe(404);
  });

  it('gives a browser asking for a page with a dot in its path the app, and a script asking for a missing file its 404', async () => {
    const navigations: Record<string, string>[] = [{ 'Sec-Fetch-Dest': 'document' }, { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' }];
    for (const headers of navigations) {
      const page = await request(spa.port, '/executor/ivan.petrov', headers);
      expect(page.status).toBe(200);
      expect(page.body.toString()).toContain('Маркетплейс');
    }
    const chunk = await request(spa.port, '/missing.0123456789.js', { 'Sec-Fetch-Dest': 'script', Accept: '*/*' });
    expect(chunk.status).toBe(404);
    expect(chunk.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('sends a page asked for with doubled slashes or capitals to its own address, the query kept; files keep their names', async () => {
    const page = { 'Sec-Fetch-Dest': 'document' };
    const spellings: Array<[string, string]> = [
      ['//about', '/about'],
      ['//application/1', '/application/1'],
      ['/lk//profile', '/lk/profile'],
      ['/LK/PROFILE', '/lk/profile'],
      ['/Application?query=Кровля&page=2', '/application?query=Кровля&page=2'],
      ['///', '/'],
    ];
    for (const [asked, own] of spellings) {
      const answer = await request(spa.port, encodeURI(asked), page);
      expect({ asked, status: answer.status, location: answer.headers.location }).toEqual({ asked, status: 301, location: encodeURI(own) });
    }
    expect((await request(spa.port, '/lk/profile', page)).status).toBe(200);
    // A script's file is not a page: its name is its own, capitals and all.
    expect((await request(spa.port, '/remoteEntry.js', { 'Sec-Fetch-Dest': 'script', Accept: '*/*' })).status).toBe(200);
    // A remote's server (no --spa) redirects nothing.
    expect((await request(plain.port, '/LK/PROFILE', page)).status).toBe(404);
  });

  it('gives a browser asking for a page at an undecodable or unsafe address the app; a file there is refused', async () => {
    for (const odd of ['/application/%ff', '/application/%00', '/application/..%2f..%2f', '/server/', '/server/x.js']) {
      const page = await request(spa.port, odd, { 'Sec-Fetch-Dest': 'document' });
      expect({ odd, type: page.headers['content-type'] }).toEqual({ odd, type: expect.stringMatching(/^text\/html/) });
      expect(page.body.toString()).toContain('Маркетплейс');
    }
    expect((await request(spa.port, '/application/%ff', { 'Sec-Fetch-Dest': 'script', Accept: '*/*' })).status).toBe(400);
    expect((await request(spa.port, '/..%2Fsecret.txt', { 'Sec-Fetch-Dest': 'script', Accept: '*/*' })).status).toBe(403);
    expect((await request(spa.port, '/server/x.js', { 'Sec-Fetch-Dest': 'script', Accept: '*/*' })).status).toBe(403);
    expect((await request(plain.port, '/application/%ff', { 'Sec-Fetch-Dest': 'document' })).status).toBe(400);
  });

  it("refuses to start the shell's server in production without APP_ORIGIN: its public links would follow the request's Host", async () => {
    const child = spawn(process.execPath, [script, '--dir', dir, '--spa', '--runtime-config', '--port', String(await freePort())], {
      env: { ...process.env, NODE_ENV: 'production', APP_ORIGIN: '' },
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('APP_ORIGIN is required when NODE_ENV=production');
    // Given, it starts; a remote's server (no runtime config) needs none.
    const given = await start(['--dir', dir, '--spa', '--runtime-config'], { NODE_ENV: 'production', APP_ORIGIN: 'https://market.example' });
    const remote = await start(['--dir', dir], { NODE_ENV: 'production', APP_ORIGIN: '' });
    try {
      expect((await request(given.port, '/robots.txt')).body.toString()).toContain('https://market.example/sitemap.xml');
      expect((await request(remote.port, '/remoteEntry.js')).status).toBe(200);
    } finally {
      given.child.kill();
      remote.child.kill();
    }
  });

  it('refuses an APP_ORIGIN that is not an origin, which every canonical link and the sitemap would name (QA PPP-2)', async () => {
    for (const bad of ['market.example', 'ftp://market.example', 'https://market.example/app', 'https://market.example/?x=1']) {
      const child = spawn(process.execPath, [script, '--dir', dir, '--spa', '--runtime-config', '--port', String(await freePort())], {
        env: { ...process.env, NODE_ENV: 'production', APP_ORIGIN: bad },
      });
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect({ bad, code }).toEqual({ bad, code: 1 });
      expect(stderr).toContain(`APP_ORIGIN must be the app's public origin, a scheme and a host (https://example.ru), not «${bad}»`);
    }
    // An origin with a trailing slash is the origin.
    const given = await start(['--dir', dir, '--spa', '--runtime-config'], { NODE_ENV: 'production', APP_ORIGIN: 'https://market.example/' });
    try {
      expect((await request(given.port, '/robots.txt')).body.toString()).toContain('Sitemap: https://market.example/sitemap.xml');
    } finally {
      given.child.kill();
    }
  });

  it('refuses at start, one line each, an address without its scheme (the browser’s or the server’s own), a mount that is no path and a misspelt NODE_ENV, which broke every page (QA AAJ-1, AAJ-2, AAM-2)', async () => {
    const child = spawn(process.execPath, [script, '--dir', dir, '--spa', '--runtime-config', '--port', String(await freePort())], {
      env: { ...process.env, NODE_ENV: 'Production', API_URL: 'garbage', SSR_API_URL: 'api:8080', MF_CABINET_URL: 'localhost:33973', MF_CABINET_MOUNT: 'lk', MF_CATALOG_SSR_URL: 'catalog:3001' },
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      'NODE_ENV must be production, development or test, not «Production»',
      'API_URL must be an address with its scheme (http://host:port), not «garbage»',
      'SSR_API_URL must be an address with its scheme (http://host:port), not «api:8080»',
      'MF_CATALOG_SSR_URL must be an address with its scheme (http://host:port), not «catalog:3001»',
      'MF_CABINET_URL must be an address with its scheme (http://host:port), not «localhost:33973»',
      'MF_CABINET_MOUNT must be a path (/lk/message), not «lk»',
    ]);
    // With them right it starts, and the browser's configuration holds them.
    const given = await start(['--dir', dir, '--spa', '--runtime-config'], { API_URL: 'https://api.market.example', MF_CABINET_URL: 'https://lk.market.example', MF_CABINET_MOUNT: '/lk' });
    try {
      const config = JSON.parse((await request(given.port, '/runtime-config.json')).body.toString());
      expect(config).toMatchObject({ apiUrl: 'https://api.market.example', remotes: { mf_cabinet: 'https://lk.market.example' }, mounts: { mf_cabinet: '/lk' } });
    } finally {
      given.child.kill();
    }
  });

  it("exits 0 on SIGTERM, as a container's stop sends it, instead of dying by the signal (QA Y-2)", async () => {
    const server = await start(['--dir', dir]);
    expect((await request(server.port, '/index.html')).status).toBe(200);
    const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => server.child.on('exit', (code, signal) => resolve({ code, signal })));
    server.child.kill('SIGTERM');
    expect(await ended).toEqual({ code: 0, signal: null });
  });

  it('refuses path traversal', async () => {
    const answer = await request(plain.port, '/..%2Fsecret.txt');
    expect([403, 404]).toContain(answer.status);
    expect(answer.body.toString()).not.toContain('secret');
    expect((await request(plain.port, '/../secret.txt')).body.toString()).not.toContain('secret');
  });

  it('serves runtime-config.json from the environment with defaults', async () => {
    const answer = await request(spa.port, '/runtime-config.json');
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(answer.body.toString())).toEqual({
      apiUrl: 'http://api.test:9000',
      version: 'b42',
      remotes: {
        mf_catalog: 'http://localhost:3001',
        mf_applications: 'http://localhost:3002',
        mf_cabinet: 'http://cab.test',
        mf_messaging: 'http://localhost:3004',
      },
      mounts: { mf_catalog: '/', mf_applications: '/lk/application', mf_cabinet: '/lk', mf_messaging: '/lk/message' },
      mapTileUrl: null,
      // Not production: the API plays the bank, so the lk offers a test payment.
      devPayments: true,
      // The operator's details set (trimmed); a blank one is left out.
      operator: { phone: '+7 495 000-00-00' },
    });
  });

  it('reads the build manifest again when a deploy replaces it (it is parsed once per version of the file)', async () => {
    const manifest = path.join(dir, 'build-manifest.json');
    const version = async () => JSON.parse((await request(spa.port, '/runtime-config.json')).body.toString()).version;
    try {
      expect(await version()).toBe('b42');
      fs.writeFileSync(manifest, '{"version":"b43-redeployed"}');
      expect(await version()).toBe('b43-redeployed');
      fs.writeFileSync(manifest, '{broken');
      expect(await version()).toBe('dev');
    } finally {
      fs.writeFileSync(manifest, '{"version":"b42"}');
    }
    expect(await version()).toBe('b42');
  });

  describe('preload hints in the shell page', () => {
    const hrefs = async (urlPath: string) => {
      const answer = await request(hinted.port, urlPath);
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-cache');
      const html = answer.body.toString();
      expect(html.indexOf('<link rel="preload"')).toBeLessThan(html.indexOf('</head>'));
      return [...html.matchAll(/<link rel="(preload|preconnect)"[^>]*href="([^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`);
    };

    it('hints the start chunks, the API and the manifest of the path\'s remote, and nothing of other remotes', async () => {
      expect(await hrefs('/lk/profile')).toEqual([
        'preload /bootstrap.1234567890.js',
        'preload /262.abcdef1234.js',
        'preconnect http://api.test:9000',
        'preload http://cab.test/mf-manifest.json',
      ]);
    });

    it('keeps a client-rendered page\'s start chunks at their normal priority: the page waits for them', async () => {
      const html = (await request(hinted.port, '/lk/profile')).body.toString();
      expect(html).toContain('<link rel="preload" as="script" href="/bootstrap.1234567890.js">');
      expect(html).not.toContain('fetchpriority');
    });

    it("picks the remote by the longest mount of the runtime configuration's", async () => {
      expect((await hrefs('/lk/application/form')).at(-1)).toBe('preload http://apps.test/mf-manifest.json');
      expect((await hrefs('/application/5')).at(-1)).toBe('preload http://localhost:3001/mf-manifest.json');
      expect((await hrefs('/chat/7')).at(-1)).toBe('preload http://msg.test/mf-manifest.json');
      expect((await hrefs('/lk/message')).at(-1)).toBe('preload http://cab.test/mf-manifest.json');
    });

    it('hints no remote script: a hint that failed while a remote was down would stall its retry', async () => {
      const links = await hrefs('/lk');
      expect(links.filter((l) => l.includes('cab.test'))).toEqual(['preload http://cab.test/mf-manifest.json']);
    });
  });
});
