/**
 * Bank requisites (ARCHITECTURE §8 "Cabinet"): the active profile's list, create, update and soft
 * delete; every failing number a 422 naming its field; rights (guest, no profile, another
 * profile, an organisation's employee); the bank name from the directory when one is configured.
 */
import { MAX_BANK_REQUISITES, REQUISITE_MESSAGES } from 'shared/contract';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import type { Db } from '../src/db';
import type { BankDirectory } from '../src/providers/dadata/bank-directory';
import { caller, makePerson, makeUserWithoutProfile, type Person } from './deal-helpers';
import { authHeader, openTestDb } from './helpers';

const SBER = { bic: '044525225', correspondentAccount: '30101810400000000225', account: '40702810500000001234' };
const TBANK = { bic: '044525974', correspondentAccount: '30101810145250000974', account: '40802810700000001234' };
/** Other accounts of Sberbank whose keys check: a profile holds each account of a bank once. */
const SBER_SECOND = '40702810900000005678';
const SBER_THIRD = '40702810300000009999';

/** A directory that knows two banks, and one that is down. */
const directory: BankDirectory = {
  async byBic(bic) {
    if (bic === SBER.bic) return { bankName: 'ПАО Сбербанк', correspondentAccount: SBER.correspondentAccount };
    if (bic === TBANK.bic) return { bankName: 'АО «ТБанк»', correspondentAccount: TBANK.correspondentAccount };
    return null;
  },
};
const brokenDirectory: BankDirectory = {
  byBic: () => Promise.reject(new Error('directory down')),
};

let db: Db;
let closeDb: () => Promise<void>;
const apps: Awaited<ReturnType<typeof buildApp>>[] = [];

async function appWith(bankDirectory: BankDirectory | null) {
  const app = await buildApp({ config: testConfig(), db, logger: false, bankDirectory });
  apps.push(app);
  return caller(app);
}

let api: ReturnType<typeof caller>;
let rub: number;

beforeAll(async () => {
  ({ db, close: closeDb } = await openTestDb());
  api = await appWith(null);
  [{ id: rub }] = (await db.query<{ id: number }>("select id from currencies where code = 'RUB'")) as [{ id: number }];
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await closeDb();
});

const body = (overrides: Record<string, unknown> = {}) => ({
  recipientName: 'ООО «Ромашка»',
  inn: '7707083893',
  kpp: '773601001',
  bankName: 'ПАО Сбербанк',
  ...SBER,
  currencyId: rub,
  ...overrides,
});

/** An organisation profile with its director (the caller acting for it) and one employee. */
async function organisation(): Promise<{ director: Person; employee: Person }> {
  const director = await makePerson(db, 'organization', 'ООО «Вектор»');
  // makePerson may already have made its person the director (deal-helpers): once is enough.
  await db.query(
    'insert into organization_members (organization_id, user_id, director) values ($1, $2, true) on conflict (organization_id, user_id) do nothing',
    [director.profileId, director.userId],
  );
  const user = await makeUserWithoutProfile(db);
  await db.query('insert into organization_members (organization_id, user_id, position) values ($1, $2, $3)', [director.profileId, user.userId, 'Бухгалтер']);
  await db.query('update users set active_profile_id = $2 where id = $1', [user.userId, director.profileId]);
  return { director, employee: { ...user, profileId: director.profileId } };
}

