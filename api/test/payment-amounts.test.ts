import { amountInWords, formatKopecks, integerInWords, roublesToKopecks } from '../src/modules/payment/amounts';

describe('amount in words', () => {
  it.each([
    [123450, 'Одна тысяча двести тридцать четыре рубля 50 копеек'],
    [0, 'Ноль рублей 00 копеек'],
    [1, 'Ноль рублей 01 копейка'],
    [100, 'Один рубль 00 копеек'],
    [222, 'Два рубля 22 копейки'],
    [1100, 'Одиннадцать рублей 00 копеек'],
    [2111, 'Двадцать один рубль 11 копеек'],
    [200200, 'Две тысячи два рубля 00 копеек'],
    [1_100_000, 'Одиннадцать тысяч рублей 00 копеек'],
    [2_100_000, 'Двадцать одна тысяча рублей 00 копеек'],
    [50_000_000, 'Пятьсот тысяч рублей 00 копеек'],
    [100_000_000, 'Один миллион рублей 00 копеек'],
    [2_001_000_500, 'Двадцать миллионов десять тысяч пять рублей 00 копеек'],
    [100_000_000_000_000, 'Один триллион рублей 00 копеек'],
  ])('%i kopecks: %s', (kopecks, words) => {
    expect(amountInWords(kopecks)).toBe(words);
  });

  it('spells the largest amount the contract allows', () => {
    expect(amountInWords(99_999_999_999_999)).toBe(
      'Девятьсот девяносто девять миллиардов девятьсот девяносто девять миллионов девятьсот девяносто девять тысяч девятьсот девяносто девять рублей 99 копеек',
    );
  });

  it('uses the grammatical gender of each scale: одна тысяча, один миллион, два миллиарда', () => {
    expect(integerInWords(1_001_000)).toBe('один миллион одна тысяча');
    expect(integerInWords(2_002_000_000)).toBe('два миллиарда два миллиона');
    expect(integerInWords(12_014)).toBe('двенадцать тысяч четырнадцать');
  });

  it('refuses what is not a whole non-negative number of kopecks', () => {
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => amountInWords(bad)).toThrow(RangeError);
  });
});

describe('amounts in figures', () => {
  it('groups thousands with no-break spaces and always shows kopecks', () => {
    expect(formatKopecks(123450)).toBe('1\u00a0234,50');
    expect(formatKopecks(5)).toBe('0,05');
    expect(formatKopecks(100_000_000)).toBe('1\u00a0000\u00a0000,00');
  });

  it('converts roubles to kopecks exactly, refusing fractions of a kopeck', () => {
    expect(roublesToKopecks(1234.5)).toBe(123450);
    expect(roublesToKopecks(0.29)).toBe(29);
    expect(roublesToKopecks(999_999_999_999.99)).toBe(99_999_999_999_999);
    expect(() => roublesToKopecks(10.001)).toThrow(RangeError);
    expect(() => roublesToKopecks(Number.NaN)).toThrow(RangeError);
  });
});
