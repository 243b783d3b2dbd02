import { pngChunk } from '../src/providers/storage/strip-metadata';
import { completeFields, makePerson, must, setupDealApp, type DealContext } from './deal-helpers';
import { samples } from './fixtures/file-samples';
import { phoneJpeg, rawProfileExifChunk } from './fixtures/photo-metadata';

/**
 * A public photo reached any visitor with its Exif: the GPS position of the customer's flat, the
 * camera, the time (QA P-1). What is stored, hashed and served is the photo without them.
 */
let d: DealContext;
beforeAll(async () => {
  d = await setupDealApp();
});
afterAll(() => d.close());

it('a public application photo downloads without its Exif, its size that of the bytes served', async () => {
  const customer = await makePerson(d.db, 'customer', 'Анна Фотографирующая');
  const id = must(await d.api.post(customer, 'application/create', await completeFields(d.db)), 'create').id as number;
  const photo = phoneJpeg(samples.jpg);
  expect(photo.includes(Buffer.from('QAPhone'))).toBe(true);
  const doc = must(await d.api.upload(customer, 'application/document/upload', { id: String(id), public: 'true' }, { name: 'IMG_0001.jpg', bytes: photo }), 'upload');

  const res = await d.app.inject({ method: 'GET', url: `/api/application/document/public/download?id=${doc.id}` });
  expect(res.statusCode).toBe(200);
  const served = res.rawPayload;
  expect(served.includes(Buffer.from('QAPhone'))).toBe(false);
  // The GPS IFD's latitude (55/1) went with it; the picture's own bytes stayed.
  expect(served.subarray(-samples.jpg.length + 2).equals(samples.jpg.subarray(2))).toBe(true);
  // The size the answer gave is that of what is served.
  expect(doc.sizeBytes).toBe(served.length);
});

it('a public PNG downloads without the zTXt «Raw profile type exif» ImageMagick writes its Exif and GPS in (QA Z-6)', async () => {
  const customer = await makePerson(d.db, 'customer', 'Анна Рисующая');
  const id = must(await d.api.post(customer, 'application/create', await completeFields(d.db)), 'create').id as number;
  const iend = pngChunk('IEND', Buffer.alloc(0));
  const photo = Buffer.concat([samples.png, rawProfileExifChunk(), iend]);
  const doc = must(await d.api.upload(customer, 'application/document/upload', { id: String(id), public: 'true' }, { name: 'План.png', bytes: photo }), 'upload');

  const res = await d.app.inject({ method: 'GET', url: `/api/application/document/public/download?id=${doc.id}` });
  expect(res.statusCode).toBe(200);
  expect(res.rawPayload.equals(Buffer.concat([samples.png, iend]))).toBe(true);
  expect(doc.sizeBytes).toBe(res.rawPayload.length);
});
