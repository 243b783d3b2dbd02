import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  FACILITY_MAX_FILES,
  FACILITY_MESSAGES,
  FACILITY_TOO_MANY_FILES_MESSAGE,
  FILE_TOO_LARGE_MESSAGE,
  FILE_TYPE_MESSAGE,
  FACILITY_CHANGED,
  facilitySeenOf,
  MAX_FILE_BYTES,
  type Facility,
} from 'shared/contract';
import { caller, makePerson, makeUserWithoutProfile, SAMPLE_PDF, type CallAnswer, type FilePart, type Person, type Who } from './deal-helpers';
import { authHeader, setupTestApp, type TestContext } from './helpers';
import { makeOrganization } from './organization-helpers';

let ctx: TestContext;
let api: ReturnType<typeof caller>;
const filesDir = mkdtempSync(path.join(os.tmpdir(), 'facility-lk-'));
let typeId: number;
let otherTypeId: number;

beforeAll(async () => {
  ctx = await setupTestApp({ filesDir });
  api = caller(ctx.app);
  const types = await api.get(null, 'profile/facility/get/type', {});
  expect(types.status).toBe(200);
  typeId = types.body.data.items.find((t: { name: string }) => t.name === 'Квартира').id;
  otherTypeId = types.body.data.items.find((t: { name: string }) => t.name === 'Склад').id;
});
afterAll(async () => {
  await ctx.close();
  rmSync(filesDir, { recursive: true, force: true });
});

const PNG = { name: 'фото.png', bytes: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]) };
const TEXT = { name: 'заметка.txt', bytes: Buffer.from('просто текст, не документ\n') };
const ADDRESS = { value: 'г Москва, ул Тверская, д 1', cityFiasId: '0c5b2444-70a0-4932-980c-b4dc0d3f02b5', geoLat: 55.757, geoLon: 37.615 };

/** A multipart form (deal-helpers `form`): the fields in order, then each file in field `file`. */
const form = <T = any>(who: Who, pathName: string, fields: Record<string, string>, files: FilePart[] = []): Promise<CallAnswer<T>> =>
  caller(ctx.app).form<T>(who, pathName, fields, files);

const fieldsOf = (over: Record<string, string> = {}) => ({
  name: 'Квартира на Тверской',
  typeId: String(typeId),
  description: 'Две комнаты, 54 м²',
  address: JSON.stringify(ADDRESS),
  ...over,
});

const create = (who: Who, over: Record<string, string> = {}, files: FilePart[] = []) => form<Facility>(who, 'profile/facility/create', fieldsOf(over), files);

/** Every stored facility file, to prove that a refused request leaves none behind. */
const storedFiles = () => {
  try {
    return readdirSync(path.join(filesDir, 'facilities')).length;
  } catch {
    return 0;
  }
};
const facilityCount = async (profileId: number) =>
  (await ctx.db.query<{ n: number }>('select count(*)::int as n from facilities where profile_id = $1', [profileId]))[0]!.n;

