import { kopecksToRoubles, parseRoublesToKopecks } from './amount';

test.each([
  ['1500', 150000],
  ['1 500,50', 150050],
  ['1500.5', 150050],
  ['0,01', 1],
  ['0.29', 29],
  ['1\u00A0000 ₽', 100000],
  ['100,1', 10010],
])('reads %p as %p kopecks', (text, kopecks) => {
  expect(parseRoublesToKopecks(text)).toBe(kopecks);
});

test.each(['', 'abc', '10,005', '-5', '1,2,3', '1e3', ',5'])('refuses %p', (text) => {
  expect(parseRoublesToKopecks(text)).toBeNull();
});

test('kopecks go out as roubles the contract accepts: two decimals exactly', () => {
  for (const kopecks of [1, 29, 57, 110, 150050, 99_999_999_999]) {
    const roubles = kopecksToRoubles(kopecks);
    expect(Number(roubles.toFixed(2))).toBe(roubles);
    expect(Math.round(roubles * 100)).toBe(kopecks);
  }
});
