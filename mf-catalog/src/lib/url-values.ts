import { isCalendarDate, isWithinDateYears, MAX_AMOUNT, parsePrice, parseRussianDate, withoutForbiddenCharacters, type SortDirection } from 'shared';

/** Readers for search parameters: a value the API would refuse is dropped rather than sent. */

export function positiveInt(value: string | null | undefined, fallback: number): number {
  const n = Number(value);
  return value && Number.isSafeInteger(n) && n > 0 ? n : fallback;
}

/**
 * `3,7,3,0,x` → `3,7`: distinct positive ids, as numbers (`007,7` is `7` once: one view, one query
 * key and one URL); '0' is the «Все» option and means no filter.
 */
export function idList(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const typed = value.split(',').map((raw) => raw.trim()).filter((raw) => /^\d+$/.test(raw));
  const ids = [...new Set(typed.map(Number))].filter((n) => Number.isSafeInteger(n) && n > 0);
  return ids.length ? ids.join(',') : undefined;
}

export function idsOf(value: string | undefined): number[] {
  return value ? value.split(',').map(Number).filter((n) => n > 0) : [];
}

/** An amount the API takes: from 0 to MAX_AMOUNT (`numeric(14, 2)`). */
export function nonNegativeNumber(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  // As the price field reads it (a form sent before the scripts ran carries its text: «1 000,50»).
  const n = parsePrice(value);
  return n !== undefined && Number.isFinite(n) && n >= 0 && n <= MAX_AMOUNT ? String(n) : undefined;
}

/**
 * A calendar date as ISO `YYYY-MM-DD`. `дд.мм.гггг` is taken too: the date field's own text, sent
 * by a filter form submitted before the page's scripts ran.
 */
export function isoDate(raw: string | null | undefined): string | undefined {
  const value = raw?.includes('.') ? parseRussianDate(raw.trim()) : raw;
  // As the API judges it: a year it refuses (422) would fail the whole list, so it is dropped too.
  return value && isCalendarDate(value) && isWithinDateYears(value) ? value : undefined;
}

export function text(value: string | null | undefined, max = 200): string | undefined {
  // A control character from a link (`?query=%00`) is no text a visitor typed, and the API refuses it.
  const trimmed = value === null || value === undefined ? undefined : withoutForbiddenCharacters(value).trim();
  return trimmed ? trimmed.slice(0, max) : undefined;
}

export function oneOf<T extends string>(value: string | null | undefined, allowed: readonly T[]): T | undefined {
  return allowed.find((item) => item === value);
}

/**
 * A list's sort as the URL says it: `attributeSort` and `typeSort`, or `sort=field:direction`, the
 * sort select's value in a form sent without scripts (SortForm), which wins as the newer choice.
 * A field the list does not sort by gives the list's default.
 */
export function sortOf<F extends string>(params: URLSearchParams, fields: readonly F[], fallback: F): { attributeSort: F; typeSort: SortDirection } {
  const [field, direction] = (params.get('sort') ?? '').split(':');
  const chosen = oneOf(field, fields);
  if (chosen && (direction === 'asc' || direction === 'desc')) return { attributeSort: chosen, typeSort: direction };
  return { attributeSort: oneOf(params.get('attributeSort'), fields) ?? fallback, typeSort: params.get('typeSort') === 'desc' ? 'desc' : 'asc' };
}

type Sort<F extends string> = { attributeSort: F; typeSort: SortDirection };

export const isDefaultSort = <F extends string>(sort: Sort<F>, fallback: Sort<F>): boolean =>
  sort.attributeSort === fallback.attributeSort && sort.typeSort === fallback.typeSort;

/** The pair a list writes its sort as: left out when it is the list's default, so equal views have equal URLs. */
export function setSort<F extends string>(params: URLSearchParams, sort: Sort<F>, fallback: Sort<F>): void {
  if (isDefaultSort(sort, fallback)) return;
  params.set('attributeSort', sort.attributeSort);
  params.set('typeSort', sort.typeSort);
}

/** A city chosen in a catalogue: its FIAS id (`address`) and, only together with it, the name shown (`addressName`). */
export interface CityParams {
  address?: string;
  addressName?: string;
}

export function cityOf(params: URLSearchParams): CityParams {
  const address = text(params.get('address'), 64);
  if (!address) return {};
  const name = text(params.get('addressName'));
  return name ? { address, addressName: name } : { address };
}

/** The URL parameters a chosen city is written in (a chip that clears the city clears both). */
export const CITY_PARAMS = ['address', 'addressName'] as const;

export function setCity(params: URLSearchParams, { address, addressName }: CityParams): void {
  if (!address) return;
  params.set('address', address);
  if (addressName) params.set('addressName', addressName);
}

/**
 * A catalogue filter after a change: any change other than the page itself starts again from page 1;
 * a filter cleared is left out, and the city's name goes with its city.
 */
export function patchListFilter<T extends { page: number } & CityParams>(filter: T, patch: Partial<{ [K in keyof T]: T[K] | undefined }>, keys: readonly (keyof T)[]): T {
  const next = { ...filter, ...patch, page: patch.page ?? 1 } as T;
  for (const key of keys) {
    if (!next[key]) delete next[key];
  }
  if (!next.address || !next.addressName) delete next.addressName;
  return next;
}

/**
 * `path` with the city of a catalogue carried along (`address` and its `addressName`), its own
 * parameters kept: `/application/search?services=3` → `…?services=3&address=…&addressName=…`.
 */
export function hrefWithCity(path: string, city: CityParams): string {
  const [pathname = '', query = ''] = path.split('?', 2);
  const params = new URLSearchParams(query);
  setCity(params, city);
  const search = params.toString();
  return search ? `${pathname}?${search}` : pathname;
}
