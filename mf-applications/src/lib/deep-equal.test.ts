import { deepEqual } from './deep-equal';

describe('deepEqual', () => {
  it('ignores the order of keys, at any depth', () => {
    expect(deepEqual({ id: 41, name: 'Ремонт', address: { value: 'Москва', geoLat: 55.7 } }, { address: { geoLat: 55.7, value: 'Москва' }, name: 'Ремонт', id: 41 })).toBe(true);
  });

  it('tells apart a changed value, a missing or extra key, and arrays in another order', () => {
    expect(deepEqual({ name: 'Ремонт', price: 100 }, { name: 'Ремонт', price: 200 })).toBe(false);
    expect(deepEqual({ name: 'Ремонт' }, { name: 'Ремонт', price: null })).toBe(false);
    expect(deepEqual({ services: [1, 2] }, { services: [2, 1] })).toBe(false);
    expect(deepEqual({ services: [1] }, { services: { 0: 1 } })).toBe(false);
  });

  it('counts a key holding undefined as absent, as JSON does', () => {
    expect(deepEqual({ name: 'Ремонт', description: undefined }, { name: 'Ремонт' })).toBe(true);
  });
});
