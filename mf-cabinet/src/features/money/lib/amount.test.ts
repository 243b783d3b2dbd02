import { kopecksToRoubles, readRoubles } from './amount';

test.each([
  ['1500', 150000],
  ['1 500,50', 150050],
  ['1500.5', 150050],
  ['0,01', 1],
  ['0.29', 29],
  ['1\u00A0000 ₽', 100000],
  ['100,1', 10010],
  // Pasted as a bank or a spreadsheet writes it: spaces and the currency are no part of the number.
  ['  1 500,50 руб.', 150050],
  ['1\u202F500 р.', 150000],
  ['0', 0],
  ['007', 700],
  ['9999999999999,99', 999_999_999_999_999],
])('reads %p as %p kopecks', (text, kopecks) => {
  expect(readRoubles(text)).toEqual({ kopecks });
});

test.each([
  ['', 'empty'],
  ['  ₽', 'empty'],
  ['abc', 'format'],
  ['10,005', 'precision'],
  ['-5', 'negative'],
  ['\u22125', 'negative'],
  ['– 1 500,50', 'negative'],
  ['1,2,3', 'format'],
  ['1e3', 'format'],
  [',5', 'format'],
  ['+5', 'format'],
  ['5-', 'format'],
  ['12345678901234', 'too-large'],
  ['100000000000000,00', 'too-large'],
  ['99999999999999999999999', 'too-large'],
])('refuses %p as %p, never as another amount', (text, problem) => {
  expect(readRoubles(text)).toEqual({ problem });
});

test('kopecks go out as roubles the contract accepts: two decimals exactly', () => {
  for (const kopecks of [1, 29, 57, 110, 150050, 99_999_999_999]) {
    const roubles = kopecksToRoubles(kopecks);
    expect(Number(roubles.toFixed(2))).toBe(roubles);
    expect(Math.round(roubles * 100)).toBe(kopecks);
  }
});
