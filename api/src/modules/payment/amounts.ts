/**
 * Amounts on payment documents. Money is whole kopecks inside the API; roubles only at the edges
 * (the contract's `amount`), and on invoices in figures and in words («Одна тысяча двести
 * тридцать четыре рубля 50 копеек»: accounting practice writes roubles in words, kopecks in two
 * figures).
 */

/** 1234.5 roubles → 123450 kopecks; refuses fractions of a kopeck rather than rounding money away. */
export function roublesToKopecks(roubles: number): number {
  const kopecks = Math.round(roubles * 100);
  // Binary doubles: 0.29 * 100 is 28.999999999999996, so «has at most two decimals» asks whether the
  // double is the one nearest to its two-decimal form (a fixed tolerance fails near a trillion).
  if (!Number.isSafeInteger(kopecks) || Number(roubles.toFixed(2)) !== roubles) {
    throw new RangeError(`Not a whole number of kopecks: ${roubles}`);
  }
  return kopecks;
}

type Forms = readonly [one: string, few: string, many: string];

/** 1 рубль, 2 рубля, 5 рублей, 11 рублей, 21 рубль. */
export function pluralForm(n: number, [one, few, many]: Forms): string {
  const mod100 = n % 100;
  const mod10 = n % 10;
  if (mod100 >= 11 && mod100 <= 14) return many;
  if (mod10 === 1) return one;
  if (mod10 >= 2 && mod10 <= 4) return few;
  return many;
}

const HUNDREDS = ['', 'сто', 'двести', 'триста', 'четыреста', 'пятьсот', 'шестьсот', 'семьсот', 'восемьсот', 'девятьсот'];
const TENS = ['', '', 'двадцать', 'тридцать', 'сорок', 'пятьдесят', 'шестьдесят', 'семьдесят', 'восемьдесят', 'девяносто'];
const TEENS = ['десять', 'одиннадцать', 'двенадцать', 'тринадцать', 'четырнадцать', 'пятнадцать', 'шестнадцать', 'семнадцать', 'восемнадцать', 'девятнадцать'];
const UNITS_MASCULINE = ['', 'один', 'два', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять'];
/** Тысяча is feminine: «одна тысяча», «две тысячи». */
const UNITS_FEMININE = ['', 'одна', 'две', ...UNITS_MASCULINE.slice(3)];

/** Words for 1..999 (empty for 0). */
function triadWords(n: number, feminine: boolean): string[] {
  const words = [HUNDREDS[Math.floor(n / 100)]!];
  const rest = n % 100;
  if (rest >= 10 && rest < 20) words.push(TEENS[rest - 10]!);
  else words.push(TENS[Math.floor(rest / 10)]!, (feminine ? UNITS_FEMININE : UNITS_MASCULINE)[rest % 10]!);
  return words.filter(Boolean);
}

/** Scales from the highest; each with its grammatical gender and plural forms. */
const SCALES: readonly { value: number; feminine: boolean; forms: Forms }[] = [
  { value: 1e12, feminine: false, forms: ['триллион', 'триллиона', 'триллионов'] },
  { value: 1e9, feminine: false, forms: ['миллиард', 'миллиарда', 'миллиардов'] },
  { value: 1e6, feminine: false, forms: ['миллион', 'миллиона', 'миллионов'] },
  { value: 1e3, feminine: true, forms: ['тысяча', 'тысячи', 'тысяч'] },
];

/** A whole number of roubles in words, masculine («один», «два») as «рубль» wants. */
export function integerInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0 || n >= 1e15) throw new RangeError(`Cannot spell ${n}`);
  if (n === 0) return 'ноль';
  const words: string[] = [];
  let rest = n;
  for (const scale of SCALES) {
    const count = Math.floor(rest / scale.value);
    rest %= scale.value;
    if (count > 0) words.push(...triadWords(count, scale.feminine), pluralForm(count, scale.forms));
  }
  words.push(...triadWords(rest, false));
  return words.join(' ');
}

/** «Одна тысяча двести тридцать четыре рубля 50 копеек» for 123450 kopecks. */
export function amountInWords(kopecks: number): string {
  if (!Number.isSafeInteger(kopecks) || kopecks < 0) throw new RangeError(`Invalid amount in kopecks: ${kopecks}`);
  const roubles = Math.floor(kopecks / 100);
  const cents = kopecks % 100;
  const roublesWords = integerInWords(roubles);
  const text = `${roublesWords} ${pluralForm(roubles, ['рубль', 'рубля', 'рублей'])} ${String(cents).padStart(2, '0')} ${pluralForm(cents, ['копейка', 'копейки', 'копеек'])}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** «1 234,50» with no-break spaces between thousands: figures for invoice tables. */
export function formatKopecks(kopecks: number): string {
  if (!Number.isSafeInteger(kopecks) || kopecks < 0) throw new RangeError(`Invalid amount in kopecks: ${kopecks}`);
  const roubles = String(Math.floor(kopecks / 100)).replace(/\B(?=(\d{3})+$)/g, '\u00a0');
  return `${roubles},${String(kopecks % 100).padStart(2, '0')}`;
}