describe('bank requisites: list, create, update, delete', () => {
  it('lists the four currencies', async () => {
    const owner = await makePerson(db, 'executor');
    const res = await api.get(owner, 'bank-requisite/currency/get-collection', {});
    expect(res.status).toBe(200);
    expect(res.body.data.items.map((c: { code: string }) => c.code)).toEqual(['RUB', 'USD', 'EUR', 'CNY']);
    expect(res.body.data.items[0]).toEqual({ id: rub, code: 'RUB', name: 'Российский рубль' });
  });

  it('creates a requisite from pasted numbers, lists it, changes it and soft-deletes it', async () => {
    const owner = await makePerson(db, 'executor');
    const created = await api.post(owner, 'bank-requisite/create', body({ inn: '7707 083 893', account: '4070 2810 5000 0000 1234', kpp: '' }));
    expect(created.status).toBe(200);
    expect(created.body.message).toBe('Реквизиты добавлены');
    const requisite = created.body.data;
    expect(requisite).toMatchObject({
      recipientName: 'ООО «Ромашка»',
      inn: '7707083893',
      kpp: null,
      ...SBER,
      bankName: 'ПАО Сбербанк',
      currency: { id: rub, code: 'RUB', name: 'Российский рубль' },
    });
    expect(Date.parse(requisite.createdAt)).not.toBeNaN();

    const listed = await api.get(owner, 'bank-requisite/get-collection', {});
    expect(listed.status).toBe(200);
    expect(listed.body.data).toMatchObject({ total: 1, page: 1, items: [requisite] });

    // Another bank: both accounts and the BIC change together, the name with them.
    const updated = await api.call(owner, 'PUT', 'bank-requisite/update', { id: requisite.id, ...TBANK, inn: '500100732259', bankName: 'АО «ТБанк»' });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ id: requisite.id, ...TBANK, inn: '500100732259', kpp: null, bankName: 'АО «ТБанк»', recipientName: 'ООО «Ромашка»' });

    const deleted = await api.call(owner, 'DELETE', 'bank-requisite/delete', { id: requisite.id });
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toEqual({ id: requisite.id });
    expect((await api.get(owner, 'bank-requisite/get-collection', {})).body.data).toMatchObject({ total: 0, items: [] });
    // The row stays for the payouts that name it.
    const [row] = await db.query<{ deleted: boolean }>('select deleted_at is not null as deleted from bank_requisites where id = $1', [requisite.id]);
    expect(row).toEqual({ deleted: true });
    // A deleted requisite is not found (404), its own profile's or not.
    const notFound = [404, { message: 'Реквизиты не найдены', code: 'not_found' }];
    const upd = await api.call(owner, 'PUT', 'bank-requisite/update', { id: requisite.id, recipientName: 'Другое' });
    expect([upd.status, upd.body]).toEqual(notFound);
    const del = await api.call(owner, 'DELETE', 'bank-requisite/delete', { id: requisite.id });
    expect([del.status, del.body]).toEqual(notFound);
    const stranger = await makePerson(db, 'customer');
    expect((await api.call(stranger, 'DELETE', 'bank-requisite/delete', { id: requisite.id })).status).toBe(404);
  });

  // ARCHITECTURE §8: a call by anyone else is 403 (it was a 404 before: a contract correction).
  it("keeps each profile's requisites to itself: another's is 403, changes nothing and is not listed", async () => {
    const owner = await makePerson(db, 'executor');
    const stranger = await makePerson(db, 'customer');
    const { body: created } = await api.post(owner, 'bank-requisite/create', body());
    const id = created.data.id;
    const forbidden = [403, { message: 'Реквизиты принадлежат другому профилю', code: 'forbidden' }];
    const upd = await api.call(stranger, 'PUT', 'bank-requisite/update', { id, recipientName: 'Чужой' });
    expect([upd.status, upd.body]).toEqual(forbidden);
    const del = await api.call(stranger, 'DELETE', 'bank-requisite/delete', { id });
    expect([del.status, del.body]).toEqual(forbidden);
    expect((await api.get(stranger, 'bank-requisite/get-collection', {})).body.data.items).toEqual([]);
    expect((await api.get(owner, 'bank-requisite/get-collection', {})).body.data.items).toEqual([created.data]);
    expect((await api.call(owner, 'DELETE', 'bank-requisite/delete', { id: 2147483647 })).status).toBe(404);
    expect((await api.call(owner, 'PUT', 'bank-requisite/update', { id: 2147483647, recipientName: 'Другое' })).status).toBe(404);
  });
});

