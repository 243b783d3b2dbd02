import { NBSP } from './spaces';

/** '12500' → '12 500' (no-break spaces between groups of three, as Russian writes them). */
export function groupDigits(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, NBSP);
}

/**
 * '12 500 ₽', '12 500,50 ₽' (no-break spaces); kopecks only when there are some; '-1 500 ₽' below
 * zero. Written out rather than through `Intl.NumberFormat`: the first currency formatter of a page
 * loads ICU's locale and currency data (about 30 ms of the start's main thread here, when `shared`
 * was evaluated), and the same text comes out of every browser and the server whatever their ICU
 * build (they differ in the spaces they put: hydration compares the server's text with the
 * browser's). `money.test.ts` checks it against Intl's ru-RU output.
 */
export function formatMoney(roubles: number): string {
  if (!Number.isFinite(roubles)) return '—';
  const kopecks = Math.round(Math.abs(roubles) * 100);
  // Beyond 2^53 kopecks the amount has no kopecks to show: whole roubles, every digit.
  const [whole, fraction] = Number.isSafeInteger(kopecks)
    ? [String(Math.floor(kopecks / 100)), kopecks % 100]
    : [BigInt(Math.round(Math.abs(roubles))).toString(), 0];
  const sign = roubles < 0 && kopecks > 0 ? '-' : '';
  const cents = fraction === 0 ? '' : `,${String(fraction).padStart(2, '0')}`;
  return `${sign}${groupDigits(whole)}${cents}${NBSP}₽`;
}

/** An application's price as a visitor reads it: none, or 0 (the contract's "price on request"), is «Цена договорная». */
export function formatApplicationPrice(price: number | null | undefined): string {
  return price ? formatMoney(price) : 'Цена договорная';
}

/**
 * A price field's text as the contract's `priceSchema` judges it: '12 500,50' → 12500.5, '' →
 * undefined (not given), '-1' → -1 (refused as negative); any other text is NaN, refused as
 * «Укажите цену числом». Every price input parses with it (the application form, the price
 * dialog, the reply, the catalogue's price filter), so one text gets one message everywhere.
 * A dot before exactly three digits («1.000», «12.500») is how thousands are grouped as often as
 * it is a fraction: such a text is no number rather than 1 ₽ (kopecks take a comma, «1000,50»).
 */
export function parsePrice(text: unknown): number | undefined {
  if (typeof text === 'number') return text;
  const raw = String(text ?? '').replace(/[\s\u00a0\u202f₽]/g, '');
  if (raw === '') return undefined;
  if (/^-?\d+\.\d{3}$/.test(raw)) return Number.NaN;
  const compact = raw.replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(compact) ? Number(compact) : Number.NaN;
}

/**
 * A price as its field shows it, the way a Russian types it and `parsePrice` reads it back:
 * '12500', '15000,50' (kopecks in two digits, only when there are some). `String(15000.5)` gave
 * '15000.5'.
 */
export function priceFieldText(price: number): string {
  const kopecks = Math.round(price * 100);
  const whole = String(Math.trunc(kopecks / 100));
  const fraction = Math.abs(kopecks % 100);
  return fraction === 0 ? whole : `${whole},${String(fraction).padStart(2, '0')}`;
}
