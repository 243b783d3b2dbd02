/**
 * Money typed by a person, as exact kopecks: "1 500,50", "1500.5", "1500" → 150050, 150050,
 * 150000. Floats never hold kopecks here: the text is split at the decimal mark and read as
 * integers. Null for anything else (letters, a second mark, three decimals, a sign).
 */
export function parseRoublesToKopecks(text: string): number | null {
  const compact = text.replace(/[\s\u00A0\u202F₽]+/g, '').replace(/(руб\.?|р\.)$/i, '');
  const match = /^(\d{1,13})(?:[.,](\d{1,2}))?$/.exec(compact);
  if (!match) return null;
  const roubles = Number(match[1]);
  const kopecks = Number((match[2] ?? '').padEnd(2, '0'));
  const total = roubles * 100 + kopecks;
  return Number.isSafeInteger(total) ? total : null;
}

/** Whole kopecks as the roubles the contract carries (`1500.5`): the nearest double, two decimals exact. */
export const kopecksToRoubles = (kopecks: number): number => kopecks / 100;

/** Roubles of an answer as whole kopecks (answers carry at most two decimals). */
export const roublesToKopecks = (roubles: number): number => Math.round(roubles * 100);
