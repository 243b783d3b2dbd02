/** @jest-environment node */
import { spawn } from 'node:child_process';
import http from 'node:http';
import type net from 'node:net';
import path from 'node:path';
import { freePort } from '../testing/http-client';

const script = path.resolve(__dirname, '../../../scripts/api-proxy.mjs');

/**
 * The two-node proxy on SIGTERM (QA BB-4): a download in flight runs to its end, a relayed WebSocket
 * is ended at once, and the proxy exits 0 when they are done, not at its cut.
 */
describe('api-proxy on SIGTERM', () => {
  const CHUNKS = 12;
  let node: http.Server;
  let nodePort: number;
  const held = new Set<net.Socket>();

  beforeAll(async () => {
    // An API node: a slow download (a chunk every 100 ms) and a WebSocket that stays open.
    node = http.createServer((req, res) => {
      if (req.url === '/echo-headers') return void res.end(JSON.stringify(req.headers));
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(CHUNKS * 1000) });
      let sent = 0;
      const timer = setInterval(() => {
        res.write(Buffer.alloc(1000, 120));
        if (++sent === CHUNKS) {
          clearInterval(timer);
          res.end();
        }
      }, 100);
      res.on('close', () => clearInterval(timer));
    });
    node.on('upgrade', (_req, socket: net.Socket) => {
      held.add(socket);
      socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n');
    });
    nodePort = await freePort();
    await new Promise<void>((resolve) => node.listen(nodePort, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => node.close(resolve));
  });

  async function startProxy() {
    const port = await freePort();
    const child = spawn(process.execPath, [script, '--port', String(port), '--http', `127.0.0.1:${nodePort}`, '--ws', `127.0.0.1:${nodePort}`]);
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => d.toString().includes('API proxy listening') && resolve());
      child.on('exit', (code) => reject(new Error(`exited ${code}`)));
    });
    const exited = new Promise<{ code: number | null; at: number }>((resolve) => child.on('exit', (code) => resolve({ code, at: Date.now() })));
    return { port, child, exited };
  }

  it('passes on its own X-Forwarded-Proto, never the client\'s (a plain-http client gets no HSTS; QA MM-2)', async () => {
    const proxy = await startProxy();
    try {
      const seen = await new Promise<Record<string, string>>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port: proxy.port, path: '/echo-headers', headers: { 'X-Forwarded-Proto': 'https' } }, (res) => {
            let body = '';
            res.on('data', (c: Buffer) => (body += c.toString()));
            res.on('end', () => resolve(JSON.parse(body) as Record<string, string>));
          })
          .on('error', reject);
      });
      expect(seen['x-forwarded-proto']).toBe('http');
      expect(seen['x-forwarded-for']).toMatch(/127\.0\.0\.1$/);
    } finally {
      proxy.child.kill('SIGTERM');
      await proxy.exited;
    }
  });

  it('lets a download in flight finish whole, ends a WebSocket at once, and exits 0', async () => {
    const proxy = await startProxy();
    const socketClosed = new Promise<number>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port: proxy.port, path: '/socket.io/?EIO=4&transport=websocket', headers: { Connection: 'Upgrade', Upgrade: 'websocket' } });
      req.on('upgrade', (_res, socket: net.Socket) => {
        socket.on('close', () => resolve(Date.now()));
        socket.resume();
      });
      req.on('error', reject);
      req.end();
    });
    const download = new Promise<{ bytes: number; complete: boolean; firstByte: Promise<void> }>((resolve, reject) => {
      let markFirst: () => void;
      const firstByte = new Promise<void>((r) => (markFirst = r));
      http
        .get({ host: '127.0.0.1', port: proxy.port, path: '/api/document/download?id=1' }, (res) => {
          let bytes = 0;
          res.on('data', (c: Buffer) => {
            bytes += c.length;
            markFirst();
          });
          res.on('end', () => resolve({ bytes, complete: res.complete, firstByte }));
          res.on('error', reject);
        })
        .on('error', reject);
      void firstByte;
    });
    // Both are open: the WebSocket relayed, the download's first chunk arrived.
    await new Promise((r) => setTimeout(r, 300));
    const signalled = Date.now();
    proxy.child.kill('SIGTERM');

    const answer = await download;
    expect(answer).toMatchObject({ bytes: CHUNKS * 1000, complete: true });
    expect((await socketClosed) - signalled).toBeLessThan(500);
    const { code, at } = await proxy.exited;
    expect(code).toBe(0);
    // Gone once its last answer went, long before the 5 s cut.
    expect(at - signalled).toBeLessThan(3000);
  });
});
