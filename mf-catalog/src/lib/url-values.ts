import { MAX_AMOUNT, parseRussianDate } from 'shared';

/** Readers for search parameters: a value the API would refuse is dropped rather than sent. */

export function positiveInt(value: string | null | undefined, fallback: number): number {
  const n = Number(value);
  return value && Number.isSafeInteger(n) && n > 0 ? n : fallback;
}

/** `3,7,3,0,x` → `3,7`: distinct positive ids; '0' is the «Все» option and means no filter. */
export function idList(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const ids = [...new Set(value.split(',').map((raw) => raw.trim()))].filter((raw) => /^\d+$/.test(raw) && Number(raw) > 0);
  return ids.length ? ids.map(Number).join(',') : undefined;
}

export function idsOf(value: string | undefined): number[] {
  return value ? value.split(',').map(Number).filter((n) => n > 0) : [];
}

/** An amount the API takes: from 0 to MAX_AMOUNT (`numeric(14, 2)`). */
export function nonNegativeNumber(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const n = Number(value.replace(',', '.'));
  return Number.isFinite(n) && n >= 0 && n <= MAX_AMOUNT ? String(n) : undefined;
}

/**
 * A calendar date as ISO `YYYY-MM-DD`. `дд.мм.гггг` is taken too: the date field's own text, sent
 * by a filter form submitted before the page's scripts ran.
 */
export function isoDate(raw: string | null | undefined): string | undefined {
  const value = raw?.includes('.') ? parseRussianDate(raw.trim()) : raw;
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value ? undefined : value;
}

export function text(value: string | null | undefined, max = 200): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, max) : undefined;
}

export function oneOf<T extends string>(value: string | null | undefined, allowed: readonly T[]): T | undefined {
  return allowed.find((item) => item === value);
}
