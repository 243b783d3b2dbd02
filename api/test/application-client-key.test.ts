import { APPLICATION_CLIENT_KEY_MESSAGE } from 'shared/contract';
import { completeFields, makePerson, must, setupDealApp, type DealContext, type Person } from './deal-helpers';

/*
 * A new application's draft save or publication sent again with the form's client key, after one
 * whose answer was lost (QA report I-1, I-3): the profile gets one application, never a second.
 */

let d: DealContext;
beforeAll(async () => {
  d = await setupDealApp();
});
afterAll(() => d.close());

let customer: Person;
beforeEach(async () => {
  customer = await makePerson(d.db, 'customer');
});

const applicationsOf = async (profileId: number) =>
  d.db.query<{ id: number; status: string }>('select id, status from applications where customer_profile_id = $1 order by id', [profileId]);
const upsert = (who: Person, body: Record<string, unknown>) => d.api.post(who, 'application/draft/upsert', body);
const create = async (who: Person, over: Record<string, unknown> = {}) => d.api.post(who, 'application/create', await completeFields(d.db, over));

it('a first draft save sent again with its key saves the draft it made: one draft, with the fields of the last save', async () => {
  const first = must(await upsert(customer, { name: 'Ремонт крыши', description: 'Заменить кровлю', price: 9000, clientKey: 'draft-key-0001' }), 'first');
  const again = await upsert(customer, { name: 'Ремонт крыши и водостока', price: 12000, clientKey: 'draft-key-0001' });
  expect(again.status).toBe(200);
  expect(again.body.message).toBe('Черновик сохранён');
  expect(again.body.data).toMatchObject({ id: first.id, status: 'draft', name: 'Ремонт крыши и водостока', price: 12000 });
  // Sent whole, as a new draft is: a field the form had emptied since is empty, not the lost save's.
  expect(again.body.data.description).toBe('');
  expect(await applicationsOf(customer.profileId)).toEqual([{ id: first.id, status: 'draft' }]);
});

it('a publication sent again with its key answers the application it published: one application, 200, the same answer', async () => {
  const first = await create(customer, { clientKey: 'publish-key-0001' });
  expect(first.status).toBe(200);
  const again = await create(customer, { clientKey: 'publish-key-0001' });
  expect(again.status).toBe(200);
  expect(again.body.message).toBe(first.body.message);
  expect(again.body.data).toEqual(first.body.data);
  expect(await applicationsOf(customer.profileId)).toEqual([{ id: first.body.data.id, status: 'published' }]);
});

it('a publication with the key of the draft the form saved (that save’s answer lost) publishes that draft, with the fields sent', async () => {
  const draft = must(await upsert(customer, { name: 'Черновик', price: 100, facilityId: null, clientKey: 'both-key-0001' }), 'draft');
  const published = must(await create(customer, { name: 'Ремонт кухни', clientKey: 'both-key-0001' }), 'create');
  expect(published).toMatchObject({ id: draft.id, status: 'published', name: 'Ремонт кухни', price: 15000 });
  expect(await applicationsOf(customer.profileId)).toEqual([{ id: draft.id, status: 'published' }]);
  // The publication's retry answers it too; a draft save by that key is refused as a save by its id is.
  expect(must(await create(customer, { name: 'Ремонт кухни', clientKey: 'both-key-0001' }), 'again').id).toBe(draft.id);
  expect((await upsert(customer, { name: 'Поздно', clientKey: 'both-key-0001' })).status).toBe(409);
  expect(await applicationsOf(customer.profileId)).toEqual([{ id: draft.id, status: 'published' }]);
});

it('publications of the same key at once make one application; so do draft saves', async () => {
  const answers = await Promise.all([1, 2, 3].map(() => create(customer, { clientKey: 'race-key-0001' })));
  expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
  expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
  const drafts = await Promise.all([1, 2, 3].map((n) => upsert(customer, { name: `Черновик ${n}`, clientKey: 'race-key-0002' })));
  expect(drafts.map((a) => a.status)).toEqual([200, 200, 200]);
  expect(new Set(drafts.map((a) => a.body.data.id)).size).toBe(1);
  expect((await applicationsOf(customer.profileId)).map((a) => a.status)).toEqual(['published', 'draft']);
});

it('another key, no key, or another profile with the same key each make their own', async () => {
  const other = await makePerson(d.db, 'customer');
  const mine = must(await create(customer, { clientKey: 'shared-key-0001' }), 'mine');
  const theirs = must(await create(other, { clientKey: 'shared-key-0001' }), 'theirs');
  expect(theirs.id).not.toBe(mine.id);
  must(await create(customer, { clientKey: 'shared-key-0002' }), 'another key');
  must(await create(customer), 'no key');
  must(await create(customer), 'no key again');
  must(await upsert(customer, { name: 'Без ключа' }), 'draft');
  must(await upsert(customer, { name: 'Без ключа' }), 'draft again');
  expect(await applicationsOf(customer.profileId)).toHaveLength(6);
  expect(await applicationsOf(other.profileId)).toEqual([{ id: theirs.id, status: 'published' }]);
});

it('a key of another shape is refused with the field’s message', async () => {
  for (const clientKey of ['short', 'with space 0001', 'x'.repeat(65)]) {
    const res = await create(customer, { clientKey });
    expect({ status: res.status, errors: res.body.errors }).toEqual({ status: 422, errors: { clientKey: APPLICATION_CLIENT_KEY_MESSAGE } });
    expect((await upsert(customer, { name: 'Черновик', clientKey })).status).toBe(422);
  }
  expect(await applicationsOf(customer.profileId)).toEqual([]);
});
