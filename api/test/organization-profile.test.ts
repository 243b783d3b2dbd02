import { isValidCorrAccount, ORGANIZATION_CHANGED, ORGANIZATION_CHANGED_MESSAGE, organizationSeenOf, REQUISITE_MESSAGES, type Organization } from 'shared/contract';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { applicationIn, caller, makePerson, must, setupDealApp, type DealContext } from './deal-helpers';
import { startFakeDadata, type FakeDadata } from './fakes/dadata';
import { openTestDb } from './helpers';
import { bankDirectoryFrom } from '../src/providers/dadata';
import { DEV_BANK_BICS } from '../src/providers/dadata/dev-bank-directory';
import { freshInn, freshOgrn, makeOrganization, makeStaffed } from './organization-helpers';

let d: DealContext;
beforeAll(async () => {
  d = await setupDealApp();
});
afterAll(async () => {
  await d.close();
});

describe('organization/create', () => {
  it('creates the profile with the caller as director, makes it active and lists it', async () => {
    const person = await makePerson(d.db, 'customer', 'Анна Директорова');
    const inn = freshInn();
    const res = await d.api.post(person, 'organization/create', {
      inn,
      name: 'ООО «Ромашка»',
      kpp: '773601001',
      address: 'г Москва, ул Тверская, д 1',
    });
    expect(res.status).toBe(200);
    const { profile, organization, user } = res.body.data;
    expect(profile).toMatchObject({ type: 'organization', name: 'ООО «Ромашка»', active: true, role: 'director' });
    expect(user.activeProfileId).toBe(profile.id);
    expect(organization).toMatchObject({
      id: profile.id,
      inn,
      kpp: '773601001',
      ogrn: null,
      address: { value: 'г Москва, ул Тверская, д 1', cityFiasId: null },
      director: { userId: person.userId, name: 'Анна Директорова' },
      role: 'director',
      documents: [],
    });
    const list = must(await d.api.get(person, 'user/profile/list', {}), 'list');
    expect(list.items.map((p: { id: number; role: string }) => [p.id, p.role])).toEqual([
      [person.profileId, 'owner'],
      [profile.id, 'director'],
    ]);
    const active = must(await d.api.get(person, 'organization/get/profile', {}), 'get/profile');
    expect(active).toMatchObject({ id: profile.id, role: 'director', active: true });
  });

  it('refuses an INN already registered (409), a bad checksum (422) and a KPP for a 12-digit INN', async () => {
    const { director } = await makeOrganization(d);
    const inn = freshInn();
    must(await d.api.post(director, 'organization/create', { inn, name: 'ООО «Первая»' }), 'first');
    const other = await makePerson(d.db, 'customer');
    const again = await d.api.post(other, 'organization/create', { inn, name: 'ООО «Вторая»' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Организация с таким ИНН уже зарегистрирована');
    const bad = await d.api.post(other, 'organization/create', { inn: '7707083890', name: 'ООО «Ошибка»' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.inn).toMatch(/ИНН/);
    // Zeros pass the check digit; no region has the code 00, and taking it would keep it from anyone else (QA AAP-7).
    for (const zeros of ['0000000000', '000000000000']) {
      const taken = await d.api.post(other, 'organization/create', { inn: zeros, name: 'ООО «Нули»' });
      expect([taken.status, taken.body.errors]).toEqual([422, { inn: REQUISITE_MESSAGES.innRegion }]);
    }
    const kpp = await d.api.post(other, 'organization/create', { inn: '500100732259', name: 'ИП Иванов', kpp: '773601001' });
    expect(kpp.status).toBe(422);
    expect(Object.keys(kpp.body.errors ?? {})).toEqual(['kpp']);
    // The registration number's kind follows the INN's: ОГРН (13) for an organisation, ОГРНИП (15) for an ИП.
    const ogrnOfIp = await d.api.post(other, 'organization/create', { inn: '500100732259', name: 'ИП Иванов', ogrn: '1027700132195' });
    expect([ogrnOfIp.status, ogrnOfIp.body.errors]).toEqual([422, { ogrn: REQUISITE_MESSAGES.ogrnipForPerson }]);
    const ogrnipOfOrganization = await d.api.post(other, 'organization/create', { inn: '7707083893', name: 'ООО «Ошибка»', ogrn: '304500116000157' });
    expect([ogrnipOfOrganization.status, ogrnipOfOrganization.body.errors]).toEqual([422, { ogrn: REQUISITE_MESSAGES.ogrnForOrganization }]);
  });
});

describe('organization/update and delete', () => {
  it('lets the director change the data; an employee gets 403', async () => {
    const s = await makeStaffed(d, 'ООО «Старое»');
    const ok = await d.api.post(s.director, 'organization/update', { id: s.organizationId, name: 'ООО «Новое»', ogrn: '1027700132195' });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ name: 'ООО «Новое»', ogrn: '1027700132195' });
    const denied = await d.api.post(s.employee, 'organization/update', { id: s.organizationId, name: 'ООО «Захват»' });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe('Это может сделать только руководитель организации');
    const missing = await d.api.post(s.director, 'organization/update', { id: 2_000_000_000, name: 'ООО «Нет»' });
    expect(missing.status).toBe(404);
  });

  it('checks the numbers sent with the stored ones, as create checks them together (QA TTT-3)', async () => {
    const s = await makeStaffed(d, 'ООО «Сверяемое»');
    must(await d.api.post(s.director, 'organization/update', { id: s.organizationId, kpp: '770101001', ogrn: freshOgrn() }), 'numbers');
    // A 12-digit INN (an ИП's) beside the stored KPP and ОГРН: each named, nothing written.
    const ip = await d.api.post(s.director, 'organization/update', { id: s.organizationId, inn: '500100732259' });
    expect([ip.status, ip.body.errors]).toEqual([422, { kpp: REQUISITE_MESSAGES.kppForPerson, ogrn: REQUISITE_MESSAGES.ogrnipForPerson }]);
    const [row] = await d.db.query<{ inn: string }>('select inn from profiles where id = $1', [s.organizationId]);
    expect(row!.inn).not.toBe('500100732259');
    // Sent with the numbers that fit it, the ИП's INN is taken.
    const fixed = await d.api.post(s.director, 'organization/update', { id: s.organizationId, inn: '500100732259', kpp: null, ogrn: '304500116000157' });
    expect(fixed.status).toBe(200);
    expect(fixed.body.data).toMatchObject({ inn: '500100732259', kpp: null, ogrn: '304500116000157' });
  });

  it('refuses 409 an update whose `seen` is not the organisation as it stands, and writes nothing (QA AAQ-2)', async () => {
    const s = await makeStaffed(d, 'ООО «Две вкладки»');
    const opened = must(await d.api.get(s.director, 'organization/get/profile', {}), 'opened') as Organization;
    // Another tab saves a name and a KPP while the first one's form is open.
    must(await d.api.post(s.director, 'organization/update', { id: s.organizationId, name: 'ООО «Вкладка Б»', kpp: '770101001', seen: organizationSeenOf(opened) }), 'tab B');
    const stale = await d.api.post(s.director, 'organization/update', { id: s.organizationId, name: opened.name, kpp: null, description: 'Из вкладки А', seen: organizationSeenOf(opened) });
    expect([stale.status, stale.body.code, stale.body.message]).toEqual([409, ORGANIZATION_CHANGED, ORGANIZATION_CHANGED_MESSAGE]);
    const now = must(await d.api.get(s.director, 'organization/get/profile', {}), 'now') as Organization;
    expect(now).toMatchObject({ name: 'ООО «Вкладка Б»', kpp: '770101001', description: null });
    // Seen as it stands now, the same save goes through; without `seen`, as before.
    const fresh = await d.api.post(s.director, 'organization/update', { id: s.organizationId, description: 'Из вкладки А', seen: organizationSeenOf(now) });
    expect(fresh.status).toBe(200);
    expect((await d.api.post(s.director, 'organization/update', { id: s.organizationId, description: 'Без seen' })).status).toBe(200);
    const malformed = await d.api.post(s.director, 'organization/update', { id: s.organizationId, seen: { name: 1 } });
    expect(malformed.status).toBe(422);
  });

  it('refuses deletion while an application is in work, and after money has moved; deletes an idle one', async () => {
    const busy = await makeOrganization(d, 'ООО «Занятое»');
    const executor = await makePerson(d.db, 'executor');
    const replier = await makePerson(d.db, 'executor');
    const numberOf = async (deal: { id: number }) => (await d.db.query<{ number: number }>('select number from applications where id = $1', [deal.id]))[0]!.number;
    const inWork = { number: await numberOf(await applicationIn(d, 'in_work', { customer: busy.director, executor, replier })) };
    const refused = await d.api.call(busy.director, 'DELETE', 'organization/delete', { id: busy.organizationId });
    expect(refused.status).toBe(409);
    // It names what holds it (QA BAB-2: «заявки в работе» said of published ones sent him looking).
    expect(refused.body.message).toBe(
      `Нельзя удалить организацию, пока у неё есть незавершённые заявки (заявка № ${inWork.number}). Заявки без исполнителя удалите, остальные завершите или остановите`,
    );
    // A published one holds it as well, and is named beside the deal in work.
    const published = { number: await numberOf(await applicationIn(d, 'published', { customer: busy.director, executor, replier })) };
    const both = await d.api.call(busy.director, 'DELETE', 'organization/delete', { id: busy.organizationId });
    expect(both.body.message).toContain(`(заявки № ${inWork.number}, ${published.number})`);

    // The same deal closed: no live application, but the ledger holds the organisation's payment.
    const paid = await makeOrganization(d, 'ООО «Оплатившее»');
    await applicationIn(d, 'closed', { customer: paid.director, executor, replier });
    const history = await d.api.call(paid.director, 'DELETE', 'organization/delete', { id: paid.organizationId });
    expect(history.status).toBe(409);
    expect(history.body.message).toMatch(/движение денег/);

    const idle = await makeOrganization(d, 'ООО «Свободное»');
    must(await d.api.post(idle.director, 'application/draft/upsert', { name: 'Черновик' }), 'draft');
    const done = await d.api.call(idle.director, 'DELETE', 'organization/delete', { id: idle.organizationId });
    expect(done.status).toBe(200);
    const [row] = await d.db.query('select id from profiles where id = $1', [idle.organizationId]);
    expect(row).toBeUndefined();
    // The director acts as his own customer profile again (organization-active-fallback.test.ts).
    const [user] = await d.db.query<{ a: number | null }>('select active_profile_id as a from users where id = $1', [idle.director.userId]);
    const [own] = await d.db.query<{ id: number }>(`select id from profiles where user_id = $1 and type = 'customer'`, [idle.director.userId]);
    expect(user!.a).toBe(own!.id);
  });
});

describe('organization/delete and what others hold of it (QA TTT-2)', () => {
  it('is refused while its reply stands and once it has a conversation, whose messages are the customer’s too', async () => {
    const customer = await makePerson(d.db, 'customer');
    const executor = await makePerson(d.db, 'executor');
    const org = await makeOrganization(d, 'ООО «Отвечающее»');
    const { id } = await applicationIn(d, 'published', { customer, executor, replier: org.director });
    const byReply = await d.api.call(org.director, 'DELETE', 'organization/delete', { id: org.organizationId });
    expect([byReply.status, byReply.body.code, byReply.body.message]).toEqual([409, 'organization_busy', 'Нельзя удалить организацию: у неё есть действующие отклики на заявки. Отзовите их']);

    const messagingId = must(await d.api.post(org.director, 'message/create', { applicationId: id, text: 'Есть вопрос' }), 'question').messagingId as number;
    must(await d.api.post(customer, 'message/create', { messagingId, text: 'Мой ответ заказчика' }), 'answer');
    must(await d.api.post(org.director, 'application/reply/remove', { id }), 'withdraw');
    const byConversation = await d.api.call(org.director, 'DELETE', 'organization/delete', { id: org.organizationId });
    expect([byConversation.status, byConversation.body.code, byConversation.body.message]).toEqual([
      409,
      'organization_has_history',
      'Нельзя удалить организацию: у неё есть переписка по заявкам, которая нужна и другой стороне',
    ]);
    // Nothing went: the customer reads his conversation as before.
    const thread = must(await d.api.get(customer, 'message/get-collection', { messagingId }), 'thread');
    expect(thread.items.map((m: { text: string }) => m.text).sort()).toEqual(['Есть вопрос', 'Мой ответ заказчика']);
  });

  it('a reply left on a deal another executor has done is history, not a reply to withdraw first (QA AAE-1: never deletable)', async () => {
    const customer = await makePerson(d.db, 'customer');
    const executor = await makePerson(d.db, 'executor');
    for (const status of ['executed', 'closed'] as const) {
      const org = await makeOrganization(d, `ООО «Не выбранное ${status}»`);
      const { id } = await applicationIn(d, status, { customer, executor, replier: org.director });
      // Its withdrawal is refused there, so the delete's advice «Отзовите их» could not be followed.
      expect((await d.api.post(org.director, 'application/reply/remove', { id })).status).toBe(409);
      const res = await d.api.call(org.director, 'DELETE', 'organization/delete', { id: org.organizationId });
      expect([status, res.status]).toEqual([status, 200]);
    }
    // While the other executor still works, the reply may yet be chosen: withdrawn first, as before.
    const org = await makeOrganization(d, 'ООО «В резерве»');
    await applicationIn(d, 'in_work', { customer, executor, replier: org.director });
    expect((await d.api.call(org.director, 'DELETE', 'organization/delete', { id: org.organizationId })).body.code).toBe('organization_busy');
  });
});

describe('organization/get-collection', () => {
  it('lists the caller\'s organisations by name with Ё as Е', async () => {
    const director = await makePerson(d.db, 'customer', 'Руководитель Многих');
    for (const name of ['ООО «Яблоко»', 'ООО «Ёлка»', 'ООО «Альфа»', 'ООО «Ежевика»']) {
      must(await d.api.post(director, 'organization/create', { inn: freshInn(), name }), name);
    }
    const list = must(await d.api.get(director, 'organization/get-collection', {}), 'list');
    expect(list.items.map((o: { name: string }) => o.name)).toEqual(['ООО «Альфа»', 'ООО «Ежевика»', 'ООО «Ёлка»', 'ООО «Яблоко»']);
  });
});

describe('profiles of members', () => {
  it('lets a member switch to the organisation, not an outsider (403)', async () => {
    const s = await makeStaffed(d);
    const list = must(await d.api.get(s.employee, 'user/profile/list', {}), 'list');
    expect(list.items).toContainEqual(expect.objectContaining({ id: s.organizationId, type: 'organization', active: true, role: 'employee' }));
    const outsider = await makePerson(d.db, 'customer');
    const denied = await d.api.call(outsider, 'PUT', 'user/profile/update', { id: s.organizationId });
    expect(denied.status).toBe(403);
    // An employee switches but does not rename the organisation through the profile call.
    const rename = await d.api.call(s.employee, 'PUT', 'user/profile/update', { id: s.organizationId, name: 'ООО «Моё»' });
    expect(rename.status).toBe(403);
  });

  it('an employee acting as the organisation creates an application and the director sees it as the organisation\'s', async () => {
    const s = await makeStaffed(d, 'ООО «Заказчик»');
    const fields = {
      name: 'Ремонт офиса',
      description: 'Покраска стен',
      services: [(await d.db.query<{ id: number }>('select id from services where parent_id is not null order by id limit 1'))[0]!.id],
      price: 1000,
      deadline: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
      feedbackDeadline: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10),
      address: { value: 'г Москва', cityFiasId: null, geoLat: null, geoLon: null },
    };
    const created = must(await d.api.post(s.employee, 'application/create', fields), 'create');
    expect(created.customer).toMatchObject({ id: s.organizationId });
    const mine = must(await d.api.get(s.director, 'user/application/get-collection', { role: 'customer' }), 'list');
    expect(mine.items.map((a: { id: number }) => a.id)).toContain(created.id);
    const executor = await makePerson(d.db, 'executor');
    const reply = must(await d.api.post(executor, 'application/reply/send', { id: created.id, comment: 'Сделаю' }), 'reply');
    const named = await d.api.post(s.employee, 'application/named/executor', { id: created.id, replyId: reply.id });
    expect(named.status).toBe(200);
    expect(named.body.data.status).toBe('executor_named');
  });
});