describe('bank requisites: each failing number is a 422 naming its field', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['INN check digit', { inn: '7707083894' }, 'inn', REQUISITE_MESSAGES.innChecksum],
    ['INN of 11 digits', { inn: '77070838930' }, 'inn', REQUISITE_MESSAGES.innFormat],
    ['12-digit INN second check digit', { inn: '500100732258', kpp: null }, 'inn', REQUISITE_MESSAGES.innChecksum],
    ['KPP shape', { kpp: '77360100' }, 'kpp', REQUISITE_MESSAGES.kppFormat],
    ['KPP of a person', { inn: '500100732259' }, 'kpp', REQUISITE_MESSAGES.kppForPerson],
    ['BIC of 8 digits', { bic: '04452522' }, 'bic', REQUISITE_MESSAGES.bicFormat],
    ['BIC outside Russia', { bic: '144525225' }, 'bic', REQUISITE_MESSAGES.bicCountry],
    ['a Treasury BIC (QA AAP-8)', { bic: '004525988' }, 'bic', REQUISITE_MESSAGES.bicCountry],
    ['INN of zeros (QA AAP-7)', { inn: '0000000000' }, 'inn', REQUISITE_MESSAGES.innRegion],
    ['correspondent account prefix', { correspondentAccount: '30102810400000000225' }, 'correspondentAccount', REQUISITE_MESSAGES.corrAccountPrefix],
    ['correspondent account of another bank', { correspondentAccount: TBANK.correspondentAccount }, 'correspondentAccount', REQUISITE_MESSAGES.corrAccountBic],
    ['correspondent account key', { correspondentAccount: '30101810500000000225' }, 'correspondentAccount', REQUISITE_MESSAGES.corrAccountChecksum],
    ['settlement account key', { account: '40702810500000001235' }, 'account', REQUISITE_MESSAGES.accountChecksum],
    ['settlement account of 19 digits', { account: '4070281050000000123' }, 'account', REQUISITE_MESSAGES.accountFormat],
    ['settlement account of another bank', { account: TBANK.account }, 'account', REQUISITE_MESSAGES.accountChecksum],
    ['blank recipient', { recipientName: '  ' }, 'recipientName', REQUISITE_MESSAGES.recipientNameRequired],
    ['unknown currency', { currencyId: 999999 }, 'currencyId', REQUISITE_MESSAGES.currencyUnknown],
    ['no currency', { currencyId: undefined }, 'currencyId', REQUISITE_MESSAGES.currencyRequired],
  ];

  it.each(cases)('%s', async (_name, overrides, field, message) => {
    const owner = await makePerson(db, 'executor');
    const res = await api.post(owner, 'bank-requisite/create', body(overrides));
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('validation');
    expect(res.body.errors).toEqual({ [field]: message });
    expect((await api.get(owner, 'bank-requisite/get-collection', {})).body.data.total).toBe(0);
  });

  it('names every failing field at once', async () => {
    const owner = await makePerson(db, 'executor');
    const res = await api.post(owner, 'bank-requisite/create', body({ inn: '1234567890', account: '40702810500000001235', kpp: 'x' }));
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors ?? {}).sort()).toEqual(['account', 'inn', 'kpp']);
  });

  it("checks the account's currency digits (6th–8th) against the chosen currency, on create and on an update of the currency alone", async () => {
    const [{ id: usd }] = (await db.query<{ id: number }>("select id from currencies where code = 'USD'")) as [{ id: number }];
    const owner = await makePerson(db, 'executor');
    const roubleAccountInDollars = await api.post(owner, 'bank-requisite/create', body({ currencyId: usd }));
    expect(roubleAccountInDollars.status).toBe(422);
    expect(roubleAccountInDollars.body.errors).toEqual({ account: 'Счёт не в выбранной валюте: 6–8-я цифры счёта — код валюты, для USD это 840' });
    // 40702 840 8…: a dollar account of the same bank whose key checks.
    const dollars = await api.post(owner, 'bank-requisite/create', body({ currencyId: usd, account: '40702840800000001234' }));
    expect(dollars.status).toBe(200);
    expect(dollars.body.data.currency.code).toBe('USD');
    const toRoubles = await api.call(owner, 'PUT', 'bank-requisite/update', { id: dollars.body.data.id, currencyId: rub });
    expect(toRoubles.status).toBe(422);
    expect(toRoubles.body.errors).toEqual({ account: 'Счёт не в выбранной валюте: 6–8-я цифры счёта — код валюты, для RUB это 810' });
    expect((await api.get(owner, 'bank-requisite/get-collection', {})).body.data.items.map((r: { currency: { code: string } }) => r.currency.code)).toEqual(['USD']);
  });

  it('checks an update against the stored fields: a new BIC alone no longer fits the accounts', async () => {
    const owner = await makePerson(db, 'executor');
    const { body: created } = await api.post(owner, 'bank-requisite/create', body());
    const res = await api.call(owner, 'PUT', 'bank-requisite/update', { id: created.data.id, bic: TBANK.bic });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ correspondentAccount: REQUISITE_MESSAGES.corrAccountBic, account: REQUISITE_MESSAGES.accountChecksum });
    const kpp = await api.call(owner, 'PUT', 'bank-requisite/update', { id: created.data.id, inn: '500100732259' });
    expect(kpp.body.errors).toEqual({ kpp: REQUISITE_MESSAGES.kppForPerson });
    expect((await api.get(owner, 'bank-requisite/get-collection', {})).body.data.items).toEqual([created.data]);
  });
});

