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
    expect(perRequest.map((l) => [l.reqId, l.level, l.msg])).toEqual([
      ['req-1', 30, 'request completed'],
      // The 404 handler's own line stays; Fastify's `incoming request` is gone.
      ['req-2', 30, 'route not found'],
      ['req-2', 30, 'request completed'],
    ]);
    const [list, , missing] = perRequest;
    expect(list).toMatchObject({ req: { method: 'GET', url: '/api/application/get-collection?query=%5B%D1%81%D0%BA%D1%80%D1%8B%D1%82%D0%BE%5D&page=2' }, res: { statusCode: 200 }, responseTime: expect.any(Number) });
    expect(JSON.stringify(list)).not.toContain('Иван');
    expect(missing).toMatchObject({ req: { method: 'GET', url: '/api/no/such/route' }, res: { statusCode: 404 } });
  });
});
