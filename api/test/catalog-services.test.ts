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

  it('finds another form of a word, as the catalogue does', async () => {
    const names = async (query: string) => (await lookup(`query=${q(query)}`)).body.data.items.map((s: Service) => s.name);
    expect(await names('плитка')).toEqual(['Укладка плитки']);
    expect(await names('сантехнику')).toEqual(['Установка сантехники']);
  });

  it('treats % and _ literally and answers the first names without a query', async () => {
    expect((await lookup(`query=${q('%')}`)).body.data.items).toEqual([]);
    const first = (await lookup('limit=5')).body.data.items as Service[];
    expect(first).toHaveLength(5);
    const names = first.map((s) => s.name.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect((await lookup()).body.data.items).toHaveLength(20);
  });

  it('answers the list envelope of ARCHITECTURE §3: total every match, page 1, limit as used', async () => {
    const services = (await ctx.db.query<{ n: number }>('select count(*)::int as n from services where parent_id is not null'))[0]!.n;
    // A full page: the matches beyond it are counted.
    const full = (await lookup('limit=5')).body.data;
    expect({ ...full, items: full.items.length }).toEqual({ items: 5, total: services, totalExact: true, page: 1, limit: 5 });
    expect((await lookup()).body.data).toMatchObject({ total: services, page: 1, limit: 20 });
    // A page that is not full holds every match.
    const some = (await lookup(`query=${q('монтаж')}`)).body.data;
    expect({ ...some, items: some.items.length }).toEqual({ items: 5, total: 5, totalExact: true, page: 1, limit: 20 });
    expect((await lookup(`query=${q('монтаж')}&limit=2`)).body.data).toMatchObject({ total: 5, page: 1, limit: 2 });
    expect((await lookup(`query=${q('%')}`)).body.data).toEqual({ items: [], total: 0, totalExact: true, page: 1, limit: 20 });
  });

  it('answers 422 for a bad limit', async () => {
    const res = await lookup('limit=abc');
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['limit']);
  });
});

