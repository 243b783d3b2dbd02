import { makePerson, must, setupDealApp, type DealContext, type Person } from './deal-helpers';
import { freshInn } from './organization-helpers';

/**
 * An organisation's city (QA L-2): named in its «Город», independent of its legal address, it is
 * what the executor catalogue's city filter finds it by. Each test's city is its own (a made-up
 * FIAS id), so the filter answers only the organisations the test made.
 */

let d: DealContext;
let serviceId: number;
let serial = 0;
beforeAll(async () => {
  d = await setupDealApp();
  serviceId = (await d.db.query<{ id: number }>('select id from services where parent_id is not null order by id limit 1'))[0]!.id;
});
afterAll(async () => {
  await d.close();
});

/** A city as its suggestion gives it (`user/address/search?bound=city`), under a FIAS id no other test uses. */
const newCity = (value = 'г Тестоград') => ({ value, cityFiasId: `test-city-${process.pid}-${serial++}`, geoLat: 55.1, geoLon: 37.2 });

/** An organisation created through the form's call by a new director, offering a service (so the catalogue lists it). */
async function createOrganization(body: Record<string, unknown>): Promise<{ id: number; director: Person; organization: any }> {
  const person = await makePerson(d.db, 'customer', 'Ольга Директорова');
  const created = must(await d.api.post(person, 'organization/create', { inn: freshInn(), name: 'ООО «Василёк»', ...body }), 'organization/create');
  const director = { ...person, profileId: created.organization.id };
  must(await d.api.post(director, 'profile/service/add', { serviceId }), 'service');
  return { id: created.organization.id, director, organization: created.organization };
}

/** The ids the executor catalogue lists for a city (`?address=` is a city's FIAS id). */
async function foundIn(cityFiasId: string): Promise<number[]> {
  const list = must(await d.api.get(null, 'executor/get-collection', { address: cityFiasId, limit: 100 }), 'executor/get-collection');
  return list.items.map((e: { id: number }) => e.id);
}

describe('an organisation names its city', () => {
  it('created by hand with a city, it is found by that city; a change of the address text alone keeps it', async () => {
    const city = newCity();
    const { id, director, organization } = await createOrganization({ address: 'г. Тестоград, ул. Льва Толстого, 16', city });
    expect(organization.city).toEqual({ value: city.value, cityFiasId: city.cityFiasId, geoLat: null, geoLon: null });
    expect(organization.address).toEqual({ value: 'г. Тестоград, ул. Льва Толстого, 16', cityFiasId: city.cityFiasId, geoLat: null, geoLon: null });
    expect(await foundIn(city.cityFiasId)).toEqual([id]);

    const updated = must(await d.api.post(director, 'organization/update', { id, address: 'г. Тестоград, ул. Льва Толстого, 16, офис 5' }), 'update');
    expect(updated.address.value).toBe('г. Тестоград, ул. Льва Толстого, 16, офис 5');
    expect(updated.city).toMatchObject({ value: city.value, cityFiasId: city.cityFiasId });
    expect(await foundIn(city.cityFiasId)).toEqual([id]);
    // The organisation's own page in the cabinet reads it back too.
    expect(must(await d.api.get(director, 'organization/get/profile', {}), 'get/profile').city).toMatchObject({ value: city.value });
  });

  it("keeps the city its registry address named (DaData) when the address text is edited by hand", async () => {
    const city = newCity();
    const registry = { value: 'г Тестоград, ул Вавилова, д 19', cityFiasId: city.cityFiasId, geoLat: 55.7, geoLon: 37.58 };
    const { id, director } = await createOrganization({ address: registry });
    expect(await foundIn(city.cityFiasId)).toEqual([id]);

    const updated = must(await d.api.post(director, 'organization/update', { id, address: 'г Тестоград, ул Вавилова, д 19, офис 5' }), 'update');
    expect(await foundIn(city.cityFiasId)).toEqual([id]);
    // None named in «Город»: the form's field stays empty, the address's city stands for it.
    expect(updated.address.cityFiasId).toBe(city.cityFiasId);
    expect(updated.city).toBeNull();

    // With no address at all, it names no city either.
    must(await d.api.post(director, 'organization/update', { id, address: null }), 'no address');
    expect(await foundIn(city.cityFiasId)).toEqual([]);
  });

  it('a city named in «Город» wins over the address, and is changed or cleared only through it', async () => {
    const named = newCity('г Первоград');
    const other = newCity('г Второград');
    const { id, director } = await createOrganization({ city: named });
    // No legal address: its profile (the cabinet's checklist reads it) names the city.
    const profiles = must(await d.api.get(director, 'user/profile/list', {}), 'list');
    expect(profiles.items.find((p: { id: number }) => p.id === id).address).toMatchObject({ value: named.value, cityFiasId: named.cityFiasId });
    const moved = { value: 'г Второград, ул Ленина, д 1', cityFiasId: other.cityFiasId, geoLat: 1, geoLon: 2 };
    const updated = must(await d.api.post(director, 'organization/update', { id, address: moved }), 'address');
    expect(updated.city).toMatchObject({ value: named.value, cityFiasId: named.cityFiasId });
    expect(await foundIn(named.cityFiasId)).toEqual([id]);
    expect(await foundIn(other.cityFiasId)).toEqual([]);

    must(await d.api.post(director, 'organization/update', { id, city: other }), 'city');
    expect(await foundIn(other.cityFiasId)).toEqual([id]);
    const cleared = must(await d.api.post(director, 'organization/update', { id, city: null }), 'clear');
    expect(cleared.city).toBeNull();
    expect(await foundIn(other.cityFiasId)).toEqual([]);
  });
});