describe('bank requisites: one account of a bank once per profile', () => {
  const SECOND = SBER_SECOND;
  const DUPLICATE = 'Этот расчётный счёт в этом банке уже добавлен в реквизиты';
  const listed = async (owner: Person) => (await api.get(owner, 'bank-requisite/get-collection', {})).body.data;

  it('refuses a second requisite with the same account and BIC: 409 on the account field, nothing added', async () => {
    const owner = await makePerson(db, 'executor');
    const first = await api.post(owner, 'bank-requisite/create', body());
    expect(first.status).toBe(200);
    // Pasted with spaces and another recipient: still the same account of the same bank.
    const again = await api.post(owner, 'bank-requisite/create', body({ recipientName: 'Другой получатель', account: '4070 2810 5000 0000 1234' }));
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: DUPLICATE, code: 'requisite_exists', errors: { account: DUPLICATE } });
    expect(await listed(owner)).toMatchObject({ total: 1, items: [first.body.data] });
  });

  it('lets another account of the bank, another profile, or the account again after its deletion through', async () => {
    const owner = await makePerson(db, 'executor');
    const other = await makePerson(db, 'customer');
    const first = await api.post(owner, 'bank-requisite/create', body());
    expect((await api.post(owner, 'bank-requisite/create', body({ account: SECOND }))).status).toBe(200);
    expect((await api.post(other, 'bank-requisite/create', body())).status).toBe(200);
    expect((await api.call(owner, 'DELETE', 'bank-requisite/delete', { id: first.body.data.id })).status).toBe(200);
    expect((await api.post(owner, 'bank-requisite/create', body())).status).toBe(200);
    expect((await listed(owner)).total).toBe(2);
  });

  it('refuses an update that makes a requisite equal to another, and lets one keep its own account', async () => {
    const owner = await makePerson(db, 'executor');
    const first = (await api.post(owner, 'bank-requisite/create', body())).body.data;
    const second = (await api.post(owner, 'bank-requisite/create', body({ account: SECOND }))).body.data;
    const clash = await api.call(owner, 'PUT', 'bank-requisite/update', { id: second.id, account: SBER.account });
    expect(clash.status).toBe(409);
    expect(clash.body).toEqual({ message: DUPLICATE, code: 'requisite_exists', errors: { account: DUPLICATE } });
    const renamed = await api.call(owner, 'PUT', 'bank-requisite/update', { id: first.id, ...SBER, recipientName: 'ООО «Ромашка и К»' });
    expect(renamed.status).toBe(200);
    expect((await listed(owner)).items.map((r: { id: number; account: string }) => [r.id, r.account])).toEqual([
      [second.id, SECOND],
      [first.id, SBER.account],
    ]);
  });

  it('adds one of several identical requisites sent at once: the others are 409, not a 500 or a second row', async () => {
    const owner = await makePerson(db, 'executor');
    const answers = await Promise.all(Array.from({ length: 5 }, () => api.post(owner, 'bank-requisite/create', body())));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.errors?.account === DUPLICATE)).toBe(true);
    expect((await listed(owner)).total).toBe(1);
  });

  it('keeps the database itself from holding the same live account twice', async () => {
    const owner = await makePerson(db, 'executor');
    await api.post(owner, 'bank-requisite/create', body());
    await expect(
      db.query(
        `insert into bank_requisites (profile_id, recipient_name, inn, bic, correspondent_account, account, currency_id)
         values ($1, 'Дубль', '7707083893', $2, $3, $4, $5)`,
        [owner.profileId, SBER.bic, SBER.correspondentAccount, SBER.account, rub],
      ),
    ).rejects.toMatchObject({ code: '23505' });
  });
});

