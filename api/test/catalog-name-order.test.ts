import type { Application, Customer, Executor, Service } from 'shared/contract';
import { substringStems } from '../src/db/sql';
import { buildApplicationListQuery, type ApplicationFilter } from '../src/modules/application/repository';
import { getJson, setupTestApp, type TestContext } from './helpers';

/**
 * Alphabetical sorts put Ё with Е, as Russian collation does: «Ёмкость» between «Ель» and «Жалюзи»,
 * never after «Я» (ё is U+0451, after я, in a byte-wise order).
 */
let ctx: TestContext;
/** The published applications below, in the order of their names. */
const APPLICATIONS = ['ёлочные гирлянды: монтаж', 'Ель на участке: посадка', 'Ёмкость для воды: монтаж', 'Емкость для септика: монтаж', 'Жалюзи: установка', 'Ясли: ремонт'];
/** A word only these applications have, for the text query's own paths. */
const WORD = 'штукенция';
const CITY = '7e0c6b1e-1d0e-4c3b-9e55-6f1d2a3b4c5d';
/** New services, in the order of their names, and a group of its own that sorts with Е. */
const SERVICES = ['Ежевика: посадка', 'Ёмкости: монтаж', 'Ящики: сборка'];
const GROUP = 'Ёлки новогодние';
let applicationIds: number[];
let executorId: number;

/** A name as the sorts compare it: case and ё/е do not matter, otherwise code point by code point. */
const key = (name: string) => name.toLowerCase().replace(/ё/g, 'е');
const byKey = (a: string, b: string) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);

async function insertUser(phone: string, name: string, type: 'customer' | 'executor' | 'organization'): Promise<number> {
  const [user] = await ctx.db.query<{ id: number }>('insert into users (phone, name) values ($1, $2) returning id', [phone, name]);
  const [profile] = await ctx.db.query<{ id: number }>('insert into profiles (user_id, type, name) values ($1, $2, $3) returning id', [user!.id, type, name]);
  return profile!.id;
}

beforeAll(async () => {
  ctx = await setupTestApp();
  const [group] = await ctx.db.query<{ id: number }>(`select id, name from services where parent_id is null order by id limit 1`);
  const [{ name: groupName }] = (await ctx.db.query<{ name: string }>('select name from services where id = $1', [group!.id])) as [{ name: string }];
  const serviceIds: number[] = [];
  // Inserted out of order, so the id does not happen to give the order.
  for (const name of [...SERVICES].reverse()) {
    const [s] = await ctx.db.query<{ id: number }>('insert into services (name, parent_id, group_name) values ($1, $2, $3) returning id', [name, group!.id, groupName]);
    serviceIds.push(s!.id);
  }
  const [g] = await ctx.db.query<{ id: number }>('insert into services (name) values ($1) returning id', [GROUP]);
  await ctx.db.query('insert into services (name, parent_id, group_name) values ($1, $2, $3)', ['Установка ёлки', g!.id, GROUP]);

  const customer = await insertUser('79970000101', 'Ёлкина Анна', 'customer');
  await insertUser('79970000102', 'ёршова Вера', 'customer');
  await insertUser('79970000103', 'Яковлева Ольга', 'customer');
  await insertUser('79970000104', 'Ежова Мария', 'customer');
  applicationIds = [];
  for (const name of [...APPLICATIONS].reverse()) {
    const [a] = await ctx.db.query<{ id: number }>(
      `insert into applications (name, description, status, price, customer_profile_id, city_fias_id, published_at)
       values ($1, $2, 'published', 1000, $3, $4, now()) returning id`,
      [name, `Проверка алфавита: ${WORD}`, customer, CITY],
    );
    applicationIds.unshift(a!.id);
  }
  for (const id of serviceIds) await ctx.db.query('insert into application_services (application_id, service_id) values ($1, $2)', [applicationIds[0], id]);

  executorId = await insertUser('79970000105', 'ООО «Ёлка-Клин»', 'organization');
  for (const id of serviceIds) await ctx.db.query('insert into profile_services (profile_id, service_id) values ($1, $2)', [executorId, id]);
  const other = await insertUser('79970000106', 'Ёжиков Пётр', 'executor');
  await ctx.db.query('insert into profile_services (profile_id, service_id) values ($1, $2)', [other, serviceIds[0]]);
});
afterAll(() => ctx.close());

/** Every item of a list, page after page. */
async function everything<T>(path: string, qs: string): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page++) {
    const res = await getJson(ctx.app, `/api/${path}?limit=100&page=${page}${qs ? `&${qs}` : ''}`);
    expect(res.status).toBe(200);
    items.push(...res.body.data.items);
    if (res.body.data.items.length < 100) return items;
  }
}

const names = (items: Array<{ name: string }>) => items.map((i) => i.name);
const mine = (items: Application[]) => names(items.filter((a) => applicationIds.includes(a.id)));

