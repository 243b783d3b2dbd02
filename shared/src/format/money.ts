import { normalizeSpaces } from './spaces';

const wholeRoubles = new Intl.NumberFormat('ru-RU', {
  style: 'currency',
  currency: 'RUB',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const withKopecks = new Intl.NumberFormat('ru-RU', {
  style: 'currency',
  currency: 'RUB',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** '12 500 ₽', '12 500,50 ₽' (no-break spaces); kopecks only when there are some. */
export function formatMoney(roubles: number): string {
  if (!Number.isFinite(roubles)) return '—';
  const rounded = Math.round(roubles * 100) / 100;
  const formatter = Number.isInteger(rounded) ? wholeRoubles : withKopecks;
  return normalizeSpaces(formatter.format(rounded));
}
