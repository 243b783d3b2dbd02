import { applicationIn, completeFields, makePerson, must, setupDealApp, type DealContext } from './deal-helpers';

/**
 * A private answer is kept by no cache, the browser's own neither: «Назад» after a logout showed the
 * next person at the computer the balance, the notifications or the requisites (QA P-5).
 */
let d: DealContext;
beforeAll(async () => {
  d = await setupDealApp();
});
afterAll(() => d.close());

it('private reads answer Cache-Control: no-store, and a party’s document download private, no-store', async () => {
  const customer = await makePerson(d.db, 'customer', 'Анна Приватная');
  const executor = await makePerson(d.db, 'executor', 'Пётр Приватный');
  const replier = await makePerson(d.db, 'executor', 'Иван Приватный');
  const deal = await applicationIn(d, 'executor_named', { customer, executor, replier }, { document: true });
  for (const path of ['user/get/token', 'user/profile/list', 'balance/history/get-collection', 'notification/get-collection', 'bank-requisite/get-collection', 'user/application/get-collection?role=customer']) {
    const res = await d.app.inject({ method: 'GET', url: `/api/${path}`, headers: customer.headers });
    expect([path, res.statusCode, res.headers['cache-control']]).toEqual([path, 200, 'no-store']);
  }
  const download = await d.app.inject({ method: 'GET', url: `/api/application/document/download?id=${deal.documentId}`, headers: customer.headers });
  expect(download.statusCode).toBe(200);
  expect(download.headers['cache-control']).toBe('private, no-store');
});

it('a public document stays what the browser may keep (private, no-cache), not no-store (QA T-6)', async () => {
  const customer = await makePerson(d.db, 'customer', 'Анна Публичная');
  const id = must(await d.api.post(customer, 'application/create', await completeFields(d.db)), 'create').id as number;
  const doc = must(await d.api.upload(customer, 'application/document/upload', { id: String(id), public: 'true' }), 'upload');
  const res = await d.app.inject({ method: 'GET', url: `/api/application/document/public/download?id=${doc.id}` });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-cache');
});
