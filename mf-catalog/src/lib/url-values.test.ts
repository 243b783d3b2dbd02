import { hrefWithCity } from './url-values';

const KAZAN = { address: '93b3df57-4c89-44df-ac42-96f05e9cd3b9', addressName: 'г Казань' };

describe('hrefWithCity', () => {
  test('adds the city and its name to a path, keeping the parameters it had', () => {
    expect(hrefWithCity('/service/11', KAZAN)).toBe(`/service/11?${new URLSearchParams({ address: KAZAN.address, addressName: 'г Казань' })}`);
    expect(hrefWithCity('/application/search?services=11%2C12', KAZAN)).toBe(
      `/application/search?${new URLSearchParams({ services: '11,12', address: KAZAN.address, addressName: 'г Казань' })}`,
    );
  });

  test('a city without its name travels as the id alone; no city leaves the path as it was', () => {
    expect(hrefWithCity('/executor/search?services=3', { address: KAZAN.address })).toBe(`/executor/search?services=3&address=${KAZAN.address}`);
    expect(hrefWithCity('/service/11', {})).toBe('/service/11');
    expect(hrefWithCity('/executor/search?services=3', { addressName: 'г Казань' })).toBe('/executor/search?services=3');
  });
});
