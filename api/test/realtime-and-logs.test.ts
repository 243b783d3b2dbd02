import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { openTestDb, wholeSecret } from './helpers';
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
});
