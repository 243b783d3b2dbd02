import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Facility } from 'shared/contract';
import { localFileStorage } from '../src/providers/storage';
import { seedDocumentBytes, writeSeedFiles } from '../src/seed/documents';
import { authHeader, expectEvery, getJson, setupTestApp, type TestContext, userIdByPhone } from './helpers';

let ctx: TestContext;
const filesDir = mkdtempSync(path.join(os.tmpdir(), 'catalog-facilities-'));
beforeAll(async () => {
  ctx = await setupTestApp({ filesDir });
  expect(await writeSeedFiles(ctx.db, localFileStorage(filesDir))).toBeGreaterThan(0);
});
afterAll(async () => {
  await ctx.close();
  rmSync(filesDir, { recursive: true, force: true });
});

const one = async <T>(sql: string, params: unknown[] = []) => (await ctx.db.query<T>(sql, params))[0]!;
/** A facility of the demo customer (Анна Смирнова, 79990000001) and its documents. */
const demoFacility = () =>
  one<{ id: number; user_id: number }>(
    `select f.id, p.user_id from facilities f join profiles p on p.id = f.profile_id join users u on u.id = p.user_id
     where u.phone = '79990000001' order by f.id limit 1`,
  );

describe('profile/facility/get', () => {
  it('shows a guest the facility with its public documents only', async () => {
    const f = await demoFacility();
    const res = await getJson(ctx.app, `/api/profile/facility/get?id=${f.id}`);
    expect(res.status).toBe(200);
    const facility = res.body.data as Facility;
    expect(facility).toEqual({
      id: f.id,
      name: expect.any(String),
      type: { id: expect.any(Number), name: expect.any(String) },
      description: expect.any(String),
      address: { value: expect.any(String), cityFiasId: expect.any(String), geoLat: expect.any(Number), geoLon: expect.any(Number) },
      owner: { id: expect.any(Number), name: 'Анна Смирнова', type: 'customer' },
      documents: [expect.objectContaining({ name: 'Поэтажный план.pdf', public: true, mimeType: 'application/pdf' })],
      createdAt: expect.stringMatching(/Z$/),
      editable: false,
    });
  });

  it('shows the owner every document, public or not', async () => {
    const f = await demoFacility();
    const res = await getJson(ctx.app, `/api/profile/facility/get?id=${f.id}`, await authHeader(ctx.db, f.user_id));
    expect(res.status).toBe(200);
    const docs = (res.body.data as Facility).documents;
    expect(docs.map((d) => [d.name, d.public])).toEqual([
      ['Поэтажный план.pdf', true],
      ['Акт осмотра (служебный).pdf', false],
    ]);
  });

  it('shows another signed-in user only the public documents', async () => {
    const f = await demoFacility();
    const stranger = await userIdByPhone(ctx.db, '79990000002');
    const res = await getJson(ctx.app, `/api/profile/facility/get?id=${f.id}`, await authHeader(ctx.db, stranger));
    expectEvery((res.body.data as Facility).documents, (d) => d.public);
  });

  it('answers 404 for a missing facility and 401 for an invalid token', async () => {
    for (const id of [999999, 99999999999]) {
      const res = await getJson(ctx.app, `/api/profile/facility/get?id=${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Объект не найден', code: 'not_found' });
    }
    const f = await demoFacility();
    const bad = await getJson(ctx.app, `/api/profile/facility/get?id=${f.id}`, { authorization: 'Bearer nonsense' });
    expect(bad.status).toBe(401);
  });
});

describe('facility/get-map', () => {
  it('answers every facility with coordinates, by id', async () => {
    await ctx.db.query(`update facilities set geo_lat = null where id = (select max(id) from facilities)`);
    const expected = await ctx.db.query<{ id: number }>(`select id from facilities where geo_lat is not null and geo_lon is not null order by id`);
    const res = await getJson(ctx.app, '/api/facility/get-map');
    await ctx.db.query(`update facilities set geo_lat = 55.75 where geo_lat is null`);
    expect(res.status).toBe(200);
    const items = res.body.data.items;
    expect(items.map((p: { id: number }) => p.id)).toEqual(expected.map((r) => r.id));
    expect(items[0]).toEqual({ id: expect.any(Number), name: expect.any(String), type: { id: expect.any(Number), name: expect.any(String) }, geoLat: expect.any(Number), geoLon: expect.any(Number) });
  });

  it('honours the limit and refuses one out of range', async () => {
    expect((await getJson(ctx.app, '/api/facility/get-map?limit=3')).body.data.items).toHaveLength(3);
    const bad = await getJson(ctx.app, '/api/facility/get-map?limit=0');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['limit']);
  });
});

describe('facility/document/public/download', () => {
  const download = (id: number | string) => ctx.app.inject({ method: 'GET', url: `/api/facility/document/public/download?id=${id}` });
  const docOf = (isPublic: boolean) =>
    one<{ id: number; name: string; storage_key: string; mime_type: string; size_bytes: number }>(
      'select * from facility_documents where public = $1 order by id limit 1',
      [isPublic],
    );

  it('answers the file with its type, length and name', async () => {
    const doc = await docOf(true);
    const res = await download(doc.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(doc.mime_type);
    expect(Number(res.headers['content-length'])).toBe(doc.size_bytes);
    expect(res.headers['content-disposition']).toBe("attachment; filename*=UTF-8''%D0%9F%D0%BE%D1%8D%D1%82%D0%B0%D0%B6%D0%BD%D1%8B%D0%B9%20%D0%BF%D0%BB%D0%B0%D0%BD.pdf");
    expect(res.rawPayload.equals(seedDocumentBytes({ storageKey: doc.storage_key, name: doc.name, mimeType: doc.mime_type }))).toBe(true);
  });

  // As a missing one, even to its owner: a 403 told a stranger that a private document stands at that id (QA P-8).
  it('answers 404 for a private document, even to its owner', async () => {
    const doc = await docOf(false);
    const res = await download(doc.id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Документ не найден', code: 'not_found' });
    // Once made public it downloads; brackets in the name are percent-encoded (RFC 5987).
    await ctx.db.query('update facility_documents set public = true where id = $1', [doc.id]);
    const open = await download(doc.id);
    await ctx.db.query('update facility_documents set public = false where id = $1', [doc.id]);
    expect(open.statusCode).toBe(200);
    expect(open.headers['content-disposition']).toContain('%28%D1%81%D0%BB%D1%83%D0%B6%D0%B5%D0%B1%D0%BD%D1%8B%D0%B9%29.pdf');
  });

  it('answers 404 for a missing document and for a file that is gone', async () => {
    const doc = await docOf(true);
    rmSync(path.join(filesDir, doc.storage_key));
    const gone = await download(doc.id);
    await writeSeedFiles(ctx.db, localFileStorage(filesDir));
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: 'Документ не найден', code: 'not_found' });
    const missing = await download(999999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Документ не найден');
    expect((await download(doc.id)).statusCode).toBe(200);
  });
});
