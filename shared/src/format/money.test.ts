import fc from 'fast-check';
import { formatApplicationPrice, formatMoney, groupDigits, parsePrice, priceFieldText } from './money';
import { NBSP } from './spaces';

const s = (text: string) => text.replace(/ /g, NBSP);
/** Intl separates digit groups with U+00A0 or U+202F depending on the ICU build. */
const noBreak = (text: string) => text.replace(/[\u00A0\u202F\u2009 ]/g, NBSP);

describe('formatMoney', () => {
  it.each([
    [12500, '12 500 ₽'],
    [0, '0 ₽'],
    [999, '999 ₽'],
    [1000000, '1 000 000 ₽'],
    [12500.5, '12 500,50 ₽'],
    [99.99, '99,99 ₽'],
    [12500.001, '12 500 ₽'],
    [1000, '1 000 ₽'],
    [0.1 + 0.2, '0,30 ₽'],
    [1000.05, '1 000,05 ₽'],
    [-1500, '-1 500 ₽'],
    [-1234.56, '-1 234,56 ₽'],
    [-0, '0 ₽'],
    [-0.001, '0 ₽'],
    [1e21, '1 000 000 000 000 000 000 000 ₽'],
  ])('formats %p roubles as %p with no-break spaces', (value, expected) => {
    expect(formatMoney(value)).toBe(s(expected));
  });

  it('never contains a breaking or narrow space', () => {
    expect(formatMoney(1234567.89)).not.toMatch(/[ \u202F]/);
  });

  it('shows a dash for a value that is not a number', () => {
    expect(formatMoney(Number.NaN)).toBe('—');
    expect(formatMoney(Number.POSITIVE_INFINITY)).toBe('—');
  });

  it("writes what Intl's ru-RU currency format writes (its spaces made no-break), without Intl", () => {
    const intl = (digits: number) =>
      new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB', minimumFractionDigits: digits, maximumFractionDigits: digits });
    const whole = intl(0);
    const kopecks = intl(2);
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: 0, max: 99 }), (roubles, cents) => {
        const value = roubles + Math.sign(roubles || 1) * cents / 100;
        const rounded = Math.round(value * 100) / 100;
        if (rounded === 0) return; // Intl writes '-0 ₽' for a negative zero; we write '0 ₽'.
        const expected = noBreak((Number.isInteger(rounded) ? whole : kopecks).format(rounded));
        expect(formatMoney(value)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('groupDigits', () => {
  it('separates groups of three from the right with no-break spaces', () => {
    expect(groupDigits('7')).toBe('7');
    expect(groupDigits('999')).toBe('999');
    expect(groupDigits('10000')).toBe(s('10 000'));
    expect(groupDigits('1234567')).toBe(s('1 234 567'));
  });
});

describe('formatApplicationPrice', () => {
  it('reads none and 0 (price on request) as «Цена договорная», any other price as money', () => {
    expect(formatApplicationPrice(null)).toBe('Цена договорная');
    expect(formatApplicationPrice(0)).toBe('Цена договорная');
    expect(formatApplicationPrice(12500.5)).toBe(formatMoney(12500.5));
  });
});

describe('priceFieldText', () => {
  it('writes a price as it is typed, and parsePrice reads it back to the same number', () => {
    for (const [price, text] of [
      [12500, '12500'],
      [15000.5, '15000,50'],
      [0.07, '0,07'],
      [0, '0'],
      [1999.99, '1999,99'],
    ] as const) {
      expect(priceFieldText(price)).toBe(text);
      expect(parsePrice(text)).toBe(price);
    }
  });
});
