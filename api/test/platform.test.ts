import { allCalls } from 'shared/contract';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import type { Db } from '../src/db';
import { DOCS_CSP } from '../src/plugins/security-headers';
import { getJson, setupTestApp, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupTestApp();
  ctx.app.get('/api/test/throw', async () => {
    throw new Error('relation "secret_table" does not exist at line 42');
  });
  await ctx.app.ready();
});
afterAll(() => ctx.close());

describe('health', () => {
  it('answers ok with the database checked and a version', async () => {
    const res = await getJson(ctx.app, '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { status: 'ok', db: 'ok', version: 'test' } });
  });

  it('answers 503 in the failure envelope when the database fails', async () => {
    const broken: Db = {
      kind: 'pglite',
      query: () => Promise.reject(new Error('connection refused')),
      exec: () => Promise.reject(new Error('connection refused')),
      transaction: () => Promise.reject(new Error('connection refused')),
      close: async () => undefined,
    };
    const app = await buildApp({ config: testConfig(), db: broken, logger: false });
    const res = await getJson(app, '/api/health');
    await app.close();
    expect(res.status).toBe(503);
    // The same words as every call's answer while the database is away.
    expect(res.body).toEqual({ message: 'Сервис временно недоступен. Попробуйте позже', code: 'db_unavailable' });
  });
});

describe('error envelopes', () => {
  it('answers an unknown route with 404 not_found', async () => {
    const res = await getJson(ctx.app, '/api/no/such/route');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Не найдено', code: 'not_found' });
  });

  it("answers 503 «Сервис временно недоступен. Попробуйте позже», not a 500, while the database server is away", async () => {
    const away = (code: string | undefined, message: string) => Object.assign(new Error(message), code ? { code } : {});
    for (const error of [
      away('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      // The server's socket reset: still an outage, while a client's dropped body is not (error-client-abort.test).
      away('ECONNRESET', 'read ECONNRESET'),
      away('57P01', 'terminating connection due to administrator command'),
      away('08006', 'connection failure'),
      away(undefined, 'Connection terminated unexpectedly'),
    ]) {
      const broken: Db = {
        kind: 'postgres',
        query: () => Promise.reject(error),
        exec: () => Promise.reject(error),
        transaction: () => Promise.reject(error),
        close: async () => undefined,
      };
      const app = await buildApp({ config: testConfig(), db: broken, logger: false });
      const res = await getJson(app, '/api/application/get-collection');
      await app.close();
      expect([error.message, res.status, res.body]).toEqual([error.message, 503, { message: 'Сервис временно недоступен. Попробуйте позже', code: 'db_unavailable' }]);
    }
  });

  it('hides the details of a 500: no stack, no SQL', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/test/throw' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Внутренняя ошибка сервера', code: 'internal' });
    expect(res.body).not.toMatch(/secret_table|at line|stack|\.ts:/);
  });

  it('answers 422 with Russian messages per field for bad query values', async () => {
    const res = await getJson(ctx.app, '/api/application/get-collection?page=0&typeSort=sideways&min_price=abc&limit=1000');
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('validation');
    expect(res.body.message).toBe('Проверьте правильность заполнения полей');
    expect(Object.keys(res.body.errors).sort()).toEqual(['limit', 'min_price', 'page', 'typeSort']);
    for (const text of Object.values<string>(res.body.errors)) expect(text).toMatch(/[а-яё]/i);
  });

  it('rejects an unknown sort field and a malformed date', async () => {
    const res = await getJson(ctx.app, '/api/application/get-collection?attributeSort=secret&deadline=31.12.2026');
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['attributeSort', 'deadline']);
  });

  it('answers 422 for a missing or non-numeric id', async () => {
    for (const url of ['/api/application/get', '/api/application/get?id=abc', '/api/service/get?id=-1']) {
      const res = await getJson(ctx.app, url);
      expect(res.status).toBe(422);
      expect(res.body.errors.id).toMatch(/[а-яё]/i);
    }
  });
});

