import type { Executor } from 'shared/contract';
import { expectEvery, getJson, largestServiceGroup, setupTestApp, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupTestApp();
});
afterAll(() => ctx.close());

const list = (qs = '') => getJson(ctx.app, `/api/executor/get-collection${qs ? `?${qs}` : ''}`);
const all = async (qs = '') => {
  const res = await list(`limit=100${qs ? `&${qs}` : ''}`);
  expect(res.status).toBe(200);
  return res.body.data as { items: Executor[]; total: number };
};
const rows = <T>(sql: string, params: unknown[] = []) => ctx.db.query<T>(sql, params);
const one = async <T>(sql: string, params: unknown[] = []) => (await rows<T>(sql, params))[0]!;
const profileOf = (phone: string) =>
  one<{ id: number }>(`select p.id from profiles p join users u on u.id = p.user_id where u.phone = $1 order by p.id limit 1`, [phone]);
const SPB = 'c2deb16a-0330-4f05-821f-1d09c93331e6';

describe('executor/get-collection', () => {
  it('lists executors and organisations offering services, 12 a page by id', async () => {
    const expected = await rows<{ id: number }>(
      `select p.id from profiles p where p.type in ('executor', 'organization')
       and exists (select 1 from profile_services s where s.profile_id = p.id) order by p.id`,
    );
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(expected.length);
    expect(res.body.data.limit).toBe(12);
    expect(res.body.data.page).toBe(1);
    expect(res.body.data.items.map((e: Executor) => e.id)).toEqual(expected.slice(0, 12).map((r) => r.id));
  });

  it('answers the executor shape with services by name and an address', async () => {
    const { items } = await all();
    const energo = items.find((e) => e.name === 'ООО «ЭнергоПроект»')!;
    expect(energo).toEqual({
      id: expect.any(Number),
      name: 'ООО «ЭнергоПроект»',
      type: 'organization',
      description: null,
      services: [
        { id: expect.any(Number), name: 'Проект электроснабжения' },
        { id: expect.any(Number), name: 'Электромонтажные работы' },
      ],
      address: { value: expect.any(String), cityFiasId: expect.any(String), geoLat: expect.any(Number), geoLon: expect.any(Number) },
      completedCount: 0,
      rating: null,
      createdAt: expect.stringMatching(/Z$/),
    });
  });

  it('leaves out customers and organisations without services', async () => {
    const { items } = await all();
    const names = items.map((e) => e.name);
    expect(names).not.toContain('Анна Смирнова');
    expect(names).not.toContain('ООО «СтройИнвест»');
    expectEvery(items, (e) => e.type !== 'customer' && e.services.length > 0);
  });

  it('filters by city, by any of the services, and by text', async () => {
    const spb = await all(`address=${SPB}`);
    expect(spb.total).toBeGreaterThan(0);
    expectEvery(spb.items, (e) => e.address?.cityFiasId === SPB);

    const [tile, pipes] = await rows<{ id: number }>(`select id from services where name in ('Укладка плитки', 'Монтаж водопровода') order by name desc`);
    const one = await all(`services=${tile!.id}`);
    expect(one.items.map((e) => e.name)).toEqual(['Алексей Фёдоров']);
    const any = await all(`services=${tile!.id},${pipes!.id}`);
    expect(any.items.map((e) => e.name).sort()).toEqual(['Алексей Фёдоров', 'Михаил Егоров']);

    const byName = await all(`query=${encodeURIComponent('петров')}`);
    expect(byName.items.map((e) => e.name)).toEqual(['Иван Петров']);
    const byWordStart = await all(`query=${encodeURIComponent('Бригад')}`);
    expect(byWordStart.items.map((e) => e.name)).toEqual(['Бригада Николая Орлова']);
    expect((await all('query=' + encodeURIComponent('&|!'))).total).toBe(0);
  });

  it('a group of services stands for its services (QA XXX-3: it found nobody); an id naming nothing finds nobody', async () => {
    const group = await largestServiceGroup(ctx.db);
    const ofChildren = await all(`services=${group.children.join(',')}`);
    expect(ofChildren.total).toBeGreaterThan(0);
    expect((await all(`services=${group.id}`)).items.map((e) => e.id)).toEqual(ofChildren.items.map((e) => e.id));
    expect((await all('services=999999')).total).toBe(0);
  });

  it('finds executors by words of their description', async () => {
    const fedorov = await profileOf('79990000009');
    await ctx.db.query(`update profiles set description = 'Плиточник с опытом, работаю аккуратно' where id = $1`, [fedorov.id]);
    const res = await all(`query=${encodeURIComponent('плиточники')}`);
    await ctx.db.query(`update profiles set description = null where id = $1`, [fedorov.id]);
    expect(res.items.map((e) => e.id)).toEqual([fedorov.id]);
  });

  it('sorts by name and by id in both directions', async () => {
    const byName = (await all('attributeSort=name&typeSort=desc')).items.map((e) => e.name.toLowerCase());
    expect(byName).toEqual([...byName].sort().reverse());
    const ids = (await all('typeSort=desc')).items.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('sorts by time on the service: the newest first is the oldest first reversed (the demo people joined on different days)', async () => {
    const newest = (await all('attributeSort=createdAt&typeSort=desc')).items;
    const oldest = (await all('attributeSort=createdAt&typeSort=asc')).items;
    expect(newest.map((e) => e.id)).toEqual(oldest.map((e) => e.id).reverse());
    expect(new Set(newest.map((e) => e.createdAt)).size).toBe(newest.length);
    expect(newest.map((e) => e.createdAt)).toEqual(newest.map((e) => e.createdAt).sort().reverse());
  });

  it('pages: a short last page and an empty page past the end', async () => {
    const { total } = await all();
    const last = await list(`limit=5&page=${Math.ceil(total / 5)}`);
    expect(last.body.data.items).toHaveLength(total % 5 || 5);
    const past = await list('page=50');
    expect(past.body.data).toEqual({ items: [], total, page: 50, limit: 12, totalExact: true });
  });

  it('answers 422 with Russian messages for bad values', async () => {
    const res = await list('attributeSort=price&page=0&services=x');
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      attributeSort: 'Сортировка возможна по полям: id, name, createdAt',
      page: 'Номер страницы начинается с 1',
      services: 'Укажите идентификаторы через запятую',
    });
  });
});

