import { organizationAddressInput } from './organization';

describe('an organisation’s legal address as sent', () => {
  it('is the object of text typed by hand, without coordinates', () => {
    expect(organizationAddressInput.parse('г. Казань, ул. Баумана, д. 1')).toEqual({ value: 'г. Казань, ул. Баумана, д. 1', cityFiasId: null, geoLat: null, geoLon: null });
  });

  it('is no address when its text shows nothing, typed or as the object', () => {
    for (const blank of ['', '   ', '\u200b', { value: '', cityFiasId: null, geoLat: null, geoLon: null }, { value: ' \u2060 ', cityFiasId: 'abc-1', geoLat: 55.8, geoLon: 49.1 }]) {
      expect(organizationAddressInput.parse(blank)).toBeNull();
    }
  });

  it('keeps an address object that says something', () => {
    const address = { value: 'г Казань, ул Баумана, д 1', cityFiasId: 'abc-1', geoLat: 55.8, geoLon: 49.1 };
    expect(organizationAddressInput.parse(address)).toEqual(address);
  });
});