describe('CORS allow-list', () => {
  it('echoes an allowed origin with credentials', async () => {
    const res = await getJson(ctx.app, '/api/health', { origin: 'http://localhost:3000' });
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(res.headers['access-control-allow-credentials']).toBe('true');
  });

  it('answers a preflight from an allowed origin', async () => {
    const res = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/application/get-collection',
      headers: { origin: 'http://127.0.0.1:3002', 'access-control-request-method': 'GET' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('http://127.0.0.1:3002');
  });

  it('lets the browser send a withdrawal’s Idempotency-Key across origins', async () => {
    const res = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/balance/refund_virtual_account',
      headers: {
        origin: 'http://127.0.0.1:3003',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,idempotency-key',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(String(res.headers['access-control-allow-headers']).toLowerCase().split(',').map((h) => h.trim())).toEqual(
      expect.arrayContaining(['authorization', 'content-type', 'idempotency-key']),
    );
  });

  it('lets the browser send the X-Profile-Id of its writes across origins (QA RR-1)', async () => {
    const res = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/application/reply/send',
      headers: { origin: 'http://127.0.0.1:3002', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type,x-profile-id' },
    });
    expect(res.statusCode).toBe(204);
    expect(String(res.headers['access-control-allow-headers']).toLowerCase().split(',').map((h) => h.trim())).toContain('x-profile-id');
  });

  it('gives an unknown origin no CORS headers', async () => {
    const res = await getJson(ctx.app, '/api/health', { origin: 'https://evil.example' });
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('OpenAPI', () => {
  it('lists every implemented call with its query parameters', async () => {
    const res = await getJson(ctx.app, '/api/docs/json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    const implemented = allCalls
      .filter((c) => ctx.app.hasRoute({ method: c.method, url: `/api/${c.path}` }))
      .map((c) => `/api/${c.path}`);
    expect(Object.keys(res.body.paths).sort()).toEqual([...new Set(implemented)].sort());
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/application/get',
        '/api/application/get-collection',
        '/api/health',
        '/api/service/get',
        '/api/service/get-collection',
        '/api/login',
        '/api/register',
        '/api/token/renew',
        '/api/user/get/token',
        '/api/user/profile/update',
        '/api/user/address/search',
        '/api/callback/create',
      ]),
    );
    const list = res.body.paths['/api/application/get-collection'].get;
    const names = list.parameters.map((p: { name: string }) => p.name);
    expect(names).toEqual(expect.arrayContaining(['page', 'limit', 'attributeSort', 'typeSort', 'query', 'services', 'min_price', 'max_price', 'deadline', 'address', 'customer', 'type']));
  });

  it('says which calls a guest may make, which files and bodies an upload takes, and the headers a call reads (QA AAL-3)', async () => {
    const { paths } = (await getJson(ctx.app, '/api/docs/json')).body;
    const op = (path: string, method: string) => paths[`/api/${path}`][method];
    for (const call of allCalls.filter((c) => paths[`/api/${c.path}`])) {
      const expected = call.auth === 'none' ? [] : call.auth === 'optional' ? [{}, { bearer: [] }] : [{ bearer: [] }];
      expect([call.path, op(call.path, call.method.toLowerCase()).security]).toEqual([call.path, expected]);
    }
    // A guest is answered by an optional call, as its security says.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/application/get-collection' })).statusCode).toBe(200);

    const message = op('message/create', 'post').requestBody.content;
    expect(Object.keys(message).sort()).toEqual(['application/json', 'multipart/form-data']);
    expect(message['multipart/form-data'].schema.required ?? []).not.toContain('file');
    expect(message['multipart/form-data'].schema.properties.file.type).toBe('array');
    const facility = op('profile/facility/create', 'post').requestBody.content['multipart/form-data'].schema;
    expect([facility.required.includes('file'), facility.properties.file.type]).toEqual([false, 'array']);
    const document = op('application/document/upload', 'post').requestBody.content;
    expect(Object.keys(document)).toEqual(['multipart/form-data']);
    expect(document['multipart/form-data'].schema.required).toContain('file');

    const header = (path: string, method: string, name: string) =>
      op(path, method).parameters.find((p: { in: string; name: string }) => p.in === 'header' && p.name === name);
    expect(header('balance/refund_virtual_account', 'post', 'Idempotency-Key')).toMatchObject({ required: true });
    expect(header('payment/webhook', 'post', 'X-Signature')).toMatchObject({ required: true });
    expect(header('application/close', 'post', 'Idempotency-Key')).toMatchObject({ required: false });
    expect(header('application/get', 'get', 'Idempotency-Key')).toBeUndefined();
  });

  it('serves the documentation UI', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });

  it('gives the documentation UI a policy that runs its own scripts only and is never framed', async () => {
    for (const url of ['/api/docs/', '/api/docs/static/swagger-initializer.js']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-security-policy']).toBe(DOCS_CSP);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    // Nothing inline to allow: the page loads its scripts by URL.
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.body).toMatch(/<script src=/);
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(page.body).not.toMatch(/\son[a-z]+=/i);
  });
});

describe('security headers', () => {
  const dataPolicy = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

  it.each([
    ['a JSON answer', '/api/health', 200],
    ['a public list', '/api/service/get-collection', 200],
    ['an error envelope', '/api/no-such-call', 404],
    ['a validation error', '/api/application/get?id=abc', 422],
    ['the sitemap source', '/api/sitemap/get-collection?kind=service', 200],
  ])('%s is never sniffed, framed or given a referrer, and runs nothing', async (_what, url, status) => {
    const res = await ctx.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(status);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['content-security-policy']).toBe(dataPolicy);
  });

  it('tells a browser that came over HTTPS to keep to it (HSTS), and says nothing over plain http (QA GG-5)', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).headers['strict-transport-security']).toBeUndefined();
    // Behind a TLS proxy the API trusts, its X-Forwarded-Proto says how the browser came.
    const proxied = await buildApp({ config: testConfig({ trustProxy: ['127.0.0.1'] }), db: ctx.db, logger: false });
    try {
      const viaTls = await proxied.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(viaTls.headers['strict-transport-security']).toBe('max-age=31536000');
      const plain = await proxied.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'http' } });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
    // An untrusted client cannot make the API claim TLS.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } })).headers['strict-transport-security']).toBeUndefined();
  });

  it('keeps the headers on a CORS preflight', async () => {
    const res = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/login',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