describe('executor/get', () => {
  it('answers one executor with the count of completed applications', async () => {
    const petrov = await profileOf('79990000002');
    const picked = await rows<{ id: number; status: string }>(
      `select distinct on (status) id, status from applications where status in ('executed', 'closed', 'in_work') order by status, id`,
    );
    expect(picked).toHaveLength(3);
    await ctx.db.query(`update applications set executor_profile_id = $1 where id = any($2::int[])`, [petrov.id, picked.map((p) => p.id)]);
    const res = await getJson(ctx.app, `/api/executor/get?id=${petrov.id}`);
    await ctx.db.query(`update applications set executor_profile_id = null where id = any($1::int[])`, [picked.map((p) => p.id)]);
    expect(res.status).toBe(200);
    expect(res.body.data.name).toBe('Иван Петров');
    expect(res.body.data.completedCount).toBe(2);
    expect(res.body.data.services).toHaveLength(4);
  });

  it("gives the closed deals' rating and their latest reviews, newest first; not a review the customer may still change", async () => {
    const petrov = await profileOf('79990000002');
    // Four published applications of the seed, made for the test three closed deals and one awaiting its close.
    type Picked = { id: number; name: string; status: string };
    const picked = await rows<Picked>(`select id, name, status from applications where status = 'published' order by id limit 4`);
    const [closedA, closedB, closedC, executed] = picked;
    const review = (id: number, status: string, rating: number, text: string, at: string) =>
      ctx.db.query(`update applications set status = $3, executor_profile_id = $1, review_rating = $4, review_text = $5, reviewed_at = $6 where id = $2`, [
        petrov.id, id, status, rating, text, at,
      ]);
    await review(closedA!.id, 'closed', 5, 'Отлично', '2026-10-01T10:00:00Z');
    await review(closedB!.id, 'closed', 4, 'Хорошо, но с опозданием', '2026-11-01T10:00:00Z');
    await review(closedC!.id, 'closed', 4, 'Нормально', '2026-09-01T10:00:00Z');
    await review(executed!.id, 'executed', 1, 'Ещё не закрыта', '2026-11-20T10:00:00Z');
    // Written past the API: its cache of public answers is told, as after any write outside HTTP.
    ctx.app.publicCache.clear();
    try {
      const res = await getJson(ctx.app, `/api/executor/get?id=${petrov.id}`);
      expect(res.body.data.rating).toEqual({ average: 4.3, count: 3 });
      expect(res.body.data.reviews).toEqual([
        { rating: 4, text: 'Хорошо, но с опозданием', applicationName: closedB!.name, at: '2026-11-01T10:00:00.000Z' },
        { rating: 5, text: 'Отлично', applicationName: closedA!.name, at: '2026-10-01T10:00:00.000Z' },
        { rating: 4, text: 'Нормально', applicationName: closedC!.name, at: '2026-09-01T10:00:00.000Z' },
      ]);
      const listed = (await getJson(ctx.app, `/api/executor/get-collection?limit=100`)).body.data.items.find((e: Executor) => e.id === petrov.id);
      expect(listed.rating).toEqual({ average: 4.3, count: 3 });
      expect(listed).not.toHaveProperty('reviews');
    } finally {
      await ctx.db.query(
        `update applications set status = 'published', executor_profile_id = null, review_rating = null, review_text = null, reviewed_at = null where id = any($1::int[])`,
        [picked.map((p) => p.id)],
      );
      ctx.app.publicCache.clear();
    }
  });

  it("gives an organisation's INN and OGRN (public in the state registers), never a person's", async () => {
    const [org] = await rows<{ id: number; inn: string }>(`select id, inn from profiles where type = 'organization' and offers_services and inn is not null order by id limit 1`);
    const petrov = await profileOf('79990000002');
    await ctx.db.query(`update profiles set ogrn = '1026600000000' where id = $1`, [org!.id]);
    ctx.app.publicCache.clear();
    try {
      const res = await getJson(ctx.app, `/api/executor/get?id=${org!.id}`);
      expect(res.body.data.registry).toEqual({ inn: org!.inn, ogrn: '1026600000000' });
      const listed = (await getJson(ctx.app, `/api/executor/get-collection?limit=100`)).body.data.items.find((e: Executor) => e.id === org!.id);
      expect(listed).not.toHaveProperty('registry');

      // A person's INN, even where one is stored, is his own.
      await ctx.db.query(`update profiles set inn = '500100732259' where id = $1`, [petrov.id]);
      ctx.app.publicCache.clear();
      expect((await getJson(ctx.app, `/api/executor/get?id=${petrov.id}`)).body.data.registry).toBeNull();
    } finally {
      await ctx.db.query(`update profiles set ogrn = null where id = $1`, [org!.id]);
      await ctx.db.query(`update profiles set inn = null where id = $1`, [petrov.id]);
      ctx.app.publicCache.clear();
    }
  });

  it('shows an executor or organisation without services that has replied, outside the catalogue: the customer choosing sees its record (QA AAE-3)', async () => {
    const user = await one<{ id: number }>(`insert into users (phone, name) values ('79995550101', 'Мастер Без Услуг') returning id`);
    const executor = await one<{ id: number }>(`insert into profiles (user_id, type, name) values ($1, 'executor', 'Мастер Без Услуг') returning id`, [user.id]);
    expect((await getJson(ctx.app, `/api/executor/get?id=${executor.id}`)).status).toBe(404);
    const [application] = await rows<{ id: number }>(`select id from applications where status = 'published' limit 1`);
    await ctx.db.query(`insert into application_replies (application_id, executor_profile_id, comment) values ($1, $2, 'Сделаю')`, [application!.id, executor.id]);
    ctx.app.publicCache.clear();
    const res = await getJson(ctx.app, `/api/executor/get?id=${executor.id}`);
    expect([res.status, res.body.data?.services]).toEqual([200, []]);
    // Not a catalogue entry for all that.
    expect((await all('')).items.map((e) => e.id)).not.toContain(executor.id);
    await ctx.db.query('delete from application_replies where executor_profile_id = $1', [executor.id]);
    ctx.app.publicCache.clear();
  });

  it('answers 404 for a customer, an organisation without services, and a missing id', async () => {
    const customer = await profileOf('79990000001');
    const org = await profileOf('79990000007');
    for (const id of [customer.id, org.id, 999999, 99999999999]) {
      const res = await getJson(ctx.app, `/api/executor/get?id=${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Исполнитель не найден', code: 'not_found' });
    }
  });
});
