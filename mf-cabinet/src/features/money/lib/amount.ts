/**
 * What is wrong with a typed amount: nothing typed, a minus, not a number of roubles, more than
 * two digits of kopecks, or more digits than any balance has (past exact kopecks).
 */
export type AmountProblem = 'empty' | 'negative' | 'format' | 'precision' | 'too-large';

/** A typed amount read: its exact kopecks, or why it is none. */
export type AmountReading = { kopecks: number; problem?: undefined } | { kopecks?: undefined; problem: AmountProblem };

/**
 * Money typed by a person, as exact kopecks: "1 500,50", "1500.5", "1500" → 150050, 150050,
 * 150000 (spaces of a paste, «₽» or «руб.» after it are no part of the number). Floats never
 * hold kopecks here: the text is split at the decimal mark and read as integers. Anything else is
 * read as its problem, never as another amount: "-5" is negative (not 5), "1e3" is no number (not 13).
 */
export function readRoubles(text: string): AmountReading {
  const compact = text.replace(/[\s\u00A0\u202F₽]+/g, '').replace(/(руб\.?|р\.)$/i, '');
  if (compact === '') return { problem: 'empty' };
  // A hyphen, the minus sign or a dash before the digits: all read as a minus.
  if (/^[-\u2212\u2012\u2013\u2014]\d/.test(compact)) return { problem: 'negative' };
  const match = /^(\d+)(?:[.,](\d+))?$/.exec(compact);
  if (!match) return { problem: 'format' };
  const [, whole = '', fraction = ''] = match;
  if (fraction.length > 2) return { problem: 'precision' };
  const digits = whole.replace(/^0+(?=\d)/, '');
  // More than 13 digits of roubles is more kopecks than a double holds exactly: no balance is that large.
  if (digits.length > 13) return { problem: 'too-large' };
  const total = Number(digits) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(total) ? { kopecks: total } : { problem: 'too-large' };
}

/** Whole kopecks as the roubles the contract carries (`1500.5`): the nearest double, two decimals exact. */
export const kopecksToRoubles = (kopecks: number): number => kopecks / 100;

/** Roubles of an answer as whole kopecks (answers carry at most two decimals). */
export const roublesToKopecks = (roubles: number): number => Math.round(roubles * 100);
