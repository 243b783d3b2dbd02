import type { Service } from 'shared/contract';
import { expectEvery, getJson, setupTestApp, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupTestApp();
});
afterAll(() => ctx.close());

const lookup = (qs = '') => getJson(ctx.app, `/api/service/get-collection/filter${qs ? `?${qs}` : ''}`);
const q = encodeURIComponent;

describe('service/get-collection/filter', () => {
  it('answers services (never groups) whose name contains the query, by name', async () => {
    const res = await lookup(`query=${q('монтаж')}`);
    expect(res.status).toBe(200);
    const items = res.body.data.items as Service[];
    expect(items.map((s) => s.name)).toEqual([
      'Монтаж водопровода',
      'Монтаж кровли',
      'Монтаж освещения',
      'Монтаж отопления',
      'Электромонтажные работы',
    ]);
    expectEvery(items, (s) => s.parentId !== null && s.group !== null);
    // The group «Ремонт» itself is a heading, not a service.
    const repair = (await lookup(`query=${q('Ремонт')}`)).body.data.items.map((s: Service) => s.name);
    expect(repair).toEqual(['Ремонт квартир под ключ', 'Уборка после ремонта']);
  });

  it('treats % and _ literally and answers the first names without a query', async () => {
    expect((await lookup(`query=${q('%')}`)).body.data.items).toEqual([]);
    const first = (await lookup('limit=5')).body.data.items as Service[];
    expect(first).toHaveLength(5);
    const names = first.map((s) => s.name.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect((await lookup()).body.data.items).toHaveLength(20);
  });

  it('answers 422 for a bad limit', async () => {
    const res = await lookup('limit=abc');
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['limit']);
  });
});
