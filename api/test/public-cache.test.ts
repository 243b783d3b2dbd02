/**
 * Public reads at scale (issue 12, item 4): ETag and Cache-Control on the public lists and items,
 * `If-None-Match` → 304, the in-process cache of anonymous answers cleared by every write (a new
 * application shows at once), capped totals (`totalExact`), ё/е-insensitive search and the
 * sitemap's source call.
 */
import { applicationListDefaults, LIST_TOTAL_CAP, SITEMAP_PAGE_LIMIT } from 'shared/contract';
import { LITERAL_PAGES } from '../src/db/sql';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from '../src/plugins/public-cache';
import { caller, completeFields, makePerson, must, setupDealApp, type DealContext, type Person } from './deal-helpers';

let d: DealContext;
let customer: Person;
beforeAll(async () => {
  d = await setupDealApp();
  customer = await makePerson(d.db, 'customer', 'Кэш Заказчиков');
});
afterAll(() => d.close());

const list = (query: string, headers: Record<string, string> = {}) =>
  d.app.inject({ method: 'GET', url: `/api/application/get-collection?query=${encodeURIComponent(query)}`, headers });

describe('HTTP caching of public answers', () => {
  it('gives an anonymous list an ETag and a Cache-Control a CDN may use, and answers 304 to its ETag', async () => {
    const first = await d.app.inject({ method: 'GET', url: '/api/service/get-collection' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    expect(first.headers.vary).toMatch(/Authorization/);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);

    const again = await d.app.inject({ method: 'GET', url: '/api/service/get-collection', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    const changed = await d.app.inject({ method: 'GET', url: '/api/service/get-collection', headers: { 'if-none-match': 'W/"something-else"' } });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toBe(first.body);
  });

  it('marks an answer to a bearer private, still with an ETag that revalidates', async () => {
    const res = await d.app.inject({ method: 'GET', url: '/api/executor/get-collection', headers: customer.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(PRIVATE_CACHE_CONTROL);
    const again = await d.app.inject({ method: 'GET', url: '/api/executor/get-collection', headers: { ...customer.headers, 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('gives a public item (application/get) the same headers, and none to a 404', async () => {
    const id = must(await d.api.post(customer, 'application/create', await completeFields(d.db, { name: 'Покраска забора' })), 'create').id;
    const item = await d.app.inject({ method: 'GET', url: `/api/application/get?id=${id}` });
    expect(item.statusCode).toBe(200);
    expect(item.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    expect(item.headers.etag).toBeDefined();
    const missing = await d.app.inject({ method: 'GET', url: '/api/application/get?id=2147483000' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
  });
});

describe('the in-process cache of anonymous answers', () => {
  it('serves a repeated anonymous list from memory: a change behind the API is unseen until it clears', async () => {
    const before = await list('Тайный');
    expect(before.json().data.total).toBe(0);
    // Written straight into the database, not through the API: the cache cannot know.
    const [row] = await d.db.query<{ id: number }>(
      `insert into applications (name, description, status, customer_profile_id, price) values ('Тайный ремонт', '', 'published', $1, 100) returning id`,
      [customer.profileId],
    );
    expect((await list('Тайный')).body).toBe(before.body);
    d.app.publicCache.clear();
    expect((await list('Тайный')).json().data.items.map((a: { id: number }) => a.id)).toEqual([row!.id]);
  });

  it('is not cleared by a write refused with a 4xx (no route, bad input, no token): junk POSTs keep nothing uncached (QA GG-3)', async () => {
    const before = await list('Мусорный');
    expect(before.json().data.total).toBe(0);
    await d.db.query(`insert into applications (name, description, status, customer_profile_id, price) values ('Мусорный ремонт', '', 'published', $1, 100)`, [customer.profileId]);
    const refused = [
      await d.app.inject({ method: 'POST', url: '/api/no/such/route', payload: {} }),
      await d.app.inject({ method: 'POST', url: '/api/login', payload: { phone: 'x' } }),
      await d.app.inject({ method: 'POST', url: '/api/application/create', payload: {} }),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([404, 422, 401]);
    // Still the kept answer: the row written behind the API is unseen.
    expect((await list('Мусорный')).body).toBe(before.body);
    // A write that went through clears it.
    must(await d.api.post(customer, 'application/create', await completeFields(d.db, { name: 'Другая заявка' })), 'create');
    expect((await list('Мусорный')).json().data.total).toBe(1);
  });

  it('is cleared by a write that fails with a 5xx: it may have followed a commit (QA OO-9)', async () => {
    const app = await buildApp({ config: testConfig(), db: d.db, logger: false });
    // A write whose transaction committed, then the answer failed (a response check, an emit).
    app.post('/api/test/commit-then-fail', async () => {
      await d.db.query(`insert into applications (name, description, status, customer_profile_id, price) values ('Сбойный ремонт', '', 'published', $1, 100)`, [customer.profileId]);
      throw new Error('after commit');
    });
    try {
      const listed = () => app.inject({ method: 'GET', url: `/api/application/get-collection?query=${encodeURIComponent('Сбойный')}` });
      expect((await listed()).json().data.total).toBe(0);
      expect((await app.inject({ method: 'POST', url: '/api/test/commit-then-fail', payload: {} })).statusCode).toBe(500);
      expect((await listed()).json().data.total).toBe(1);
    } finally {
      await app.close();
    }
  });

  it('keys an answer by the query parameters its call reads: made-up ones share the entry, a filter does not', async () => {
    d.app.publicCache.clear();
    const get = (query: string) => d.app.inject({ method: 'GET', url: `/api/application/get-collection?${query}` });
    const word = encodeURIComponent('Меченый');
    const before = await get(`query=${word}&utm_source=crawler1`);
    expect(before.json().data.total).toBe(0);
    await d.db.query(`insert into applications (name, description, status, customer_profile_id, price) values ('Меченый ремонт', '', 'published', $1, 100)`, [
      customer.profileId,
    ]);
    // Another made-up parameter, in another order: the same answer, from the same entry.
    const crawled = await get(`utm_source=crawler2&query=${word}&fbclid=x`);
    expect(crawled.body).toBe(before.body);
    expect(d.app.publicCache.size).toBe(1);
    // A parameter the list reads is another answer.
    expect((await get(`query=${word}&min_price=1`)).json().data.total).toBe(1);
    expect(d.app.publicCache.size).toBe(2);
    d.app.publicCache.clear();
  });

  it('shows a new application at once after its creation, and drops it at once when it is unpublished', async () => {
    const name = 'Реставрация паркета в библиотеке';
    expect((await list('Реставрация паркета')).json().data.total).toBe(0);
    expect((await list('Реставрация паркета')).json().data.total).toBe(0);
    expect(d.app.publicCache.size).toBeGreaterThan(0);

    const id = must(await d.api.post(customer, 'application/create', await completeFields(d.db, { name })), 'create').id;
    const after = (await list('Реставрация паркета')).json().data;
    expect(after.items.map((a: { id: number; name: string }) => [a.id, a.name])).toEqual([[id, name]]);
    expect(after.totalExact).toBe(true);
    // The default first page too (the one a CDN and the cache see most).
    const n = (await d.db.query<{ n: number }>(`select count(*)::int as n from applications where status = 'published'`))[0]!.n;
    expect((await d.app.inject({ method: 'GET', url: '/api/application/get-collection' })).json().data.total).toBe(n);

    must(await d.api.post(customer, 'application/set-status/no-publish', { id }), 'no-publish');
    expect((await list('Реставрация паркета')).json().data.total).toBe(0);
    // Refused as not public (403, ARCHITECTURE §8; QA OOO-3), not the kept 200.
    const hidden = await d.app.inject({ method: 'GET', url: `/api/application/get?id=${id}` });
    expect(hidden.statusCode).toBe(403);
    expect(hidden.headers['cache-control']).not.toMatch(/public/);
  });

  it('is off with LIST_CACHE=off, the headers staying', async () => {
    // A second app on the same database (not owning it).
    const app = await buildApp({ config: testConfig({ listCache: false }), db: d.db, logger: false });
    try {
      expect(app.publicCache.enabled).toBe(false);
      const res = await app.inject({ method: 'GET', url: '/api/service/get-collection' });
      expect(res.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
      expect(app.publicCache.size).toBe(0);
    } finally {
      await app.close();
    }
  });
});

describe('what the in-process cache may keep, and when it is cleared (QA Z-1, Z-5, Z-26)', () => {
  const anonymousGet = (url: string, headers: Record<string, string> = {}) => d.app.inject({ method: 'GET', url, headers });

  it('never serves an answer to a bearer to anyone else: the owner’s view of his application is not kept', async () => {
    const id = must(await d.api.post(customer, 'application/create', await completeFields(d.db, { name: 'Личный вид заказчика' })), 'create').id;
    const url = `/api/application/get?id=${id}`;
    d.app.publicCache.clear();
    const own = await d.app.inject({ method: 'GET', url, headers: customer.headers });
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toHaveProperty('allowedActions');

    // The same URL without a bearer: rendered for the visitor, not the owner's answer from memory.
    const anonymous = await anonymousGet(url);
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    for (const field of ['replies', 'history', 'payment', 'allowedActions']) expect(anonymous.json().data).not.toHaveProperty(field);
    d.app.publicCache.clear();
    expect(anonymous.body).toBe((await anonymousGet(url)).body);
    // What is kept now is that anonymous answer alone.
    expect(d.app.publicCache.size).toBe(1);
  });

  it('clears on a DELETE: a deleted application is gone from the next anonymous read at once', async () => {
    const id = must(await d.api.post(customer, 'application/create', await completeFields(d.db, { name: 'Заявка на удаление' })), 'create').id;
    const url = `/api/application/get?id=${id}`;
    expect((await anonymousGet(url)).statusCode).toBe(200);
    expect(d.app.publicCache.size).toBeGreaterThan(0);
    must(await d.api.call(customer, 'DELETE', 'application/delete', { id }), 'delete');
    expect((await anonymousGet(url)).statusCode).toBe(404);
  });

  it('clears on a PUT: an executor renamed shows his new name in the catalogue at once', async () => {
    const executor = await makePerson(d.db, 'executor', 'Прежний Исполнитель');
    await d.db.query('update profiles set offers_services = true where id = $1', [executor.profileId]);
    const url = `/api/executor/get?id=${executor.profileId}`;
    expect((await anonymousGet(url)).json().data.name).toBe('Прежний Исполнитель');
    expect(d.app.publicCache.size).toBeGreaterThan(0);
    must(await d.api.call(executor, 'PUT', 'user/profile/update', { type: 'executor', name: 'Новый Исполнитель' }), 'rename');
    expect((await anonymousGet(url)).json().data.name).toBe('Новый Исполнитель');
  });

  it('answers 304 to If-None-Match: *, to a list of tags naming the ETag, and to its strong form (weak comparison)', async () => {
    const url = '/api/service/get-collection';
    d.app.publicCache.clear();
    // The first answer is rendered (compared on its way out), the rest come from memory.
    const first = await anonymousGet(url, { 'if-none-match': '*' });
    expect(first.statusCode).toBe(304);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const strong = etag.replace(/^W\//, '');
    for (const header of ['*', `"other", ${etag}`, `W/"other",${strong}`, strong]) {
      expect([header, (await anonymousGet(url, { 'if-none-match': header })).statusCode]).toEqual([header, 304]);
    }
    expect((await anonymousGet(url, { 'if-none-match': '"other", W/"another"' })).statusCode).toBe(200);
    for (const header of [`"other", ${etag}`, strong]) {
      d.app.publicCache.clear();
      expect([header, (await anonymousGet(url, { 'if-none-match': header })).statusCode]).toEqual([header, 304]);
    }
  });

  it('does not keep an answer read while a write ran: the generation is the one the read arrived with', async () => {
    // An app of its own, to hold a read between its handler and its answer.
    const app = await buildApp({ config: testConfig(), db: d.db, logger: false });
    let handled!: () => void;
    const readDone = new Promise<void>((resolve) => (handled = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    app.addHook('preSerialization', async (request, _reply, payload) => {
      if (request.headers['x-test-hold'] !== undefined) {
        handled();
        await gate;
      }
      return payload;
    });
    try {
      const id = must(await d.api.post(customer, 'application/create', await completeFields(d.db, { name: 'Прежнее название' })), 'create').id;
      const url = `/api/application/get?id=${id}`;
      const held = app.inject({ method: 'GET', url, headers: { 'x-test-hold': '1' } });
      await readDone;
      must(await caller(app).post(customer, 'application/update', { id, name: 'Новое название' }), 'update');
      release();
      expect((await held).json().data.name).toBe('Прежнее название');
      // Not kept: the next visitor reads the new name, and only that answer is kept.
      expect((await app.inject({ method: 'GET', url })).json().data.name).toBe('Новое название');
      expect(app.publicCache.size).toBe(1);
    } finally {
      release();
      await app.close();
    }
  });
});

describe('the lists’ counts kept between writes', () => {
  // With a bearer the answer itself is never kept, so what these show is the count's.
  const counted = async (app: { inject: typeof d.app.inject }, query: string) =>
    (await app.inject({ method: 'GET', url: `/api/application/get-collection?query=${encodeURIComponent(query)}&limit=1`, headers: customer.headers })).json().data;
  const insertBehind = (name: string) =>
    d.db.query(`insert into applications (name, description, status, customer_profile_id, price) values ($1, '', 'published', $2, 100)`, [name, customer.profileId]);

  it('reads a filter’s count once: a row written behind the API is not counted until a write, one through the API at once', async () => {
    expect(await counted(d.app, 'Счётный')).toMatchObject({ total: 0, items: [] });
    await insertBehind('Счётный ремонт кровли');
    expect(await counted(d.app, 'Счётный')).toMatchObject({ total: 0, items: [] });
    expect(d.app.publicCache.counts.size).toBeGreaterThan(0);

    const id = must(await d.api.post(customer, 'application/create', await completeFields(d.db, { name: 'Счётный монтаж окон' })), 'create').id;
    const after = await counted(d.app, 'Счётный');
    expect(after).toMatchObject({ total: 2, totalExact: true });
    expect(after.items.map((a: { id: number }) => a.id)).toEqual([id]);
    // The next page is read with the kept count.
    const second = (await d.app.inject({ method: 'GET', url: `/api/application/get-collection?query=${encodeURIComponent('Счётный')}&limit=1&page=2`, headers: customer.headers })).json().data;
    expect(second.total).toBe(2);
    expect(second.items).toHaveLength(1);
    expect(second.items[0].id).not.toBe(id);
  });

  it('pages the usual size (its first pages written as literals) exactly as any other size', async () => {
    const get = async (query: string) => (await d.app.inject({ method: 'GET', url: `/api/application/get-collection?attributeSort=createdAt&typeSort=desc&${query}`, headers: customer.headers })).json().data;
    const pages = LITERAL_PAGES + 2;
    const whole = await get(`limit=${pages * applicationListDefaults.limit}`);
    expect(whole.items.length).toBe(pages * applicationListDefaults.limit);
    const paged = [];
    for (let page = 1; page <= pages; page++) paged.push(...(await get(`page=${page}`)).items);
    expect(paged.map((a: { id: number }) => a.id)).toEqual(whole.items.map((a: { id: number }) => a.id));
  });

  it('counts every request with LIST_COUNT_CACHE=off', async () => {
    const app = await buildApp({ config: testConfig({ listCountCache: false }), db: d.db, logger: false });
    try {
      expect(app.publicCache.counts.enabled).toBe(false);
      expect((await counted(app, 'Пересчётный')).total).toBe(0);
      await insertBehind('Пересчётный монтаж');
      expect((await counted(app, 'Пересчётный')).total).toBe(1);
      expect(app.publicCache.counts.size).toBe(0);
    } finally {
      await app.close();
    }
  });
});

describe('capped totals and ё/е in search', () => {
  it('counts small results exactly (totalExact) and caps large ones at LIST_TOTAL_CAP', async () => {
    const small = (await d.app.inject({ method: 'GET', url: '/api/executor/get-collection' })).json().data;
    expect(small.totalExact).toBe(true);
    expect(small.total).toBeLessThan(LIST_TOTAL_CAP);

    await d.db.query(
      `insert into applications (name, description, status, customer_profile_id, price)
       select 'Массовая заявка ' || g, '', 'published', $1, 500 from generate_series(1, $2::int) g`,
      [customer.profileId, LIST_TOTAL_CAP + 5],
    );
    d.app.publicCache.clear();
    const big = (await d.app.inject({ method: 'GET', url: '/api/application/get-collection?min_price=500&max_price=500&limit=3' })).json().data;
    expect(big).toMatchObject({ total: LIST_TOTAL_CAP, totalExact: false, page: 1, limit: 3 });
    expect(big.items).toHaveLength(3);
    // A page past the cap still reads what is there.
    const far = (await d.app.inject({ method: 'GET', url: `/api/application/get-collection?min_price=500&max_price=500&limit=1&page=${LIST_TOTAL_CAP + 2}` })).json().data;
    expect(far.items).toHaveLength(1);
    await d.db.query(`delete from applications where name like 'Массовая заявка %'`);
    d.app.publicCache.clear();
  }, 60_000);

  it('finds ё and е alike, in either case, in the application, executor and service lists', async () => {
    const id = must(await d.api.post(customer, 'application/create', await completeFields(d.db, { name: 'Установка ёлочных гирлянд' })), 'create').id;
    for (const query of ['ёлочных', 'елочных', 'ЁЛОЧН', 'Елочн']) {
      expect([query, (await list(query)).json().data.items.map((a: { id: number }) => a.id)]).toEqual([query, [id]]);
    }
    const executor = await makePerson(d.db, 'executor', 'Пётр Семёнов');
    const [service] = await d.db.query<{ id: number }>('select id from services where parent_id is not null order by id limit 1');
    await d.db.query('insert into profile_services (profile_id, service_id) values ($1, $2)', [executor.profileId, service!.id]);
    await d.db.query(`insert into services (name, parent_id, group_name) select 'Вывоз ёлок', parent_id, group_name from services where id = $1`, [service!.id]);
    d.app.publicCache.clear();
    for (const query of ['семенов', 'СЕМЁНОВ', 'пётр семён']) {
      const found = (await d.app.inject({ method: 'GET', url: `/api/executor/get-collection?query=${encodeURIComponent(query)}` })).json().data;
      expect([query, found.items.map((e: { id: number }) => e.id)]).toEqual([query, [executor.profileId]]);
    }
    for (const query of ['елок', 'ЁЛОК']) {
      const found = (await d.app.inject({ method: 'GET', url: `/api/service/get-collection?query=${encodeURIComponent(query)}` })).json().data;
      expect([query, found.items.map((s: { name: string }) => s.name)]).toEqual([query, ['Вывоз ёлок']]);
    }
    const picker = (await d.app.inject({ method: 'GET', url: `/api/customer/get-collection/filter?query=${encodeURIComponent('кэш заказч')}` })).json().data;
    expect(picker.items.map((c: { id: number }) => c.id)).toContain(customer.profileId);
  });

  it('finds a substring inside a word (pg_trgm, on a server and on PGlite alike) and word prefixes', async () => {
    const id = must(await d.api.post(customer, 'application/create', await completeFields(d.db, { name: 'Демонтаж перегородок у Щукиных' })), 'create').id;
    expect((await list('демонт щукин')).json().data.items.map((a: { id: number }) => a.id)).toContain(id);
    const trgm = (await d.db.query<{ trgm: boolean }>(`select to_regclass('applications_text_trgm_idx') is not null as trgm`))[0]!.trgm;
    expect(trgm).toBe(true);
    expect((await list('монтаж щукин')).json().data.items.map((a: { id: number }) => a.id)).toContain(id);
  });
});

describe('sitemap/get-collection', () => {
  const sitemap = (query: string) => d.app.inject({ method: 'GET', url: `/api/sitemap/get-collection?${query}` });

  it('lists what the public sees of each kind by id, with ISO update times', async () => {
    const published = must(await d.api.post(customer, 'application/create', await completeFields(d.db, { name: 'Заявка для карты сайта' })), 'create').id;
    const draft = must(await d.api.post(customer, 'application/draft/upsert', { name: 'Черновик не для карты' }), 'draft').id;
    const apps = (await sitemap('kind=application')).json().data;
    expect(apps).toMatchObject({ page: 1, limit: SITEMAP_PAGE_LIMIT });
    const ids: number[] = apps.items.map((e: { id: number }) => e.id);
    expect(ids).toContain(published);
    expect(ids).not.toContain(draft);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(apps.total).toBe(ids.length);
    expect(apps.items[0].updatedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const executors = (await sitemap('kind=executor')).json().data;
    const listed = (await d.app.inject({ method: 'GET', url: '/api/executor/get-collection?limit=100' })).json().data;
    expect(executors.items.map((e: { id: number }) => e.id)).toEqual(listed.items.map((e: { id: number }) => e.id));

    const services = (await sitemap('kind=service')).json().data;
    const serviceCount = (await d.db.query<{ n: number }>('select count(*)::int as n from services'))[0]!.n;
    expect(services.total).toBe(serviceCount);
    const facilities = (await sitemap('kind=facility&page=1')).json().data;
    const facilityCount = (await d.db.query<{ n: number }>('select count(*)::int as n from facilities'))[0]!.n;
    expect(facilities.total).toBe(facilityCount);
    expect((await sitemap('kind=facility&page=2')).json().data.items).toEqual([]);
  });

  it('refuses an unknown kind in Russian', async () => {
    const res = await sitemap('kind=user');
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/[а-я]/);
  });
});
