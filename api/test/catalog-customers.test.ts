import type { Customer } from 'shared/contract';
import { expectEvery, getJson, setupTestApp, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupTestApp();
});
afterAll(() => ctx.close());

const list = (qs = '') => getJson(ctx.app, `/api/customer/get-collection${qs ? `?${qs}` : ''}`);
const lookup = (qs = '') => getJson(ctx.app, `/api/customer/get-collection/filter${qs ? `?${qs}` : ''}`);
const rows = <T>(sql: string, params: unknown[] = []) => ctx.db.query<T>(sql, params);
const profileOf = async (phone: string) =>
  (await rows<{ id: number }>(`select p.id from profiles p join users u on u.id = p.user_id where u.phone = $1 order by p.id limit 1`, [phone]))[0]!;
const q = encodeURIComponent;

describe('customer/get-collection', () => {
  it('lists customer and organisation profiles, 12 a page by name', async () => {
    const expected = await rows<{ id: number }>(`select id from profiles where type in ('customer', 'organization')`);
    const res = await list();
    expect(res.status).toBe(200);
    const { items, total, limit } = res.body.data;
    expect({ total, limit }).toEqual({ total: expected.length, limit: 12 });
    expectEvery(items, (c: Customer) => c.type !== 'executor');
    const names = items.map((c: Customer) => c.name.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('counts published applications of each customer', async () => {
    const { items } = (await list('limit=100')).body.data as { items: Customer[] };
    const counts = await rows<{ id: number; n: number }>(
      `select customer_profile_id as id, count(*)::int as n from applications where status = 'published' group by 1`,
    );
    for (const c of items) expect(c.publishedCount).toBe(counts.find((r) => r.id === c.id)?.n ?? 0);
    expect(items.some((c) => c.publishedCount > 0)).toBe(true);
  });

  it('searches by text and sorts by id descending', async () => {
    const found = await list(`query=${q('Смирнова')}`);
    expect(found.body.data.items.map((c: Customer) => c.name)).toEqual(['Анна Смирнова']);
    const ids = (await list('attributeSort=id&typeSort=desc&limit=100')).body.data.items.map((c: Customer) => c.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    const past = await list('page=9');
    expect(past.body.data.items).toEqual([]);
    expect(past.body.data.total).toBeGreaterThan(0);
  });

  it('answers 422 for an unknown sort field', async () => {
    const res = await list('attributeSort=createdAt');
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ attributeSort: 'Сортировка возможна по полям: id, name' });
  });
});

describe('customer/get-collection/filter', () => {
  it('finds customers by the start of any word of the name, by name, up to the limit', async () => {
    const res = await lookup(`query=${q('смир')}`);
    expect(res.status).toBe(200);
    expect(res.body.data.items).toEqual([{ id: expect.any(Number), name: 'Анна Смирнова', type: 'customer' }]);
    const org = await lookup(`query=${q('строй')}`);
    expect(org.body.data.items.map((c: { name: string }) => c.name)).toEqual(['ООО «СтройИнвест»']);
    const two = await lookup(`query=${q('ООО')}`);
    expect(two.body.data.items.map((c: { name: string }) => c.name)).toEqual(['ООО «СтройИнвест»', 'ООО «ЭнергоПроект»']);
    expect((await lookup(`query=${q('ООО')}&limit=1`)).body.data.items).toHaveLength(1);
  });

  it('never offers executors, and answers the first names without a query', async () => {
    expect((await lookup(`query=${q('Петров')}`)).body.data.items).toEqual([]);
    const customers = await rows(`select id from profiles where type <> 'executor'`);
    expect((await lookup()).body.data.items).toHaveLength(Math.min(10, customers.length));
    const first = (await lookup('limit=5')).body.data.items as Array<{ name: string; type: string }>;
    expect(first).toHaveLength(5);
    expectEvery(first, (c) => c.type !== 'executor');
    const names = first.map((c) => c.name.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('answers the list envelope of ARCHITECTURE §3: total every match, page 1, limit as used', async () => {
    const customers = (await rows<{ n: number }>(`select count(*)::int as n from profiles where type in ('customer', 'organization')`))[0]!.n;
    const full = (await lookup('limit=2')).body.data;
    expect({ ...full, items: full.items.length }).toEqual({ items: 2, total: customers, totalExact: true, page: 1, limit: 2 });
    expect((await lookup()).body.data).toMatchObject({ total: customers, page: 1, limit: 10 });
    // Two organisations match «ООО»: counted past a page of one, and all on a page of ten.
    expect((await lookup(`query=${q('ООО')}&limit=1`)).body.data).toMatchObject({ total: 2, totalExact: true, page: 1, limit: 1 });
    expect((await lookup(`query=${q('ООО')}`)).body.data).toMatchObject({ total: 2, page: 1, limit: 10 });
    // No letters or digits: nothing can match.
    expect((await lookup(`query=${q('%%')}`)).body.data).toEqual({ items: [], total: 0, totalExact: true, page: 1, limit: 10 });
  });

  it('answers 422 for a limit out of range', async () => {
    const res = await lookup('limit=51');
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['limit']);
  });
});

describe('customer/get', () => {
  it('answers one customer or organisation', async () => {
    const org = await profileOf('79990000007');
    const res = await getJson(ctx.app, `/api/customer/get?id=${org.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(expect.objectContaining({ id: org.id, name: 'ООО «СтройИнвест»', type: 'organization', publishedCount: expect.any(Number) }));
  });

  it('answers 404 for an executor and a missing id', async () => {
    const executor = await profileOf('79990000002');
    for (const id of [executor.id, 999999, 99999999999]) {
      const res = await getJson(ctx.app, `/api/customer/get?id=${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Заказчик не найден', code: 'not_found' });
    }
  });
});
