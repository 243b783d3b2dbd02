import { completeFields, makePerson, must, setupDealApp, type DealContext, type Person } from './deal-helpers';

/**
 * §8: `create` takes every field but the facility, so a published application has a description
 * and an address; spaces or empty lines are neither, on `create` and on `update`. A draft may hold
 * them blank while it is being filled in.
 */
let d: DealContext;
let customer: Person;
beforeAll(async () => {
  d = await setupDealApp();
  customer = await makePerson(d.db, 'customer', 'Заказчик Пустых Полей');
});
afterAll(() => d.close());

const BLANK_ADDRESS = { value: '   ', cityFiasId: 'zzz', geoLat: 0, geoLon: 0 };

const refusal = (res: { status: number; body: { errors?: Record<string, string> } }) => ({ status: res.status, errors: res.body.errors });
const applicationsOf = async (profileId: number) =>
  (await d.db.query<{ n: number }>('select count(*)::int as n from applications where customer_profile_id = $1', [profileId]))[0]!.n;

it('create refuses a blank description or address with the field’s message, and publishes nothing', async () => {
  const before = await applicationsOf(customer.profileId);
  for (const description of ['  ', '\n\n']) {
    const res = await d.api.post(customer, 'application/create', await completeFields(d.db, { description }));
    expect(refusal(res)).toEqual({ status: 422, errors: { description: 'Укажите описание заявки' } });
  }
  const res = await d.api.post(customer, 'application/create', await completeFields(d.db, { address: BLANK_ADDRESS }));
  expect(refusal(res)).toEqual({ status: 422, errors: { address: 'Укажите адрес' } });
  expect(await applicationsOf(customer.profileId)).toBe(before);
});

it('update does not blank a published application’s description or address', async () => {
  const id = must(await d.api.post(customer, 'application/create', await completeFields(d.db)), 'create').id as number;
  expect(refusal(await d.api.post(customer, 'application/update', { id, description: '  ' }))).toEqual({ status: 422, errors: { description: 'Укажите описание заявки' } });
  expect(refusal(await d.api.post(customer, 'application/update', { id, address: BLANK_ADDRESS }))).toEqual({ status: 422, errors: { address: 'Укажите адрес' } });
  const [row] = await d.db.query<{ description: string; address: string }>('select description, address_value as address from applications where id = $1', [id]);
  expect(row).toEqual({ description: 'Заменить проводку в квартире, 60 м²', address: 'г Москва, ул Тверская, д 1' });
  // A filled one is changed as before.
  expect(must(await d.api.post(customer, 'application/update', { id, description: 'Заменить проводку и щиток' }), 'update').description).toBe('Заменить проводку и щиток');
});

it('a draft saves a blank description and address; publishing it is refused until they are filled', async () => {
  const draft = must(await d.api.post(customer, 'application/draft/upsert', { ...(await completeFields(d.db)), description: '  ', address: BLANK_ADDRESS }), 'draft');
  expect({ description: draft.description, address: draft.address.value }).toEqual({ description: '', address: '' });
  expect((await d.api.post(customer, 'application/create', { id: draft.id })).status).toBe(409);
  const filled = await completeFields(d.db);
  const published = must(await d.api.post(customer, 'application/create', { id: draft.id, description: filled.description, address: filled.address }), 'publish');
  expect(published.status).toBe('published');
});