describe('organization/get-dadata', () => {
  let fake: FakeDadata;
  let ctx: { close(): Promise<void> };
  let api: ReturnType<typeof caller>;
  let person: Awaited<ReturnType<typeof makePerson>>;
  beforeAll(async () => {
    fake = await startFakeDadata();
    const { db, close } = await openTestDb();
    const app = await buildApp({ config: testConfig({ dadataToken: fake.token, dadataUrl: fake.url }), db, logger: false });
    ctx = { close: async () => (await app.close(), await close()) };
    api = caller(app);
    person = await makePerson(db, 'customer');
  });
  afterAll(async () => {
    await ctx.close();
    await fake.close();
  });

  it('maps DaData\'s party to the form\'s fields', async () => {
    const res = await api.get(person, 'organization/get-dadata', { inn: '7707083893' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      inn: '7707083893',
      kpp: '773601001',
      ogrn: '1027700132195',
      name: 'ПАО СБЕРБАНК',
      fullName: 'ПУБЛИЧНОЕ АКЦИОНЕРНОЕ ОБЩЕСТВО "СБЕРБАНК РОССИИ"',
      address: { value: 'г Москва, ул Вавилова, д 19', cityFiasId: '0c5b2444-70a0-4932-980c-b4dc0d3f02b5', geoLat: 55.7001, geoLon: 37.5797 },
      director: 'Греф Герман Оскарович',
      directorPost: 'ПРЕЗИДЕНТ, ПРЕДСЕДАТЕЛЬ ПРАВЛЕНИЯ',
    });
    const sent = fake.requests.at(-1)!;
    expect(sent).toMatchObject({ method: 'POST', url: '/suggestions/api/4_1/rs/findById/party', body: { query: '7707083893' } });
  });

  it('answers 404 for an INN DaData does not know, 502 when DaData fails, 422 for a bad INN', async () => {
    expect((await api.get(person, 'organization/get-dadata', { inn: '7736207543' })).status).toBe(200);
    const unknown = await api.get(person, 'organization/get-dadata', { inn: freshInn() });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/вручную/);
    fake.failWith(500);
    try {
      const down = await api.get(person, 'organization/get-dadata', { inn: '7707083893' });
      expect(down.status).toBe(502);
      expect(down.body.message).toMatch(/недоступен/);
    } finally {
      fake.failWith(null);
    }
    expect((await api.get(person, 'organization/get-dadata', { inn: '123' })).status).toBe(422);
  });

  it('the bank directory reads findById/bank: name and correspondent account by BIC, null for an unknown BIC', async () => {
    const directory = bankDirectoryFrom({ dadataToken: fake.token, dadataUrl: fake.url })!;
    expect(await directory.byBic('044525225')).toEqual({ bankName: 'ПАО СБЕРБАНК', correspondentAccount: '30101810400000000225' });
    expect(await directory.byBic('044525999')).toBeNull();
    expect(bankDirectoryFrom({ dadataToken: undefined, dadataUrl: fake.url })).toBeNull();
    fake.failWith('drop');
    try {
      await expect(directory.byBic('044525225')).rejects.toThrow('DaData is unavailable');
    } finally {
      fake.failWith(null);
    }
  });

  it('without a token, development gets the built-in directory of large banks (each pair passes the check); production and tests none', async () => {
    const dev = bankDirectoryFrom({ dadataToken: undefined, dadataUrl: fake.url, env: 'development' })!;
    expect(await dev.byBic('044525225')).toEqual({ bankName: 'ПАО Сбербанк', correspondentAccount: '30101810400000000225' });
    expect(await dev.byBic('044525999')).toBeNull();
    for (const bic of DEV_BANK_BICS) expect(isValidCorrAccount((await dev.byBic(bic))!.correspondentAccount!, bic)).toBe(true);
    expect(bankDirectoryFrom({ dadataToken: undefined, dadataUrl: fake.url, env: 'production' })).toBeNull();
    expect(bankDirectoryFrom({ dadataToken: undefined, dadataUrl: fake.url, env: 'test' })).toBeNull();
    // A token wins in development too.
    const real = bankDirectoryFrom({ dadataToken: fake.token, dadataUrl: fake.url, env: 'development' })!;
    expect(await real.byBic('044525225')).toEqual({ bankName: 'ПАО СБЕРБАНК', correspondentAccount: '30101810400000000225' });
  });

  it('without DADATA_TOKEN answers 404 and asks to fill the form by hand', async () => {
    const person2 = await makePerson(d.db, 'customer');
    const res = await d.api.get(person2, 'organization/get-dadata', { inn: '7707083893' });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Поиск организации по ИНН недоступен: заполните данные вручную');
  });
});
