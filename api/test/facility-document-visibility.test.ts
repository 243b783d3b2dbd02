import { FACILITY_MESSAGES, type DocumentInfo, type Facility } from 'shared/contract';
import { caller, makePerson, SAMPLE_PDF, type Person, type Who } from './deal-helpers';
import { facilityFields } from './cabinet-helpers';
import { setupTestApp, type TestContext } from './helpers';

let ctx: TestContext;
let api: ReturnType<typeof caller>;
let owner: Person;
let stranger: Person;
let facility: Facility;
let doc: DocumentInfo;

beforeAll(async () => {
  ctx = await setupTestApp();
  api = caller(ctx.app);
  owner = await makePerson(ctx.db, 'customer');
  stranger = await makePerson(ctx.db, 'executor');
  const types = await api.get(null, 'profile/facility/get/type', {});
  const created = await api.form<Facility>(owner, 'profile/facility/create', { ...facilityFields(types.body.data.items[0].id), public: 'false' }, [SAMPLE_PDF]);
  expect(created.status).toBe(200);
  facility = created.body.data;
  doc = facility.documents[0]!;
  expect(doc.public).toBe(false);
});
afterAll(() => ctx.close());

const setPublic = (who: Who, body: Record<string, unknown>) => api.call<DocumentInfo>(who, 'PUT', 'profile/facility/document/update', body);
const publicDownload = (id: number) => ctx.app.inject({ method: 'GET', url: `/api/facility/document/public/download?id=${id}` });
/** The public facility page as a guest sees it (an answer the public cache keeps). */
const guestSees = async () => (await api.get<Facility>(null, 'profile/facility/get', { id: facility.id })).body.data.documents.map((d) => d.name);
const storedPublic = async () => (await ctx.db.query<{ public: boolean }>('select public from facility_documents where id = $1', [doc.id]))[0]!.public;

it('makes a private document public: a guest downloads it and the public page lists it', async () => {
  // A private document answers as a missing one (QA P-8).
  expect((await publicDownload(doc.id)).statusCode).toBe(404);
  // Read twice: the second answer comes from the public cache, which the change must not outlive.
  expect(await guestSees()).toEqual([]);
  expect(await guestSees()).toEqual([]);

  const res = await setPublic(owner, { id: doc.id, public: true });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ data: { ...doc, public: true }, message: 'Документ виден всем' });
  const mine = await api.get<Facility>(owner, 'profile/facility/get', { id: facility.id });
  expect(mine.body.data.documents).toEqual([res.body.data]);

  const open = await publicDownload(doc.id);
  expect(open.statusCode).toBe(200);
  expect(open.rawPayload.equals(SAMPLE_PDF.bytes)).toBe(true);
  expect(await guestSees()).toEqual(['contract.pdf']);
});

it('makes it private again: the guest is refused as before and the page no longer lists it', async () => {
  const res = await setPublic(owner, { id: doc.id, public: false });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ data: { ...doc, public: false }, message: 'Документ виден только вам' });
  expect((await publicDownload(doc.id)).statusCode).toBe(404);
  expect(await guestSees()).toEqual([]);
  // The same visibility twice is no error.
  expect((await setPublic(owner, { id: doc.id, public: false })).status).toBe(200);
});

// ARCHITECTURE §8: a call by anyone else is 403 (another profile's document was a 404 before: a contract correction).
it('answers 403 for another profile’s document and 404 «Документ не найден» for a missing one, and changes nothing', async () => {
  const theirs = await setPublic(stranger, { id: doc.id, public: true });
  expect(theirs.status).toBe(403);
  expect(theirs.body).toEqual({ message: 'Документ принадлежит другому профилю', code: 'forbidden' });
  expect(await storedPublic()).toBe(false);
  expect(await guestSees()).toEqual([]);
  for (const id of [doc.id + 100_000, 2_147_483_647]) {
    const missing = await setPublic(owner, { id, public: true });
    expect({ id, status: missing.status, message: missing.body.message }).toEqual({ id, status: 404, message: FACILITY_MESSAGES.documentNotFound });
  }
  expect((await setPublic(null, { id: doc.id, public: true })).status).toBe(401);
  expect(await storedPublic()).toBe(false);
});

it('refuses a bad body with 422 and the contract’s Russian message, naming the field', async () => {
  const cases: Array<[Record<string, unknown>, string, string]> = [
    [{ id: doc.id }, 'public', FACILITY_MESSAGES.publicFlag],
    [{ id: doc.id, public: 'true' }, 'public', FACILITY_MESSAGES.publicFlag],
    [{ id: doc.id, public: 1 }, 'public', FACILITY_MESSAGES.publicFlag],
    [{ id: doc.id, public: null }, 'public', FACILITY_MESSAGES.publicFlag],
    [{ id: 'семь', public: true }, 'id', 'Ожидается число'],
    [{ public: true }, 'id', 'Обязательное поле'],
  ];
  for (const [body, field, message] of cases) {
    const res = await setPublic(owner, body);
    expect({ body, status: res.status, errors: res.body.errors }).toEqual({ body, status: 422, errors: { [field]: message } });
  }
  expect(await storedPublic()).toBe(false);
});

describe('a document change is a change of its facility (the sitemap’s lastmod)', () => {
  const LONG_AGO = '2020-01-01T00:00:00.000Z';
  const ageFacility = async () => {
    await ctx.db.query('update facilities set updated_at = $2 where id = $1', [facility.id, LONG_AGO]);
    ctx.app.publicCache.clear();
  };
  const sitemapUpdatedAt = async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/sitemap/get-collection?kind=facility' });
    return (res.json().data.items as Array<{ id: number; updatedAt: string }>).find((e) => e.id === facility.id)!.updatedAt;
  };

  it('moves on a visibility change by the owner, not on a refused one', async () => {
    await ageFacility();
    expect((await setPublic(stranger, { id: doc.id, public: true })).status).toBe(403);
    expect(await sitemapUpdatedAt()).toBe(LONG_AGO);
    expect((await setPublic(owner, { id: doc.id, public: true })).status).toBe(200);
    expect(await sitemapUpdatedAt()).not.toBe(LONG_AGO);
  });

  it('moves when the owner deletes a document, not when a stranger is refused', async () => {
    await ageFacility();
    expect((await api.post(stranger, 'profile/facility/document/delete', { id: doc.id })).status).toBe(403);
    expect(await sitemapUpdatedAt()).toBe(LONG_AGO);
    expect((await api.post(owner, 'profile/facility/document/delete', { id: doc.id })).status).toBe(200);
    expect(await sitemapUpdatedAt()).not.toBe(LONG_AGO);
  });
});