describe('create, update, get', () => {
  let owner: Person;
  let stranger: Person;
  let facility: Facility;

  beforeAll(async () => {
    owner = await makePerson(ctx.db, 'customer');
    stranger = await makePerson(ctx.db, 'executor');
  });

  it('lists the seeded facility types in Russian', async () => {
    const res = await api.get(null, 'profile/facility/get/type', {});
    expect(res.body.data.items.map((t: { name: string }) => t.name)).toEqual(expect.arrayContaining(['Квартира', 'Частный дом', 'Офис', 'Склад', 'Прочее']));
  });

  it('creates a facility with two private files in one multipart request', async () => {
    const before = storedFiles();
    const res = await create(owner, { public: 'false' }, [SAMPLE_PDF, PNG]);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Объект создан');
    facility = res.body.data;
    expect(facility).toMatchObject({
      name: 'Квартира на Тверской',
      type: { id: typeId, name: 'Квартира' },
      description: 'Две комнаты, 54 м²',
      address: ADDRESS,
      owner: { id: owner.profileId, type: 'customer' },
      editable: true,
    });
    expect(facility.documents.map((d) => [d.name, d.mimeType, d.public])).toEqual([
      ['contract.pdf', 'application/pdf', false],
      ['фото.png', 'image/png', false],
    ]);
    expect(storedFiles()).toBe(before + 2);
  });

  it('updates via _method=PUT: new fields, and a public file added to the documents', async () => {
    const res = await form<Facility>(
      owner,
      'profile/facility/update',
      { _method: 'PUT', id: String(facility.id), ...fieldsOf({ name: 'Склад на Тверской', typeId: String(otherTypeId), public: 'true' }) },
      [{ name: 'план.pdf', bytes: SAMPLE_PDF.bytes }],
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Объект сохранён');
    expect(res.body.data).toMatchObject({ id: facility.id, name: 'Склад на Тверской', type: { id: otherTypeId, name: 'Склад' } });
    expect(res.body.data.documents.map((d) => [d.name, d.public])).toEqual([
      ['contract.pdf', false],
      ['фото.png', false],
      ['план.pdf', true],
    ]);
    facility = res.body.data;
  });

  it('updates without files and without _method too', async () => {
    const res = await form<Facility>(owner, 'profile/facility/update', { id: String(facility.id), ...fieldsOf({ name: 'Склад', typeId: String(otherTypeId) }) });
    expect(res.status).toBe(200);
    expect(res.body.data.name).toBe('Склад');
    expect(res.body.data.documents).toHaveLength(3);
  });

  it('shows the private documents to the owner only: another user and a guest see the public one', async () => {
    const mine = await api.get<Facility>(owner, 'profile/facility/get', { id: facility.id });
    expect(mine.body.data.documents).toHaveLength(3);
    expect(mine.body.data.editable).toBe(true);
    for (const who of [stranger, null]) {
      const res = await api.get<Facility>(who, 'profile/facility/get', { id: facility.id });
      expect(res.status).toBe(200);
      expect(res.body.data.documents.map((d) => d.name)).toEqual(['план.pdf']);
      expect(res.body.data.editable).toBe(false);
    }
  });

  // ARCHITECTURE §8: a call by anyone else is 403 (another profile's document was a 404 before: a contract correction).
  it('lets the owner download a private document; others get 403, a missing one 404, the public download 404', async () => {
    const priv = facility.documents.find((d) => !d.public)!;
    const mine = await ctx.app.inject({ method: 'GET', url: `/api/profile/facility/document/download?id=${priv.id}`, headers: owner.headers });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-disposition']).toContain('attachment');
    expect(mine.rawPayload.equals(SAMPLE_PDF.bytes)).toBe(true);
    const theirs = await ctx.app.inject({ method: 'GET', url: `/api/profile/facility/document/download?id=${priv.id}`, headers: stranger.headers });
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json()).toEqual({ message: 'Документ принадлежит другому профилю', code: 'forbidden' });
    const missing = await ctx.app.inject({ method: 'GET', url: `/api/profile/facility/document/download?id=2147483647`, headers: owner.headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Документ не найден', code: 'not_found' });
    const guest = await ctx.app.inject({ method: 'GET', url: `/api/profile/facility/document/download?id=${priv.id}` });
    expect(guest.statusCode).toBe(401);
    // The public download answers a private document as a missing one (QA P-8: a 403 told it existed).
    const pub = await ctx.app.inject({ method: 'GET', url: `/api/facility/document/public/download?id=${priv.id}` });
    expect(pub.statusCode).toBe(404);
    const publicDoc = facility.documents.find((d) => d.public)!;
    const open = await ctx.app.inject({ method: 'GET', url: `/api/facility/document/public/download?id=${publicDoc.id}` });
    expect(open.statusCode).toBe(200);
  });

  it('lists the active profile facilities with the list envelope, query and page', async () => {
    await create(owner, { name: 'Дача в Подмосковье' });
    const all = await api.get(owner, 'profile/facility/get-collection', {});
    expect(all.status).toBe(200);
    expect(all.body.data).toMatchObject({ total: 2, page: 1, limit: 12 });
    expect(all.body.data.items.map((f: Facility) => f.name)).toEqual(['Дача в Подмосковье', 'Склад']);
    expect(all.body.data.items[1].documents).toHaveLength(3);
    const found = await api.get(owner, 'profile/facility/get-collection', { query: 'дача' });
    expect(found.body.data.items.map((f: Facility) => f.name)).toEqual(['Дача в Подмосковье']);
    const paged = await api.get(owner, 'profile/facility/get-collection', { limit: 1, page: 2, attributeSort: 'name', typeSort: 'asc' });
    expect(paged.body.data).toMatchObject({ total: 2, page: 2, limit: 1 });
    expect(paged.body.data.items.map((f: Facility) => f.name)).toEqual(['Склад']);
    const byType = await api.get(owner, 'profile/facility/get-collection', { typeId: otherTypeId });
    expect(byType.body.data.items.map((f: Facility) => f.name)).toEqual(['Склад']);
    const theirs = await api.get(stranger, 'profile/facility/get-collection', {});
    expect(theirs.body.data).toMatchObject({ items: [], total: 0 });
  });

  it('sorts the facilities by name with Ё as Е, in both directions', async () => {
    const someone = await makePerson(ctx.db, 'customer');
    for (const name of ['Ясли «Солнышко»', 'ёмкость на участке', 'Ель-гараж', 'Жилой дом']) expect((await create(someone, { name })).status).toBe(200);
    const byName = async (typeSort: string) =>
      (await api.get(someone, 'profile/facility/get-collection', { attributeSort: 'name', typeSort })).body.data.items.map((f: Facility) => f.name);
    expect(await byName('asc')).toEqual(['Ель-гараж', 'ёмкость на участке', 'Жилой дом', 'Ясли «Солнышко»']);
    expect(await byName('desc')).toEqual(['Ясли «Солнышко»', 'Жилой дом', 'ёмкость на участке', 'Ель-гараж']);
  });

  it('deletes one document for the owner (its file too); 403 for anyone else, 404 once it is gone', async () => {
    const doc = facility.documents.find((d) => d.name === 'фото.png')!;
    const theirs = await api.post(stranger, 'profile/facility/document/delete', { id: doc.id });
    expect([theirs.status, theirs.body]).toEqual([403, { message: 'Документ принадлежит другому профилю', code: 'forbidden' }]);
    const before = storedFiles();
    const res = await api.post(owner, 'profile/facility/document/delete', { id: doc.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { id: doc.id }, message: 'Документ удалён' });
    expect(storedFiles()).toBe(before - 1);
    for (const who of [owner, stranger]) {
      const gone = await api.post(who, 'profile/facility/document/delete', { id: doc.id });
      expect([gone.status, gone.body]).toEqual([404, { message: FACILITY_MESSAGES.documentNotFound, code: 'not_found' }]);
    }
    const after = await api.get<Facility>(owner, 'profile/facility/get', { id: facility.id });
    expect(after.body.data.documents.map((d) => d.name)).toEqual(['contract.pdf', 'план.pdf']);
  });

  // ARCHITECTURE §8: a call by anyone else is 403 (it was a 404 before: a contract correction).
  it('answers 403 for another profile facility on update and delete, and changes nothing', async () => {
    const before = storedFiles();
    const upd = await form(stranger, 'profile/facility/update', { _method: 'PUT', id: String(facility.id), ...fieldsOf({ name: 'Чужое' }) }, [SAMPLE_PDF]);
    expect(upd.status).toBe(403);
    expect(upd.body).toEqual({ message: 'Объект принадлежит другому профилю', code: 'forbidden' });
    const del = await api.call(stranger, 'DELETE', 'profile/facility/delete', { id: facility.id });
    expect(del.status).toBe(403);
    expect(del.body).toEqual({ message: 'Объект принадлежит другому профилю', code: 'forbidden' });
    expect(storedFiles()).toBe(before);
    const still = await api.get<Facility>(owner, 'profile/facility/get', { id: facility.id });
    expect(still.body.data.name).toBe('Склад');
    expect(still.body.data.documents).toHaveLength(2);
  });

  it('answers 404 «Объект не найден» on update and delete of a facility that does not exist', async () => {
    const id = 2147483647;
    const upd = await form(owner, 'profile/facility/update', { _method: 'PUT', id: String(id), ...fieldsOf() });
    expect([upd.status, upd.body]).toEqual([404, { message: FACILITY_MESSAGES.notFound, code: 'not_found' }]);
    const del = await api.call(owner, 'DELETE', 'profile/facility/delete', { id });
    expect([del.status, del.body]).toEqual([404, { message: FACILITY_MESSAGES.notFound, code: 'not_found' }]);
  });

  it('refuses to delete while an application links the facility, deletes it when free', async () => {
    const draft = await api.post(owner, 'application/draft/upsert', { name: 'Ремонт склада', facilityId: facility.id });
    expect(draft.status).toBe(200);
    const refused = await api.call(owner, 'DELETE', 'profile/facility/delete', { id: facility.id });
    expect(refused.status).toBe(409);
    // The refusal names the application (QA AAY-2), after the spec's text.
    expect(refused.body.message).toBe(`Невозможно удалить объект, так как имеются привязки: заявка № ${draft.body.data.number}`);
    expect((await api.get(owner, 'profile/facility/get', { id: facility.id })).status).toBe(200);

    await ctx.db.query('update applications set facility_id = null where id = $1', [draft.body.data.id]);
    const before = storedFiles();
    const res = await api.call(owner, 'DELETE', 'profile/facility/delete', { id: facility.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { id: facility.id }, message: 'Объект удалён' });
    expect(storedFiles()).toBe(before - 2);
    expect((await api.get(null, 'profile/facility/get', { id: facility.id })).status).toBe(404);
    expect((await ctx.db.query('select 1 from facility_documents where facility_id = $1', [facility.id])).length).toBe(0);
  });

  it("an organisation's delete takes its facilities' files with their rows (QA ZZZ-1)", async () => {
    const { organizationId, director } = await makeOrganization({ db: ctx.db, api }, 'ООО «Удаляемое»');
    const created = await create(director, {}, [SAMPLE_PDF]);
    expect(created.status).toBe(200);
    const before = storedFiles();
    const res = await api.call(director, 'DELETE', 'organization/delete', { id: organizationId });
    expect(res.status).toBe(200);
    expect(storedFiles()).toBe(before - 1);
    expect((await ctx.db.query('select 1 from facility_documents where facility_id = $1', [created.body.data.id])).length).toBe(0);
  });
});

describe('refusals', () => {
  let owner: Person;
  beforeAll(async () => {
    owner = await makePerson(ctx.db, 'executor');
  });

  it('413 for a file over the limit, leaving no facility and no file (the good file before it included)', async () => {
    const before = storedFiles();
    const big = { name: 'big.pdf', bytes: Buffer.concat([SAMPLE_PDF.bytes, Buffer.alloc(MAX_FILE_BYTES, 0x20)]) };
    const res = await create(owner, {}, [SAMPLE_PDF, big]);
    expect(res.status).toBe(413);
    // One of several files: the message names it.
    expect(res.body.message).toBe('Файл «big.pdf» не принят: файл больше 20 МБ — сожмите его или разделите на части');
    expect(FILE_TOO_LARGE_MESSAGE).toBe('Файл больше 20 МБ — сожмите его или разделите на части');
    expect(storedFiles()).toBe(before);
    expect(await facilityCount(owner.profileId)).toBe(0);
  });

  it('415 for a file that is no accepted type by content, all or nothing', async () => {
    const before = storedFiles();
    const res = await create(owner, {}, [PNG, TEXT]);
    expect(res.status).toBe(415);
    expect(res.body.message).toBe(`Файл «заметка.txt» не принят: недопустимый тип файла: ${FILE_TYPE_MESSAGE.split(': ')[1]}`);
    const renamed = await create(owner, {}, [{ name: 'fake.pdf', bytes: TEXT.bytes }]);
    expect(renamed.status).toBe(415);
    expect(storedFiles()).toBe(before);
    expect(await facilityCount(owner.profileId)).toBe(0);
  });

  it('422 «Файл пустой» for an empty file, naming it among several, all or nothing', async () => {
    const before = storedFiles();
    const res = await create(owner, {}, [PNG, { name: 'пустой.pdf', bytes: Buffer.alloc(0) }]);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'file_empty', message: 'Файл «пустой.pdf» не принят: файл пустой' });
    expect(storedFiles()).toBe(before);
    expect(await facilityCount(owner.profileId)).toBe(0);
  });

  it('422 for more files than one request may carry (a count, not a size: 413 is for a file too large)', async () => {
    const before = storedFiles();
    const res = await create(owner, {}, Array.from({ length: FACILITY_MAX_FILES + 1 }, () => SAMPLE_PDF));
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(FACILITY_TOO_MANY_FILES_MESSAGE);
    expect(storedFiles()).toBe(before);
    expect(await facilityCount(owner.profileId)).toBe(0);
  });

  it('422 naming the field: name, typeId, address; nothing stored', async () => {
    const before = storedFiles();
    const cases: Array<[Record<string, string>, string, string | undefined]> = [
      [{ name: '' }, 'name', FACILITY_MESSAGES.nameRequired],
      [{ name: 'я'.repeat(201) }, 'name', FACILITY_MESSAGES.nameTooLong],
      [{ typeId: '999999' }, 'typeId', FACILITY_MESSAGES.typeRequired],
      [{ typeId: '99999999999' }, 'typeId', FACILITY_MESSAGES.typeRequired],
      [{ typeId: 'квартира' }, 'typeId', FACILITY_MESSAGES.typeRequired],
      [{ address: 'не json' }, 'address', FACILITY_MESSAGES.addressInvalid],
      [{ address: JSON.stringify({ ...ADDRESS, geoLat: 200 }) }, 'address', undefined],
      [{ address: JSON.stringify({ ...ADDRESS, value: '' }) }, 'address', undefined],
      [{ public: 'да' }, 'public', undefined],
    ];
    for (const [over, field, message] of cases) {
      const res = await create(owner, over, [SAMPLE_PDF]);
      expect({ over, status: res.status }).toEqual({ over, status: 422 });
      expect(Object.keys(res.body.errors ?? {})).toEqual([field]);
      if (message) expect(res.body.errors![field]).toBe(message);
    }
    const noAddress = await form(owner, 'profile/facility/create', { name: 'Без адреса', typeId: String(typeId) });
    expect(noAddress.status).toBe(422);
    expect(noAddress.body.errors).toEqual({ address: FACILITY_MESSAGES.addressRequired });
    const noId = await form(owner, 'profile/facility/update', { _method: 'PUT', ...fieldsOf() });
    expect(noId.status).toBe(422);
    expect(Object.keys(noId.body.errors ?? {})).toEqual(['id']);
    expect(storedFiles()).toBe(before);
    expect(await facilityCount(owner.profileId)).toBe(0);
  });

  it('refuses a JSON body: create and update are multipart', async () => {
    const res = await api.post(owner, 'profile/facility/create', fieldsOf());
    expect(res.status).toBe(415);
  });

  it('401 for a guest, 403 without a profile', async () => {
    expect((await create(null, {}, [SAMPLE_PDF])).status).toBe(401);
    expect((await api.get(null, 'profile/facility/get-collection', {})).status).toBe(401);
    expect((await api.call(null, 'DELETE', 'profile/facility/delete', { id: 1 })).status).toBe(401);
    expect((await api.post(null, 'profile/facility/document/delete', { id: 1 })).status).toBe(401);

    const nobody = await makeUserWithoutProfile(ctx.db);
    const before = storedFiles();
    const created = await create(nobody, {}, [SAMPLE_PDF]);
    expect(created.status).toBe(403);
    expect(created.body.message).toBe('Выберите профиль');
    expect(storedFiles()).toBe(before);
    const list = await api.get(nobody, 'profile/facility/get-collection', {});
    expect(list.status).toBe(403);
  });
});