describe('service/get-collection: city and order', () => {
  const list = async (qs: string) => {
    const res = await getJson(ctx.app, `/api/service/get-collection?limit=100&${qs}`);
    expect(res.status).toBe(200);
    return res.body.data as { items: Service[]; total: number };
  };
  const names = (items: Service[]) => items.map((s) => s.name);
  const serviceId = async (name: string) =>
    (await ctx.db.query<{ id: number }>('select id from services where name = $1 and parent_id is not null', [name]))[0]!.id;
  /** A city no seeded profile is in. */
  const TOWN = 'test-town-0001';
  let users: number[] = [];

  async function addProfile(phone: string, type: 'executor' | 'organization' | 'customer', city: string, services: string[]) {
    const [user] = await ctx.db.query<{ id: number }>(`insert into users (phone, name) values ($1, 'Тест') returning id`, [phone]);
    users.push(user!.id);
    const [profile] = await ctx.db.query<{ id: number }>(
      `insert into profiles (user_id, type, name, city_fias_id) values ($1, $2, $3, $4) returning id`,
      [user!.id, type, `Профиль ${phone}`, city],
    );
    for (const name of services) {
      await ctx.db.query('insert into profile_services (profile_id, service_id) values ($1, $2)', [profile!.id, await serviceId(name)]);
    }
  }

  afterEach(async () => {
    await ctx.db.query('delete from users where id = any($1::int[])', [users]);
    users = [];
    ctx.app.publicCache.clear();
  });

  it('in a city lists only the services its executors and organisations offer, each under its group heading', async () => {
    await addProfile('79995550001', 'executor', TOWN, ['Укладка плитки', 'Поклейка обоев']);
    await addProfile('79995550002', 'organization', TOWN, ['Мойка окон']);
    // A customer's row in profile_services makes no executor of him (executor/get-collection lists none such).
    await addProfile('79995550003', 'customer', TOWN, ['Монтаж кровли']);
    // Offered elsewhere only.
    await addProfile('79995550004', 'executor', 'test-town-0002', ['Офисный переезд']);
    ctx.app.publicCache.clear();

    const town = await list(`address=${TOWN}`);
    // «Клининг» before «Ремонт»; a group without a service offered in the town («Строительство») is left out.
    expect(names(town.items)).toEqual(['Клининг', 'Мойка окон', 'Ремонт', 'Поклейка обоев', 'Укладка плитки']);
    expect(town.total).toBe(5);
    // Three services under two headings: the visitor is told of three.
    expect(town).toMatchObject({ serviceTotal: 3 });
    expect(town.items.filter((s) => s.parentId === null).map((s) => s.name)).toEqual(['Клининг', 'Ремонт']);
    // With a search query: both filters hold (the query matches «Ремонт» and its services by the group's name).
    const repair = await list(`address=${TOWN}&query=${q('ремонт')}`);
    expect(names(repair.items)).toEqual(['Ремонт', 'Поклейка обоев', 'Укладка плитки']);
    expect(repair).toMatchObject({ total: 3, serviceTotal: 2 });
    // A city without executors lists nothing.
    expect(await list('address=test-town-9999')).toEqual({ items: [], total: 0, page: 1, limit: 100, totalExact: true, serviceTotal: 0 });
  });

  it('lists in a seeded city exactly the services of the executors executor/get-collection finds there', async () => {
    const SPB = 'c2deb16a-0330-4f05-821f-1d09c93331e6';
    const executors = (await getJson(ctx.app, `/api/executor/get-collection?limit=100&address=${SPB}`)).body.data.items as Array<{ services: { id: number }[] }>;
    const offered = new Set(executors.flatMap((e) => e.services.map((s) => s.id)));
    expect(offered.size).toBeGreaterThan(0);
    const { items } = await list(`address=${SPB}`);
    expect(new Set(items.filter((s) => s.parentId !== null).map((s) => s.id))).toEqual(offered);
    // Each service right after its own group's heading or a sibling, and each heading has a service.
    items.forEach((s, i) => {
      if (s.parentId === null) expect(items[i + 1]?.parentId).toBe(s.id);
      else expect([items[i - 1]!.id, items[i - 1]!.parentId]).toContain(s.parentId);
    });
  });

  it('typeSort=desc reverses the groups and the services in each, the heading still first', async () => {
    const asc = (await list('')).items;
    const desc = (await list('attributeSort=name&typeSort=desc')).items;
    const blocks = (items: Service[]) =>
      items.reduce<Service[][]>((all, s) => (s.parentId === null ? [...all, [s]] : (all.at(-1)!.push(s), all)), []);
    const reversed = blocks(asc)
      .reverse()
      .map(([heading, ...services]) => [heading!, ...services.reverse()]);
    expect(blocks(desc)).toEqual(reversed);
    expect(desc[0]).toMatchObject({ name: 'Электрика', parentId: null });
    expect(desc[1]).toMatchObject({ name: 'Электромонтажные работы' });

    await addProfile('79995550005', 'executor', TOWN, ['Укладка плитки', 'Поклейка обоев', 'Мойка окон']);
    ctx.app.publicCache.clear();
    expect(names((await list(`address=${TOWN}&typeSort=desc`)).items)).toEqual(['Ремонт', 'Укладка плитки', 'Поклейка обоев', 'Клининг', 'Мойка окон']);
    // Pages cut the same order: the second of two rows a page.
    const second = await getJson(ctx.app, `/api/service/get-collection?address=${TOWN}&typeSort=desc&limit=2&page=2`);
    expect(names(second.body.data.items)).toEqual(['Поклейка обоев', 'Клининг']);
  });

  it('answers 422 with Russian messages for a bad sort or city', async () => {
    const res = await getJson(ctx.app, `/api/service/get-collection?attributeSort=price&typeSort=up&address=${'a'.repeat(65)}`);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      attributeSort: 'Сортировка возможна по полям: name',
      typeSort: 'Порядок сортировки: asc или desc',
      address: 'Не длиннее 64 символов',
    });
    const control = await getJson(ctx.app, `/api/service/get-collection?address=${q('город\u0007')}`);
    expect(control.status).toBe(422);
    expect(Object.keys(control.body.errors)).toEqual(['address']);
    // The same answers as the other catalogues give for the same parameters.
    const executors = await getJson(ctx.app, `/api/executor/get-collection?address=${'a'.repeat(65)}&typeSort=up`);
    expect(executors.body.errors).toEqual({ address: res.body.errors.address, typeSort: res.body.errors.typeSort });
  });
});
