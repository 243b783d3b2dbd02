import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { startFakeDadata, type FakeDadata } from './fakes/dadata';
import { getJson, setupTestApp, type TestContext } from './helpers';

let fake: FakeDadata;
let ctx: TestContext;
let app: FastifyInstance;
beforeAll(async () => {
  fake = await startFakeDadata();
  ctx = await setupTestApp({ dadataToken: fake.token, dadataUrl: fake.url, addressProvider: 'dadata' });
  app = ctx.app;
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.failWith(null);
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

describe('address search through DaData', () => {
  it('posts the query with the token and maps suggestions to addresses', async () => {
    const res = await getJson(app, `/api/user/address/search?query=${encodeURIComponent('Казань Баумана')}`);
    expect(res.status).toBe(200);
    expect(res.body.data.items).toEqual([
      { value: 'г Казань, ул Баумана', cityFiasId: '93b3df57-4c89-44df-ac42-96f05e9cd3b9', geoLat: 55.7887, geoLon: 49.1221 },
      // A village has no city: its settlement's FIAS id stands in; a missing coordinate is null.
      { value: 'Респ Татарстан, Лаишевский р-н, с Сокуры', cityFiasId: 'f2a0a7b0-2c2b-4c0a-9f8c-3c3a1c1e7d11', geoLat: 55.6401, geoLon: null },
    ]);
    expect(fake.requests).toHaveLength(1);
    const [req] = fake.requests;
    expect(req).toMatchObject({ method: 'POST', url: '/suggestions/api/4_1/rs/suggest/address', body: { query: 'Казань Баумана', count: 10 } });
    expect(req!.headers.authorization).toBe('Token test-dadata-token');
    expect(req!.headers['content-type']).toMatch(/^application\/json/);
  });

  it('passes the limit as count', async () => {
    const res = await getJson(app, `/api/user/address/search?query=${encodeURIComponent('каз')}&limit=1`);
    expect(res.body.data.items).toHaveLength(1);
    expect(fake.requests[0]!.body).toEqual({ query: 'каз', count: 1 });
  });

  it('asks DaData for cities and settlements only for a city field (bound=city)', async () => {
    const res = await getJson(app, `/api/user/address/search?query=${encodeURIComponent('Казань ул')}&bound=city`);
    expect(res.status).toBe(200);
    expect(res.body.data.items).toEqual([
      { value: 'г Казань', cityFiasId: '93b3df57-4c89-44df-ac42-96f05e9cd3b9', geoLat: 55.7943584, geoLon: 49.1114975 },
      { value: 'Респ Татарстан, Лаишевский р-н, с Сокуры', cityFiasId: 'f2a0a7b0-2c2b-4c0a-9f8c-3c3a1c1e7d11', geoLat: 55.6401, geoLon: null },
    ]);
    expect(fake.requests[0]!.body).toEqual({ query: 'Казань ул', count: 10, from_bound: { value: 'city' }, to_bound: { value: 'settlement' } });
  });

  it('answers 502 in Russian when DaData fails or refuses', async () => {
    for (const failure of [500, 429, 'drop'] as const) {
      fake.failWith(failure);
      const res = await getJson(app, `/api/user/address/search?query=${encodeURIComponent('Казань')}`);
      expect(res.status).toBe(502);
      expect(res.body).toEqual({ message: 'Сервис адресов временно недоступен', code: 'address_provider_unavailable' });
    }
    fake.failWith(null);
    const wrongToken = await buildApp({ config: testConfig({ dadataToken: 'wrong', dadataUrl: fake.url, addressProvider: 'dadata' }), db: ctx.db, logger: false });
    try {
      const res = await getJson(wrongToken, `/api/user/address/search?query=${encodeURIComponent('Казань')}`);
      expect(res.status).toBe(502);
      expect(fake.requests.at(-1)!.headers.authorization).toBe('Token wrong');
    } finally {
      await wrongToken.close();
    }
  });
});

describe('address by IP through DaData', () => {
  it('locates a public IP', async () => {
    const res = await getJson(app, '/api/user/address/ip?ip=46.226.227.20');
    expect(res.body).toEqual({ data: { address: { value: 'г Москва', cityFiasId: '0c5b2444-70a0-4932-980c-b4dc0d3f02b5', geoLat: 55.75396, geoLon: 37.620393 } } });
    expect(fake.requests).toEqual([
      expect.objectContaining({ method: 'GET', url: '/suggestions/api/4_1/rs/iplocate/address?ip=46.226.227.20', headers: expect.objectContaining({ authorization: 'Token test-dadata-token' }) }),
    ]);
  });

  it("answers null when DaData does not know the IP", async () => {
    expect((await getJson(app, '/api/user/address/ip?ip=8.8.8.8')).body).toEqual({ data: { address: null } });
  });

  it("uses the caller's address when no ip is given, and never asks about private ones", async () => {
    const mine = await app.inject({ method: 'GET', url: '/api/user/address/ip', remoteAddress: '46.226.227.20' });
    expect(mine.json().data.address.value).toBe('г Москва');
    fake.requests.length = 0;
    for (const ip of ['127.0.0.1', '10.1.2.3', '192.168.0.10', '172.20.0.1', '::1', 'fd00::1', '::ffff:192.168.1.1']) {
      const res = await getJson(app, `/api/user/address/ip?ip=${encodeURIComponent(ip)}`);
      expect({ ip, body: res.body }).toEqual({ ip, body: { data: { address: null } } });
    }
    expect((await getJson(app, '/api/user/address/ip')).body).toEqual({ data: { address: null } });
    expect(fake.requests).toEqual([]);
  });

  it('answers 502 when iplocate fails', async () => {
    fake.failWith(503);
    const res = await getJson(app, '/api/user/address/ip?ip=46.226.227.20');
    expect(res.status).toBe(502);
    expect(res.body.message).toBe('Сервис адресов временно недоступен');
  });
});