describe('an organisation', () => {
  it('lets an employee manage the organisation facilities; the director sees them as editable', async () => {
    const org = await makePerson(ctx.db, 'organization', 'ООО «Склады»');
    await ctx.db.query('insert into organization_members (organization_id, user_id, director) values ($1, $2, true) on conflict do nothing', [org.profileId, org.userId]);
    const employee = await makeUserWithoutProfile(ctx.db);
    await ctx.db.query('insert into organization_members (organization_id, user_id, director) values ($1, $2, false)', [org.profileId, employee.userId]);
    await ctx.db.query('update users set active_profile_id = $2 where id = $1', [employee.userId, org.profileId]);

    const res = await create(employee, { name: 'Склад организации' }, [SAMPLE_PDF]);
    expect(res.status).toBe(200);
    expect(res.body.data.owner).toEqual({ id: org.profileId, name: 'ООО «Склады»', type: 'organization' });
    const seen = await api.get<Facility>(org, 'profile/facility/get', { id: res.body.data.id });
    expect(seen.body.data).toMatchObject({ editable: true, documents: [expect.objectContaining({ public: false })] });
    const list = await api.get(org, 'profile/facility/get-collection', {});
    expect(list.body.data.items.map((f: Facility) => f.id)).toEqual([res.body.data.id]);

    // Left the organisation: its facilities are no longer the user's to see or change.
    await ctx.db.query('delete from organization_members where user_id = $1', [employee.userId]);
    const gone = await api.call({ headers: await authHeader(ctx.db, employee.userId) }, 'DELETE', 'profile/facility/delete', { id: res.body.data.id });
    expect(gone.status).toBe(403);
  });
});

