import { get as httpGet } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { openTestDb, wholeSecret } from './helpers';
import { logLines } from './raw-requests';
import { listenOnLoopback, socketClients } from './socket-helpers';
import type { Db } from '../src/db';

let db: Db;
let closeDb: () => Promise<void>;
const connect = socketClients();
beforeAll(async () => {
  ({ db, close: closeDb } = await openTestDb());
});
afterAll(() => closeDb());

describe('socket.io', () => {
  it('accepts websockets on /socket.io from allowed origins, refuses foreign origins and polling', async () => {
    const app = await buildApp({ config: testConfig(), db, logger: false });
    const url = await listenOnLoopback(app);
    try {
      const socket = await connect(url, undefined, { extraHeaders: { origin: 'http://localhost:3000' } });
      expect(socket.connected).toBe(true);
      socket.close();
      await expect(connect(url, undefined, { extraHeaders: { origin: 'https://evil.example' } })).rejects.toThrow();
      const polling = await fetch(`${url}/socket.io/?EIO=4&transport=polling`);
      expect(polling.status).toBe(400);
    } finally {
      await app.close();
    }
  });
});

describe('logs', () => {
  it('never contain tokens, cookies, codes or passwords', async () => {
    const lines: string[] = [];
    const app = await buildApp({ config: testConfig({ logLevel: 'debug' }), db, logStream: { write: (l) => void lines.push(l) } });
    app.post('/api/test/echo', async (request) => {
      request.log.info({ body: request.body }, 'body received');
      return { data: null };
    });
    await app.inject({
      method: 'POST',
      url: '/api/test/echo?token=query-secret&code=654321',
      headers: { authorization: 'Bearer header-secret', cookie: 'token=cookie-secret' },
      payload: { phone: '79990000001', password: 'pass-secret', passwordConfirm: 'pass-secret', refresh_token: 'refresh-secret', code: '123456' },
    });
    await app.close();
    const log = lines.join('');
    expect(log).toContain('body received');
    expect(log).toContain('79990000001');
    for (const secret of ['query-secret', '654321', 'header-secret', 'cookie-secret', 'pass-secret', 'refresh-secret', '123456']) {
      expect(log).not.toMatch(wholeSecret(secret));
    }
  });

  it('have one line per request at info, with its method, redacted url, status, time and id (QA AA-6)', async () => {
    const lines: string[] = [];
    const app = await buildApp({ config: testConfig({ logLevel: 'info' }), db, logStream: { write: (l) => void lines.push(l) } });
    await app.inject({ method: 'GET', url: '/api/application/get-collection?query=Иван Петров&page=2' });
    await app.inject({ method: 'GET', url: '/api/no/such/route' });
    await app.close();
    const perRequest = logLines(lines).filter((l) => typeof l.reqId === 'string');
    // Fastify's `incoming request` is gone, and a 404 has no line of its own beside it (QA BB-3).
    expect(perRequest.map((l) => [l.reqId, l.level, l.msg])).toEqual([
      ['req-1', 30, 'request completed'],
      ['req-2', 30, 'request completed'],
    ]);
    const [list, missing] = perRequest;
    // The marker readable, not percent-encoded (QA BB-6).
    expect(list).toMatchObject({ req: { method: 'GET', url: '/api/application/get-collection?query=[скрыто]&page=2' }, res: { statusCode: 200 }, responseTime: expect.any(Number) });
    expect(JSON.stringify(list)).not.toContain('Иван');
    expect(missing).toMatchObject({ req: { method: 'GET', url: '/api/no/such/route' }, res: { statusCode: 404 } });
  });

  it('give an answer its client left after the headers (a download) one line with its request (QA BB-3)', async () => {
    const lines: string[] = [];
    const app = await buildApp({ config: testConfig({ logLevel: 'info' }), db, logStream: { write: (l) => void lines.push(l) } });
    // A body slower than the client's patience: a chunk, then nothing until the client goes.
    app.get('/api/test/slow-download', (_request, reply) => {
      const body = new PassThrough();
      body.write(Buffer.alloc(1000, 120));
      return reply.type('application/octet-stream').send(body);
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    await new Promise<void>((resolve, reject) => {
      const req = httpGet({ host: '127.0.0.1', port, path: '/api/test/slow-download?token=secret-token' }, (res) => {
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.on('error', reject);
    });
    const cut = async () => logLines(lines).filter((l) => l.msg === 'client aborted');
    for (let i = 0; i < 50 && (await cut()).length === 0; i += 1) await new Promise((r) => setTimeout(r, 20));
    await app.close();
    expect(await cut()).toEqual([
      expect.objectContaining({ level: 30, req: expect.objectContaining({ method: 'GET', url: '/api/test/slow-download?token=[скрыто]', remoteAddress: '127.0.0.1' }), res: { statusCode: 200 } }),
    ]);
    expect(logLines(lines).map((l) => l.msg)).not.toContain('stream closed prematurely');
  });
});
