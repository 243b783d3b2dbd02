import { MAX_AMOUNT } from 'shared';
import { hrefWithCity, idList, isoDate, nonNegativeNumber, text } from './url-values';

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

describe('isoDate', () => {
  test('takes a real day of 1900–2100, ISO or as the date field writes it, and drops what the API would refuse', () => {
    expect(isoDate('2026-12-31')).toBe('2026-12-31');
    expect(isoDate('31.12.2026')).toBe('2026-12-31');
    expect(isoDate('2100-12-31')).toBe('2100-12-31');
    // A year the API refuses with a 422 would fail the whole list.
    expect(isoDate('2101-01-01')).toBeUndefined();
    expect(isoDate('1899-12-31')).toBeUndefined();
    expect(isoDate('01.01.2101')).toBeUndefined();
    expect(isoDate('2026-02-30')).toBeUndefined();
  });
});

describe('idList', () => {
  test('keeps distinct positive ids as numbers: a zero-padded one is the same id, said once', () => {
    expect(idList('007,7,3')).toBe('7,3');
    expect(idList('3,7,3,0,x')).toBe('3,7');
    expect(idList(' 5 , 05')).toBe('5');
    expect(idList('0,x,-1,1.5')).toBeUndefined();
    expect(idList('99999999999999999999')).toBeUndefined();
  });
});

describe('nonNegativeNumber', () => {
  test('takes an amount up to MAX_AMOUNT itself, and drops one above it', () => {
    expect(nonNegativeNumber(String(MAX_AMOUNT))).toBe(String(MAX_AMOUNT));
    expect(nonNegativeNumber(String(MAX_AMOUNT + 1))).toBeUndefined();
  });


  test('reads a price as its field does, and drops what is no price', () => {
    expect(nonNegativeNumber('1 000,50')).toBe('1000.5');
    expect(nonNegativeNumber('25000')).toBe('25000');
    expect(nonNegativeNumber('1.000')).toBeUndefined();
    expect(nonNegativeNumber('1e5')).toBeUndefined();
    expect(nonNegativeNumber('-5')).toBeUndefined();
    expect(nonNegativeNumber('9999999999999')).toBeUndefined();
  });
});

describe('text', () => {
  test('drops what the API refuses in a text (control and direction characters), so a link with them still lists', () => {
    expect(text('\u0000')).toBeUndefined();
    expect(text('кров\u0000ля\u202e')).toBe('кровля');
    expect(text('  окна  ')).toBe('окна');
    expect(text('a'.repeat(300))).toHaveLength(200);
  });
});