// QA AAC-2: a form open in two tabs (or an employee's and the director's): the second save wrote its
// whole form over the first one's unseen.
describe('an update made on the facility as its form saw it', () => {
  let owner: Person;
  let facility: Facility;
  const update = (over: Record<string, string>, files: FilePart[] = []) =>
    form<Facility>(owner, 'profile/facility/update', { _method: 'PUT', id: String(facility.id), ...fieldsOf(over) }, files);

  beforeAll(async () => {
    owner = await makePerson(ctx.db, 'customer');
    facility = (await create(owner)).body.data;
  });

  it('is written while the facility is as seen; refused 409 once another save changed it, storing nothing', async () => {
    const seen = JSON.stringify(facilitySeenOf(facility));
    const first = await update({ description: 'Три комнаты', seen });
    expect(first.status).toBe(200);

    const before = storedFiles();
    const second = await update({ name: 'Квартира на Тверской, 1', seen }, [SAMPLE_PDF]);
    expect([second.status, second.body]).toEqual([409, { message: FACILITY_MESSAGES.changed, code: FACILITY_CHANGED }]);
    expect(storedFiles()).toBe(before);
    const now = (await api.get<Facility>(owner, 'profile/facility/get', { id: facility.id })).body.data;
    expect(now).toMatchObject({ name: 'Квартира на Тверской', description: 'Три комнаты', documents: [] });

    // Seen again as it is now, the save goes through.
    const again = await update({ name: 'Квартира на Тверской, 1', description: 'Три комнаты', seen: JSON.stringify(facilitySeenOf(now)) });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ name: 'Квартира на Тверской, 1', description: 'Три комнаты' });
  });

  it('is refused for a point moved meanwhile; a document added or made public meanwhile is no change of the fields', async () => {
    let now = (await api.get<Facility>(owner, 'profile/facility/get', { id: facility.id })).body.data;
    const seen = JSON.stringify(facilitySeenOf(now));
    const withDocument = await update({ name: now.name, description: now.description, seen }, [SAMPLE_PDF]);
    expect(withDocument.status).toBe(200);
    const shown = await api.call(owner, 'PUT', 'profile/facility/document/update', { id: withDocument.body.data.documents[0]!.id, public: true });
    expect(shown.status).toBe(200);
    expect((await update({ name: now.name, description: 'Три комнаты, балкон', seen })).status).toBe(200);

    now = (await api.get<Facility>(owner, 'profile/facility/get', { id: facility.id })).body.data;
    const moved = await update({ name: now.name, description: now.description, address: JSON.stringify({ ...ADDRESS, geoLat: 55.758 }), seen: JSON.stringify(facilitySeenOf(now)) });
    expect(moved.status).toBe(200);
    const stale = await update({ name: 'Старое', description: now.description, seen: JSON.stringify(facilitySeenOf(now)) });
    expect([stale.status, stale.body.code]).toEqual([409, FACILITY_CHANGED]);
  });

  it('refuses a `seen` that is not the fields in JSON (422 naming it); without `seen` the fields are written as they come', async () => {
    for (const seen of ['не json', JSON.stringify({ name: 'x' })]) {
      const res = await update({ seen });
      expect([res.status, res.body.errors?.seen]).toEqual([422, FACILITY_MESSAGES.seenInvalid]);
    }
    const blind = await update({ name: 'Без проверки' });
    expect([blind.status, blind.body.data.name]).toEqual([200, 'Без проверки']);
  });
});
