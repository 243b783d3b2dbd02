import { makeApplication } from 'shared/testing';
import { parseApplicationFilter } from './application-filter';
import { cityLabel, customerLabel } from './filter-labels';

const filterOf = (query: string) => parseApplicationFilter(new URLSearchParams(query));

describe('the names a list shows for the ids of its link', () => {
  it("a customer's name the link carries gives way to the one his applications on screen show", () => {
    const items = [makeApplication({ customer: { id: 7, name: 'Анна Смирнова', type: 'customer' } })];
    // Made by hand: another company's name over customer 7.
    expect(customerLabel(filterOf('customer=7&customerName=ООО+СтройИнвест'), items)).toBe('Анна Смирнова');
    // With nothing on screen to say otherwise, the link's name (a customer with no applications now).
    expect(customerLabel(filterOf('customer=7&customerName=Анна+Смирнова'), [])).toBe('Анна Смирнова');
    expect(customerLabel(filterOf('customer=7'), [])).toBe('Заказчик № 7');
  });

  it("a city's name the link carries gives way to the city of the applications on screen when they disagree", () => {
    const omsk = '140e31da-27bf-4519-9ea0-6185d681d44e';
    const items = [makeApplication({ address: { value: 'Омская обл, г Омск, ул Ленина, д 1', cityFiasId: omsk, geoLat: 54.98, geoLon: 73.37 } })];
    expect(cityLabel(filterOf(`address=${omsk}&addressName=г+Москва`), items)).toBe('Омская обл, г Омск');
    expect(cityLabel(filterOf(`address=${omsk}&addressName=г+Омск`), items)).toBe('г Омск');
  });
});
