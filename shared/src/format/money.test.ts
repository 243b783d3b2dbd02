import { formatMoney } from './money';
import { NBSP, normalizeSpaces } from './spaces';

const s = (text: string) => text.replace(/ /g, NBSP);

describe('formatMoney', () => {
  it.each([
    [12500, '12 500 ₽'],
    [0, '0 ₽'],
    [999, '999 ₽'],
    [1000000, '1 000 000 ₽'],
    [12500.5, '12 500,50 ₽'],
    [99.99, '99,99 ₽'],
    [12500.001, '12 500 ₽'],
  ])('formats %p roubles as %p with no-break spaces', (value, expected) => {
    expect(formatMoney(value)).toBe(s(expected));
  });

  it('never contains a breaking or narrow space', () => {
    expect(formatMoney(1234567.89)).not.toMatch(/[ \u202F]/);
  });

  it('shows a dash for a value that is not a number', () => {
    expect(formatMoney(Number.NaN)).toBe('—');
  });
});

describe('normalizeSpaces', () => {
  it('turns narrow no-break and plain spaces into U+00A0', () => {
    expect(normalizeSpaces('12\u202F500 ₽')).toBe(`12${NBSP}500${NBSP}₽`);
  });
});
