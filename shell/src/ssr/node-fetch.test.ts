/** @jest-environment node */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { canSend, createNodeFetch } from './node-fetch';

describe('the server fetch for API calls', () => {
  let server: http.Server;
  let base: string;
  const seen: Array<{ method?: string; url?: string; headers: http.IncomingHttpHeaders; body: string }> = [];
  const nodeFetch = createNodeFetch();
  const timers = new Set<NodeJS.Timeout>();

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        seen.push({ method: req.method, url: req.url, headers: req.headers, body });
        if (req.url === '/slow') return void timers.add(setTimeout(() => res.end('{}'), 2000));
        if (req.url === '/moved') {
          res.writeHead(302, { Location: '/service/get-collection' });
          return void res.end();
        }
        if (req.url === '/missing') {
          res.writeHead(404, { 'Content-Type': 'application/json', 'Retry-After': '7' });
          return void res.end(JSON.stringify({ message: 'Заявка не найдена' }));
        }
        res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', ETag: '"e1"' });
        res.end(JSON.stringify({ data: { name: 'Ремонт квартиры', echo: body } }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    timers.forEach(clearTimeout);
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('answers status, headers and the body as text and JSON, in UTF-8', async () => {
    const response = await nodeFetch(`${base}/service/get-collection?page=2`, { headers: { Accept: 'application/json', Authorization: 'Bearer t' } });
    expect(response.ok).toBe(true);
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toBe('"e1"');
    expect(response.headers.get('ETag')).toBe('"e1"');
    expect(response.headers.get('x-none')).toBeNull();
    expect(JSON.parse(await response.text())).toEqual({ data: { name: 'Ремонт квартиры', echo: '' } });
    const request = seen.at(-1)!;
    expect(request).toMatchObject({ method: 'GET', url: '/service/get-collection?page=2' });
    expect(request.headers).toMatchObject({ accept: 'application/json', authorization: 'Bearer t' });
  });

  it('a failed answer is not ok, with its status, headers and body', async () => {
    const response = await nodeFetch(`${base}/missing`);
    expect(response.ok).toBe(false);
    expect(response.status).toBe(404);
    expect(response.headers.get('Retry-After')).toBe('7');
    expect(await response.json()).toEqual({ message: 'Заявка не найдена' });
  });

  it('does not follow a redirect: it is an answer that is not ok', async () => {
    const calls = seen.length;
    const response = await nodeFetch(`${base}/moved`);
    expect(response).toMatchObject({ ok: false, status: 302 });
    expect(response.headers.get('location')).toBe('/service/get-collection');
    expect(seen.length).toBe(calls + 1);
  });

  it('sends a string body with its length', async () => {
    const body = JSON.stringify({ name: 'Заявка' });
    const response = await nodeFetch(`${base}/echo`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
    expect((await response.json()) as unknown).toEqual({ data: { name: 'Ремонт квартиры', echo: body } });
    expect(seen.at(-1)!.headers['content-length']).toBe(String(Buffer.byteLength(body)));
  });

  it('an aborted signal rejects with its reason, before and during the exchange', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(nodeFetch(`${base}/slow`, { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    const started = Date.now();
    await expect(nodeFetch(`${base}/slow`, { signal: AbortSignal.timeout(50) })).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('drops a call that gets no answer in its time, as a failed connection', async () => {
    const impatient = createNodeFetch({ timeoutMs: 100 });
    const started = Date.now();
    const failure = await impatient(`${base}/slow`).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TypeError);
    expect((failure as TypeError & { cause: Error }).cause.message).toBe('no answer in 100 ms');
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('a connection that fails rejects with a TypeError, as fetch does', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(nodeFetch(`http://127.0.0.1:${port}/x`)).rejects.toBeInstanceOf(TypeError);
  });

  it('takes http(s) calls with a string body or none; a form goes to Node’s fetch', () => {
    expect(canSend('http://api.local/x')).toBe(true);
    expect(canSend('https://api.local/x', { method: 'POST', body: '{}' })).toBe(true);
    expect(canSend('http://api.local/x', { method: 'POST', body: new FormData() })).toBe(false);
    expect(canSend('data:text/plain,x')).toBe(false);
  });
});