describe('bank requisites: at most MAX_BANK_REQUISITES a profile', () => {
  const FULL = `Можно сохранить не больше ${MAX_BANK_REQUISITES} счетов: удалите ненужный, чтобы добавить новый`;
  /** Live requisites written straight to the table (their numbers are not the point here). */
  const fill = async (owner: Person, count: number) => {
    for (let i = 0; i < count; i++) {
      await db.query(
        `insert into bank_requisites (profile_id, recipient_name, inn, bic, correspondent_account, account, currency_id)
         values ($1, 'Получатель', '7707083893', $2, $3, $4, $5)`,
        [owner.profileId, TBANK.bic, TBANK.correspondentAccount, `40802810${String(i).padStart(12, '0')}`, rub],
      );
    }
  };

  it('refuses the one past the cap with 409 until one is deleted, and every one fits the list’s one page', async () => {
    const owner = await makePerson(db, 'executor');
    await fill(owner, MAX_BANK_REQUISITES - 1);
    const last = await api.post(owner, 'bank-requisite/create', body());
    expect(last.status).toBe(200);
    const past = await api.post(owner, 'bank-requisite/create', body({ account: SBER_SECOND }));
    expect(past.status).toBe(409);
    expect(past.body).toEqual({ message: FULL, code: 'requisites_full' });
    const listed = (await api.get(owner, 'bank-requisite/get-collection', {})).body.data;
    expect(listed).toMatchObject({ total: MAX_BANK_REQUISITES, limit: MAX_BANK_REQUISITES });
    expect(listed.items).toHaveLength(MAX_BANK_REQUISITES);
    // A deleted one frees its place; another profile was never concerned.
    expect((await api.call(owner, 'DELETE', 'bank-requisite/delete', { id: last.body.data.id })).status).toBe(200);
    expect((await api.post(owner, 'bank-requisite/create', body({ account: SBER_SECOND }))).status).toBe(200);
    expect((await api.post(await makePerson(db, 'executor'), 'bank-requisite/create', body())).status).toBe(200);
  });

  it('counts creations sent at once one after another: the cap holds', async () => {
    const owner = await makePerson(db, 'executor');
    await fill(owner, MAX_BANK_REQUISITES - 2);
    const answers = await Promise.all([SBER.account, SBER_SECOND, SBER_THIRD].map((account) => api.post(owner, 'bank-requisite/create', body({ account }))));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.code).toBe('requisites_full');
    const [{ live }] = (await db.query<{ live: number }>('select count(*)::int as live from bank_requisites where profile_id = $1 and deleted_at is null', [owner.profileId])) as [{ live: number }];
    expect(live).toBe(MAX_BANK_REQUISITES);
  });
});

