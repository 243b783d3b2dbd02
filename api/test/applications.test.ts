import type { Application } from 'shared/contract';
import { expectEvery, getJson, setupTestApp, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupTestApp();
});
afterAll(() => ctx.close());

const list = (qs = '') => getJson(ctx.app, `/api/application/get-collection${qs ? `?${qs}` : ''}`);
const all = async (qs = '') => {
  const res = await list(`limit=100${qs ? `&${qs}` : ''}`);
  expect(res.status).toBe(200);
  return res.body.data as { items: Application[]; total: number };
};
const one = async <T>(sql: string, params: unknown[] = []) => (await ctx.db.query<T>(sql, params))[0]!;
const MOSCOW = '0c5b2444-70a0-4932-980c-b4dc0d3f02b5';

describe('application/get-collection defaults', () => {
  it('answers page 1 of 6 published applications sorted by name ascending', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    const { items, total, page, limit } = res.body.data;
    expect({ total, page, limit }).toEqual({ total: 60, page: 1, limit: 6 });
    expect(items).toHaveLength(6);
    const everything = await all();
    expectEvery(everything.items, (a) => a.status === 'published');
    expect(items.map((a: Application) => a.id)).toEqual(everything.items.slice(0, 6).map((a) => a.id));
  });

  it('returns the application shape of ARCHITECTURE §3', async () => {
    const [first] = (await list()).body.data.items as Application[];
    expect(first).toEqual(
      expect.objectContaining({
        id: expect.any(Number),
        number: expect.any(Number),
        name: expect.any(String),
        description: expect.any(String),
        status: 'published',
        price: expect.any(Number),
        deadline: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        feedbackDeadline: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      }),
    );
    expect(first!.address).toEqual({ value: expect.any(String), cityFiasId: expect.any(String), geoLat: expect.any(Number), geoLon: expect.any(Number) });
    expect(first!.services.length).toBeGreaterThan(0);
    expect(first!.customer).toEqual({ id: expect.any(Number), name: expect.any(String), type: expect.any(String) });
  });
});

describe('application/get-collection filters', () => {
  it('query finds word forms by Russian full-text search', async () => {
    const { items, total } = await all('query=ванная');
    expect(total).toBeGreaterThan(0);
    expectEvery(items, (a) => /ванн/i.test(a.name + a.description));
  });

  it('query falls back to a substring match', async () => {
    const { items, total } = await all('query=электропровод');
    expect(total).toBeGreaterThan(0);
    expectEvery(items, (a) => /электропровод/i.test(a.name + a.description));
    expect((await all('query=' + encodeURIComponent('%_'))).total).toBe(0);
    expect((await all('query=несуществующееслово')).total).toBe(0);
  });

  it('services keeps applications having any of the given services', async () => {
    const tile = await one<{ id: number }>(`select id from services where name = 'Укладка плитки'`);
    const light = await one<{ id: number }>(`select id from services where name = 'Монтаж освещения'`);
    const single = await all(`services=${tile.id}`);
    expect(single.total).toBeGreaterThan(0);
    expectEvery(single.items, (a) => a.services.some((s) => s.id === tile.id));
    const both = await all(`services=${tile.id},${light.id}`);
    expect(both.total).toBeGreaterThan(single.total);
    expectEvery(both.items, (a) => a.services.some((s) => s.id === tile.id || s.id === light.id));
  });

  it('min_price and max_price bound the price', async () => {
    const { items, total } = await all('min_price=20000&max_price=100000');
    const expected = await one<{ n: number }>(
      `select count(*)::int as n from applications where status = 'published' and price between 20000 and 100000`,
    );
    expect(total).toBe(expected.n);
    expect(total).toBeGreaterThan(0);
    expectEvery(items, (a) => a.price! >= 20000 && a.price! <= 100000);
  });

  it('deadline keeps applications due on or before the date', async () => {
    const { d } = await one<{ d: string }>(`select to_char(current_date + 40, 'YYYY-MM-DD') as d`);
    const { items, total } = await all(`deadline=${d}`);
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThan(60);
    expectEvery(items, (a) => a.deadline! <= d);
  });

  it('address keeps applications of one city (cityFiasId)', async () => {
    const { items, total } = await all(`address=${MOSCOW}`);
    expect(total).toBeGreaterThan(0);
    expectEvery(items, (a) => a.address.cityFiasId === MOSCOW);
  });

  it('customer keeps applications of one customer profile', async () => {
    const demo = await one<{ id: number }>(`select p.id from profiles p join users u on u.id = p.user_id where u.phone = '79990000001'`);
    const { items, total } = await all(`customer=${demo.id}`);
    expect(total).toBeGreaterThan(0);
    expectEvery(items, (a) => a.customer.id === demo.id);
  });

  it('type narrows by the kind of customer; customer (the client default) includes organisations', async () => {
    const orgs = await all('type=organization');
    expect(orgs.total).toBeGreaterThan(0);
    expect(orgs.total).toBeLessThan(60);
    expectEvery(orgs.items, (a) => a.customer.type === 'organization');
    expect((await all('type=customer')).total).toBe(60);
    expect((await all('type=executor')).total).toBe(0);
  });

  it('combines filters with AND and ignores empty values', async () => {
    const { items } = await all(`address=${MOSCOW}&min_price=10000&query=&services=`);
    expectEvery(items, (a) => a.address.cityFiasId === MOSCOW && a.price! >= 10000);
  });
});

