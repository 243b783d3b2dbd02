import type { Service } from 'shared/contract';
import { expectEvery, getJson, setupTestApp, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupTestApp();
});
afterAll(() => ctx.close());

describe('service/get-collection', () => {
  it('answers 12 services a page, by group (the group first, then its services by name), groups by name', async () => {
    const res = await getJson(ctx.app, '/api/service/get-collection');
    expect(res.status).toBe(200);
    const { items, total, page, limit } = res.body.data;
    expect({ total, page, limit }).toEqual({ total: 35, page: 1, limit: 12 });
    expect(items).toHaveLength(12);
    const last = await getJson(ctx.app, '/api/service/get-collection?page=3');
    expect(last.body.data.items).toHaveLength(11);

    const all: Service[] = [];
    for (const p of [1, 2, 3]) all.push(...(await getJson(ctx.app, `/api/service/get-collection?page=${p}`)).body.data.items);
    const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    const groupOf = (s: Service) => (s.parentId === null ? s.name : s.group!).toLowerCase();
    // Each group's rows stand together, the groups in name order: no group on two pages' worth of places.
    const blocks = all.map(groupOf).filter((g, i, list) => i === 0 || list[i - 1] !== g);
    expect(new Set(blocks).size).toBe(blocks.length);
    expect(blocks).toEqual([...blocks].sort(byText));
    for (const block of blocks) {
      const rows = all.filter((s) => groupOf(s) === block);
      expect(rows[0]!.parentId).toBeNull();
      const names = rows.slice(1).map((s) => s.name.toLowerCase());
      expect(names).toEqual([...names].sort(byText));
    }
  });

  it('counts the services found apart from the rows (serviceTotal): group headings are not services', async () => {
    const data = async (qs: string) => (await getJson(ctx.app, `/api/service/get-collection?${qs}`)).body.data;
    // 7 groups of 4: 35 rows to page through, 28 services.
    expect(await data('')).toMatchObject({ total: 35, serviceTotal: 28 });
    expect(await data('page=3')).toMatchObject({ total: 35, serviceTotal: 28 });
    // A query that names a group lists its heading and its services: the heading is no service.
    const electric = await data(`query=${encodeURIComponent('электрика')}`);
    expect(electric.items.filter((s: Service) => s.parentId === null).map((s: Service) => s.name)).toEqual(['Электрика']);
    expect(electric).toMatchObject({ total: 5, serviceTotal: 4 });
    expect(await data(`query=${encodeURIComponent('плитка')}`)).toMatchObject({ total: 1, serviceTotal: 1 });
    expect(await data(`query=${encodeURIComponent('абвгд')}`)).toMatchObject({ total: 0, serviceTotal: 0 });
  });

  it('filters by query and by group', async () => {
    const res = await getJson(ctx.app, `/api/service/get-collection?query=${encodeURIComponent('плитк')}`);
    expect(res.body.data.items.map((s: Service) => s.name)).toEqual(['Укладка плитки']);
    const group = res.body.data.items[0].parentId;
    const children = await getJson(ctx.app, `/api/service/get-collection?parentId=${group}`);
    expect(children.body.data.total).toBe(4);
    expectEvery(children.body.data.items, (s: Service) => s.parentId === group && s.group === 'Ремонт');
  });

  it('finds another form of a word (Russian stems), as the application search does', async () => {
    const names = async (query: string) =>
      (await getJson(ctx.app, `/api/service/get-collection?limit=100&query=${encodeURIComponent(query)}`)).body.data.items.map((s: Service) => s.name);
    // The placeholder's own example: «плитка» is not a substring of «Укладка плитки».
    expect(await names('плитка')).toEqual(['Укладка плитки']);
    expect(await names('Плитку укладка')).toEqual(['Укладка плитки']);
    // A group's name in another form lists the group and its services, as its exact name does.
    expect(await names('электрику')).toEqual(await names('электрика'));
    expect(await names('электрику')).toContain('Установка розеток');
    // A query of no word still finds nothing rather than everything.
    expect(await names('%')).toEqual([]);
  });
});

describe('service/get', () => {
  it('answers one service or 404', async () => {
    const first = (await getJson(ctx.app, '/api/service/get-collection')).body.data.items[0];
    const res = await getJson(ctx.app, `/api/service/get?id=${first.id}`);
    expect(res.body).toEqual({ data: first });
    const missing = await getJson(ctx.app, '/api/service/get?id=999999');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Услуга не найдена', code: 'not_found' });
  });
});
