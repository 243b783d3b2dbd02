import { completeFields, makePerson, must, setupDealApp, type DealContext } from './deal-helpers';
import { samples } from './fixtures/file-samples';
import { phoneJpeg } from './fixtures/photo-metadata';

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