describe('application/get-collection sorted by name', () => {
  it('puts Ё and ё with Е in both directions, the catalogue as a whole too', async () => {
    const asc = await everything<Application>('application/get-collection', 'attributeSort=name&typeSort=asc');
    expect(mine(asc)).toEqual(APPLICATIONS);
    expect(names(asc)).toEqual([...names(asc)].sort(byKey));
    const desc = await everything<Application>('application/get-collection', 'attributeSort=name&typeSort=desc');
    expect(mine(desc)).toEqual([...APPLICATIONS].reverse());
    // The default order is the name's, ascending.
    expect(mine(await everything<Application>('application/get-collection', ''))).toEqual(APPLICATIONS);
  });

  it('in a city (its own index) and with a text query (the published applications\' words)', async () => {
    expect(names(await everything<Application>('application/get-collection', `address=${CITY}`))).toEqual(APPLICATIONS);
    const q = encodeURIComponent(WORD);
    expect(names(await everything<Application>('application/get-collection', `query=${q}`))).toEqual(APPLICATIONS);
    expect(names(await everything<Application>('application/get-collection', `query=${q}&typeSort=desc`))).toEqual([...APPLICATIONS].reverse());
    // Each statement that can answer a text query's page orders the same (readListPage picks one).
    const substrings = await substringStems(ctx.db, WORD);
    for (const typeSort of ['asc', 'desc'] as const) {
      const f: ApplicationFilter = { statuses: ['published'], page: 1, limit: 6, attributeSort: 'name', typeSort, query: WORD, substrings };
      const { page, countedPage, keptPage } = buildApplicationListQuery(f);
      const expected = typeSort === 'asc' ? applicationIds : [...applicationIds].reverse();
      for (const statement of [page, countedPage, keptPage]) {
        if (statement) expect((await ctx.db.query<{ id: number }>(statement.text, statement.values)).map((r) => r.id)).toEqual(expected);
      }
    }
  });

  it('lists an application\'s services by name, Ё with Е, in the list and the card', async () => {
    const [first] = await everything<Application>('application/get-collection', `address=${CITY}`);
    expect(first!.id).toBe(applicationIds[0]);
    expect(names(first!.services)).toEqual(SERVICES);
    const card = await getJson(ctx.app, `/api/application/get?id=${applicationIds[0]}`);
    expect(names(card.body.data.services)).toEqual(SERVICES);
  });
});

describe('executor/get-collection sorted by name', () => {
  it('puts «ООО «Ёлка-Клин»» before «ООО «ЭнергоПроект»», in both directions, and lists its services by name', async () => {
    const asc = names(await everything<Executor>('executor/get-collection', 'attributeSort=name&typeSort=asc'));
    expect(asc).toEqual([...asc].sort(byKey));
    expect(asc.indexOf('ООО «Ёлка-Клин»')).toBeLessThan(asc.indexOf('ООО «ЭнергоПроект»'));
    expect(asc.indexOf('Ёжиков Пётр')).toBeLessThan(asc.indexOf('Иван Петров'));
    const desc = names(await everything<Executor>('executor/get-collection', 'attributeSort=name&typeSort=desc'));
    expect(desc.map(key)).toEqual([...asc].reverse().map(key));
    const executor = await getJson(ctx.app, `/api/executor/get?id=${executorId}`);
    expect(names(executor.body.data.services)).toEqual(SERVICES);
  });
});

describe('customer/get-collection and its picker, by name', () => {
  it('sorts Ё with Е in the list (both directions) and in the picker', async () => {
    const asc = names(await everything<Customer>('customer/get-collection', 'attributeSort=name&typeSort=asc'));
    expect(asc).toEqual([...asc].sort(byKey));
    expect(asc.filter((n) => /^(Ёлкина|ёршова|Яковлева|Ежова|Елена)/.test(n))).toEqual(['Ежова Мария', 'Елена Морозова', 'Ёлкина Анна', 'ёршова Вера', 'Яковлева Ольга']);
    const desc = names(await everything<Customer>('customer/get-collection', 'attributeSort=name&typeSort=desc'));
    expect(desc.map(key)).toEqual([...asc].reverse().map(key));

    const picker = await getJson(ctx.app, '/api/customer/get-collection/filter?limit=50');
    const picked = names(picker.body.data.items);
    expect(picked).toEqual([...picked].sort(byKey));
    expect(picked).toContain('Ёлкина Анна');
    const orgs = await getJson(ctx.app, `/api/customer/get-collection/filter?query=${encodeURIComponent('ООО')}`);
    expect(names(orgs.body.data.items)).toEqual(['ООО «Ёлка-Клин»', 'ООО «СтройИнвест»', 'ООО «ЭнергоПроект»']);
  });
});

describe('service/get-collection and its picker, by name', () => {
  it('sorts Ё with Е: the groups, the services in a group, and the picker', async () => {
    const all = await everything<Service>('service/get-collection', '');
    const groupOf = (s: Service) => (s.parentId === null ? s.name : s.group!);
    const blocks = all.map(groupOf).filter((g, i, list) => i === 0 || list[i - 1] !== g);
    expect(blocks).toContain(GROUP);
    expect(blocks).toEqual([...blocks].sort(byKey));
    for (const block of blocks) {
      const inBlock = names(all.filter((s) => s.parentId !== null && groupOf(s) === block));
      expect(inBlock).toEqual([...inBlock].sort(byKey));
    }
    const picker = await getJson(ctx.app, '/api/service/get-collection/filter?limit=100');
    const picked = names(picker.body.data.items);
    expect(picked).toEqual([...picked].sort(byKey));
    expect(picked.filter((n) => SERVICES.includes(n))).toEqual(SERVICES);
  });
});