describe('bank requisites: who may', () => {
  it('answers a guest 401 on every call', async () => {
    const calls: [string, string][] = [
      ['GET', 'bank-requisite/currency/get-collection'],
      ['GET', 'bank-requisite/get-collection'],
      ['POST', 'bank-requisite/create'],
      ['PUT', 'bank-requisite/update'],
      ['DELETE', 'bank-requisite/delete'],
      ['GET', 'bank-requisite/bank/get'],
    ];
    for (const [method, path] of calls) expect([path, (await api.call(null, method as 'GET', path, {})).status]).toEqual([path, 401]);
  });

  it('answers 403 to a user without a profile', async () => {
    const user = await makeUserWithoutProfile(db);
    expect((await api.get(user, 'bank-requisite/get-collection', {})).status).toBe(403);
    const res = await api.post(user, 'bank-requisite/create', body());
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Выберите профиль');
  });

  it("lets an organisation's director manage its requisites and its employee only see them", async () => {
    const { director, employee } = await organisation();
    const created = await api.post(director, 'bank-requisite/create', body());
    expect(created.status).toBe(200);
    const id = created.body.data.id;

    const listed = await api.get(employee, 'bank-requisite/get-collection', {});
    expect(listed.status).toBe(200);
    expect(listed.body.data.items).toEqual([created.body.data]);

    const refused = [
      await api.post(employee, 'bank-requisite/create', body()),
      await api.call(employee, 'PUT', 'bank-requisite/update', { id, recipientName: 'Сотрудник' }),
      await api.call(employee, 'DELETE', 'bank-requisite/delete', { id }),
    ];
    expect(refused.map((r) => [r.status, r.body.message])).toEqual(Array(3).fill([403, 'Это может сделать только руководитель организации']));
    expect((await api.get(director, 'bank-requisite/get-collection', {})).body.data.items).toEqual([created.body.data]);
  });
});

describe('bank requisites: the bank directory', () => {
  it('fills a missing bank name from the directory, keeps a typed one', async () => {
    const withDirectory = await appWith(directory);
    const owner = await makePerson(db, 'executor');
    const filled = await withDirectory.post(owner, 'bank-requisite/create', body({ bankName: undefined }));
    expect(filled.status).toBe(200);
    expect(filled.body.data.bankName).toBe('ПАО Сбербанк');
    const typed = await withDirectory.post(owner, 'bank-requisite/create', body({ bankName: 'Сбер, Москва', account: SBER_SECOND }));
    expect(typed.body.data.bankName).toBe('Сбер, Москва');
    // Another bank without a name: the old bank's name is not kept, the directory's comes.
    const moved = await withDirectory.call(owner, 'PUT', 'bank-requisite/update', { id: typed.body.data.id, ...TBANK, kpp: null, inn: '500100732259' });
    expect(moved.status).toBe(200);
    expect(moved.body.data.bankName).toBe('АО «ТБанк»');
  });

  it('leaves the name empty when there is no directory, and a failing directory breaks nothing', async () => {
    const owner = await makePerson(db, 'executor');
    const none = await api.post(owner, 'bank-requisite/create', body({ bankName: '' }));
    expect(none.status).toBe(200);
    expect(none.body.data.bankName).toBeNull();
    const broken = await appWith(brokenDirectory);
    const failed = await broken.post(owner, 'bank-requisite/create', body({ bankName: undefined, account: SBER_SECOND }));
    expect(failed.status).toBe(200);
    expect(failed.body.data.bankName).toBeNull();
    expect((await broken.post(owner, 'bank-requisite/create', body({ bankName: 'Сбербанк', account: SBER_THIRD }))).body.data.bankName).toBe('Сбербанк');
  });

  it('answers the bank by BIC for the form, 404 without a directory or for an unknown BIC', async () => {
    const owner = await makePerson(db, 'executor');
    const withDirectory = await appWith(directory);
    const found = await withDirectory.get(owner, 'bank-requisite/bank/get', { bic: '0445 25225' });
    expect(found.status).toBe(200);
    expect(found.body.data).toEqual({ bic: SBER.bic, bankName: 'ПАО Сбербанк', correspondentAccount: SBER.correspondentAccount });
    expect((await withDirectory.get(owner, 'bank-requisite/bank/get', { bic: '044525999' })).status).toBe(404);
    expect((await api.get(owner, 'bank-requisite/bank/get', { bic: SBER.bic })).status).toBe(404);
    const bad = await withDirectory.get(owner, 'bank-requisite/bank/get', { bic: '12345' });
    expect([bad.status, bad.body.errors]).toEqual([422, { bic: REQUISITE_MESSAGES.bicFormat }]);
    const down = await (await appWith(brokenDirectory)).get(owner, 'bank-requisite/bank/get', { bic: SBER.bic });
    expect(down.status).toBe(503);
    expect(down.body.message).toMatch(/вручную/);
  });
});
