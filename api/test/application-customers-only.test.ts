import { completeFields, makePerson, must, setupDealApp, type DealContext } from './deal-helpers';

/**
 * Applications are placed by customers and organisations (spec §6): a personal executor profile
 * is refused at the API, not only in the form (QA S-1: the policy's check had no test). A new
 * application has no row yet, so this check is its only guard: `decide()` reads an existing one.
 */
let d: DealContext;
beforeAll(async () => {
  d = await setupDealApp();
});
afterAll(() => d.close());

const CUSTOMERS_ONLY = { status: 403, message: 'Заявки размещают заказчики и организации' };
const applicationsOf = async (profileId: number) =>
  (await d.db.query<{ n: number }>('select count(*)::int as n from applications where customer_profile_id = $1', [profileId]))[0]!.n;

it('an executor profile may neither save a new draft nor publish a new application, and nothing is written', async () => {
  const executor = await makePerson(d.db, 'executor', 'Исполнитель Без Заявок');
  const draft = await d.api.post(executor, 'application/draft/upsert', { name: 'Покраска фасада' });
  expect({ status: draft.status, message: draft.body.message }).toEqual(CUSTOMERS_ONLY);
  const created = await d.api.post(executor, 'application/create', await completeFields(d.db));
  expect({ status: created.status, message: created.body.message }).toEqual(CUSTOMERS_ONLY);
  expect(await applicationsOf(executor.profileId)).toBe(0);

  // A customer does both, so the refusal is the profile's type, not the bodies.
  const customer = await makePerson(d.db, 'customer', 'Заказчик С Заявками');
  must(await d.api.post(customer, 'application/draft/upsert', { name: 'Покраска фасада' }), 'draft');
  must(await d.api.post(customer, 'application/create', await completeFields(d.db)), 'create');
  expect(await applicationsOf(customer.profileId)).toBe(2);
});