describe('application/get-collection sorting', () => {
  const keyOf: Record<string, (a: Application) => string | number> = {
    name: (a) => a.name.toLowerCase(),
    price: (a) => a.price!,
    deadline: (a) => a.deadline!,
    createdAt: (a) => a.createdAt,
  };
  const cmp = (x: string | number, y: string | number) => (x < y ? -1 : x > y ? 1 : 0);

  for (const field of Object.keys(keyOf)) {
    for (const dir of ['asc', 'desc'] as const) {
      it(`sorts by ${field} ${dir} with ties broken by id`, async () => {
        const { items } = await all(`attributeSort=${field}&typeSort=${dir}`);
        expect(items).toHaveLength(60);
        const key = keyOf[field]!;
        for (let i = 1; i < items.length; i++) {
          const [a, b] = [items[i - 1]!, items[i]!];
          const c = cmp(key(a), key(b)) * (dir === 'asc' ? 1 : -1);
          expect(c < 0 || (c === 0 && a.id < b.id)).toBe(true);
        }
      });
    }
  }
});

describe('application/get-collection pagination', () => {
  it('covers every published application exactly once across pages', async () => {
    const ids: number[] = [];
    for (let page = 1; page <= 10; page++) {
      const res = await list(`page=${page}`);
      ids.push(...res.body.data.items.map((a: Application) => a.id));
    }
    expect(new Set(ids).size).toBe(60);
  });

  it('answers a short last page and an empty page beyond the end', async () => {
    const last = await list('limit=7&page=9');
    expect(last.body.data.items).toHaveLength(4);
    expect(last.body.data.total).toBe(60);
    const beyond = await list('page=11');
    expect(beyond.status).toBe(200);
    expect(beyond.body.data).toEqual({ items: [], total: 60, page: 11, limit: 6, totalExact: true });
  });
});

describe('application/get', () => {
  it('answers a published application', async () => {
    const [first] = (await list()).body.data.items as Application[];
    const res = await getJson(ctx.app, `/api/application/get?id=${first!.id}`);
    expect(res.status).toBe(200);
    // The detail is the list item plus its public documents and its facility (none here).
    expect(res.body.data).toEqual({ ...first, documents: expect.any(Array), facility: null });
  });

  it('answers 404 for a missing application, 403 for one not public (ARCHITECTURE §8: «a call by anyone else is 403»; QA OOO-3)', async () => {
    const draft = await one<{ id: number }>(`select id from applications where status = 'draft' limit 1`);
    const hidden = await getJson(ctx.app, `/api/application/get?id=${draft.id}`);
    expect({ status: hidden.status, body: hidden.body }).toEqual({ status: 403, body: { message: 'Заявка доступна только её участникам', code: 'forbidden' } });
    const missing = await getJson(ctx.app, '/api/application/get?id=999999');
    expect({ status: missing.status, body: missing.body }).toEqual({ status: 404, body: { message: 'Заявка не найдена', code: 'not_found' } });
  });
});
