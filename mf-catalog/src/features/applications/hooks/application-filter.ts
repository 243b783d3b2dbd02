export type ApplicationSortField = 'name' | 'price' | 'deadline' | 'createdAt';
export type SortDirection = 'asc' | 'desc';

/**
 * The application list's view as it lives in the URL: names match the query of
 * `application/get-collection`, so the search string is passed to the API as is.
 */
export interface ApplicationFilter {
  page: number;
  attributeSort: ApplicationSortField;
  typeSort: SortDirection;
  query?: string;
  services?: string;
  address?: string;
  min_price?: string;
  max_price?: string;
  deadline?: string;
  customer?: string;
  type?: string;
}

export type ApplicationFilterPatch = Partial<{ [K in keyof ApplicationFilter]: ApplicationFilter[K] | undefined }>;

export const APPLICATION_PAGE_SIZE = 6;

export const DEFAULT_APPLICATION_SORT = { attributeSort: 'name', typeSort: 'asc' } as const;

/** Filters that narrow the result set (as opposed to page and sort). */
export const APPLICATION_FILTER_KEYS = [
  'query',
  'services',
  'address',
  'min_price',
  'max_price',
  'deadline',
  'customer',
  'type',
] as const satisfies readonly (keyof ApplicationFilter)[];

const SORT_FIELDS: readonly ApplicationSortField[] = ['name', 'price', 'deadline', 'createdAt'];

function positiveInt(value: string | null, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

export function parseApplicationFilter(params: URLSearchParams): ApplicationFilter {
  const sort = params.get('attributeSort');
  const direction = params.get('typeSort');
  const filter: ApplicationFilter = {
    page: positiveInt(params.get('page'), 1),
    attributeSort: SORT_FIELDS.find((f) => f === sort) ?? DEFAULT_APPLICATION_SORT.attributeSort,
    typeSort: direction === 'desc' ? 'desc' : 'asc',
  };
  for (const key of APPLICATION_FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (value) filter[key] = value;
  }
  return filter;
}

/** Defaults are left out so that equal views have equal, short URLs. */
export function toApplicationSearchParams(filter: ApplicationFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of APPLICATION_FILTER_KEYS) {
    const value = filter[key];
    if (value) params.set(key, value);
  }
  const isDefaultSort =
    filter.attributeSort === DEFAULT_APPLICATION_SORT.attributeSort &&
    filter.typeSort === DEFAULT_APPLICATION_SORT.typeSort;
  if (!isDefaultSort) {
    params.set('attributeSort', filter.attributeSort);
    params.set('typeSort', filter.typeSort);
  }
  if (filter.page > 1) params.set('page', String(filter.page));
  return params;
}

export function hasActiveFilters(filter: ApplicationFilter): boolean {
  return APPLICATION_FILTER_KEYS.some((key) => Boolean(filter[key]));
}

/** Applies a change; any change other than the page itself starts again from page 1. */
export function applyFilterPatch(filter: ApplicationFilter, patch: ApplicationFilterPatch): ApplicationFilter {
  const next = { ...filter, ...patch, page: patch.page ?? 1 } as ApplicationFilter;
  for (const key of APPLICATION_FILTER_KEYS) {
    if (!next[key]) delete next[key];
  }
  return next;
}
