import { applicationListDefaults, applicationSortFields, type ApplicationSortField, type SortDirection } from 'shared';
import { idList, isoDate, nonNegativeNumber, oneOf, positiveInt, setSort, sortOf, text } from '../../../lib/url-values';

export type { ApplicationSortField, SortDirection };
/**
 * Spec §3's `type` defaults to `customer`, which already includes organisations (the API's default):
 * only `organization` narrows the list, so only it is a filter (a link's `type=customer` is the list itself).
 */
export type CustomerTypeFilter = 'organization';

/**
 * The application list's view as it lives in the URL. The filter names match the query of
 * `application/get-collection`; `addressName` and `customerName` only remember what the
 * visitor chose (the API takes ids), so a shared link shows the same names.
 */
export interface ApplicationFilter {
  page: number;
  attributeSort: ApplicationSortField;
  typeSort: SortDirection;
  query?: string;
  /** Comma-separated service ids; absent means «Все». */
  services?: string;
  /** A city's FIAS id. */
  address?: string;
  min_price?: string;
  max_price?: string;
  /** Due on or before, `YYYY-MM-DD`. */
  deadline?: string;
  /** The customer's profile id. */
  customer?: string;
  type?: CustomerTypeFilter;
  addressName?: string;
  customerName?: string;
}

export type ApplicationFilterPatch = Partial<{ [K in keyof ApplicationFilter]: ApplicationFilter[K] | undefined }>;

// The API's own defaults (shared/contract), so a URL without page size or sort asks for what
// the API would answer anyway.
export const APPLICATION_PAGE_SIZE = applicationListDefaults.limit;

export const DEFAULT_APPLICATION_SORT = {
  attributeSort: applicationListDefaults.attributeSort,
  typeSort: applicationListDefaults.typeSort,
} as const;

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

export type ApplicationFilterKey = (typeof APPLICATION_FILTER_KEYS)[number];

/** A display name is kept only together with the id it names. */
const LABELS = { addressName: 'address', customerName: 'customer' } as const;
const LABEL_KEYS = Object.keys(LABELS) as (keyof typeof LABELS)[];

/** The URL parameters a filter is written in: its own, and the display name kept with it. */
export function urlParamsOf(key: ApplicationFilterKey): string[] {
  return [key, ...LABEL_KEYS.filter((label) => LABELS[label] === key)];
}

const CUSTOMER_TYPES: readonly CustomerTypeFilter[] = ['organization'];

function readFilterValue(key: ApplicationFilterKey, raw: string | null): string | undefined {
  switch (key) {
    case 'services':
      return idList(raw);
    case 'min_price':
    case 'max_price':
      return nonNegativeNumber(raw);
    case 'deadline':
      return isoDate(raw);
    case 'customer': {
      const id = positiveInt(raw, 0);
      return id ? String(id) : undefined;
    }
    case 'type':
      return oneOf(raw, CUSTOMER_TYPES);
    case 'address':
      return text(raw, 64);
    case 'query':
      return text(raw);
  }
}

export function parseApplicationFilter(params: URLSearchParams): ApplicationFilter {
  const filter: ApplicationFilter = {
    page: positiveInt(params.get('page'), 1),
    ...sortOf(params, applicationSortFields, DEFAULT_APPLICATION_SORT.attributeSort),
  };
  for (const key of APPLICATION_FILTER_KEYS) {
    const value = readFilterValue(key, params.get(key));
    if (value) (filter as unknown as Record<string, string>)[key] = value;
  }
  for (const key of LABEL_KEYS) {
    const value = text(params.get(key));
    if (value && filter[LABELS[key]]) filter[key] = value;
  }
  // A link with the bounds the wrong way round (the API refuses it with a 422) means the range
  // between them: the form cannot produce one, a hand-edited or old link can.
  const { min_price: low, max_price: high } = filter;
  if (low && high && Number(low) > Number(high)) Object.assign(filter, { min_price: high, max_price: low });
  return filter;
}

/** Defaults are left out so that equal views have equal, short URLs. */
export function toApplicationSearchParams(filter: ApplicationFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of APPLICATION_FILTER_KEYS) {
    const value = filter[key];
    if (value) params.set(key, value);
    const label = LABEL_KEYS.find((name) => LABELS[name] === key);
    const labelValue = label && filter[label];
    if (value && labelValue) params.set(label, labelValue);
  }
  setSort(params, filter, DEFAULT_APPLICATION_SORT);
  if (filter.page > 1) params.set('page', String(filter.page));
  return params;
}

/** What `application/get-collection` is asked: the filter without the display names. */
export function toApplicationQuery(filter: ApplicationFilter) {
  const query: Omit<ApplicationFilter, 'addressName' | 'customerName'> = {
    page: filter.page,
    attributeSort: filter.attributeSort,
    typeSort: filter.typeSort,
  };
  for (const key of APPLICATION_FILTER_KEYS) {
    if (filter[key]) (query as Record<string, unknown>)[key] = filter[key];
  }
  return query;
}

/** Whether anything narrows the list (the search or a filter), not only its page and sort. */
export function hasActiveApplicationFilters(filter: ApplicationFilter): boolean {
  return APPLICATION_FILTER_KEYS.some((key) => Boolean(filter[key]));
}

export function countActiveFilters(filter: ApplicationFilter): number {
  return APPLICATION_FILTER_KEYS.filter((key) => key !== 'query' && Boolean(filter[key])).length;
}

/** Applies a change; any change other than the page itself starts again from page 1. */
export function applyFilterPatch(filter: ApplicationFilter, patch: ApplicationFilterPatch): ApplicationFilter {
  const next = { ...filter, ...patch, page: patch.page ?? 1 } as ApplicationFilter;
  for (const key of APPLICATION_FILTER_KEYS) {
    if (!next[key]) delete next[key];
  }
  for (const key of LABEL_KEYS) {
    if (!next[key] || !next[LABELS[key]]) delete next[key];
  }
  return next;
}
