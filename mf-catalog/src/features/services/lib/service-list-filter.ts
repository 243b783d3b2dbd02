import { serviceListDefaults, serviceSortFields, type ServiceSortField, type SortDirection } from 'shared';
import { cityOf, patchListFilter, positiveInt, setCity, setSort, sortOf, text } from '../../../lib/url-values';

export type { ServiceSortField };

/**
 * Spec §3 service filter as it lives in the URL (the names of `service/get-collection`): a query,
 * a city, the sort and the page. `addressName` only remembers the city chosen (the API takes its
 * FIAS id), so a shared link names the same city.
 */
export interface ServiceListFilter {
  page: number;
  attributeSort: ServiceSortField;
  typeSort: SortDirection;
  query?: string;
  /** A city's FIAS id. */
  address?: string;
  addressName?: string;
}

export type ServiceListFilterPatch = Partial<{ [K in keyof ServiceListFilter]: ServiceListFilter[K] | undefined }>;

// The API's own defaults (shared/contract): a URL without a sort asks for what the API answers anyway.
export const DEFAULT_SERVICE_SORT = {
  attributeSort: serviceListDefaults.attributeSort,
  typeSort: serviceListDefaults.typeSort,
} as const;

/** Filters that narrow the catalogue (as opposed to page and sort): the canonical URL keeps these. */
export const SERVICE_FILTER_KEYS = ['query', 'address'] as const satisfies readonly (keyof ServiceListFilter)[];

export function parseServiceListFilter(params: URLSearchParams): ServiceListFilter {
  const filter: ServiceListFilter = {
    page: positiveInt(params.get('page'), 1),
    ...sortOf(params, serviceSortFields, DEFAULT_SERVICE_SORT.attributeSort),
  };
  const query = text(params.get('query'));
  if (query) filter.query = query;
  return { ...filter, ...cityOf(params) };
}

/** Defaults are left out so that equal views have equal, short URLs. */
export function toServiceListSearchParams(filter: ServiceListFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.query) params.set('query', filter.query);
  setCity(params, filter);
  setSort(params, filter, DEFAULT_SERVICE_SORT);
  if (filter.page > 1) params.set('page', String(filter.page));
  return params;
}

/** Applies a change; any change other than the page itself starts again from page 1. */
export function applyServiceListPatch(filter: ServiceListFilter, patch: ServiceListFilterPatch): ServiceListFilter {
  return patchListFilter(filter, patch, SERVICE_FILTER_KEYS);
}
