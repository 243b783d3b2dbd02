import { executorListDefaults, executorSortFields, type ExecutorSortField, type SortDirection } from 'shared';
import { cityOf, patchListFilter, idList, positiveInt, setCity, setSort, sortOf, text } from '../../../lib/url-values';

export type { ExecutorSortField, SortDirection };

/** The executor list's view as it lives in the URL (names of `executor/get-collection`). */
export interface ExecutorFilter {
  page: number;
  attributeSort: ExecutorSortField;
  typeSort: SortDirection;
  query?: string;
  /** Comma-separated service ids; absent means «Все». */
  services?: string;
  /** A city's FIAS id. */
  address?: string;
  /** The chosen city's name, kept only together with `address`. */
  addressName?: string;
}

export type ExecutorFilterPatch = Partial<{ [K in keyof ExecutorFilter]: ExecutorFilter[K] | undefined }>;

// The API's own defaults (shared/contract; spec §9: by id ascending).
export const EXECUTOR_PAGE_SIZE = executorListDefaults.limit;

export const DEFAULT_EXECUTOR_SORT = {
  attributeSort: executorListDefaults.attributeSort,
  typeSort: executorListDefaults.typeSort,
} as const;

export const EXECUTOR_FILTER_KEYS = ['query', 'services', 'address'] as const satisfies readonly (keyof ExecutorFilter)[];

export function parseExecutorFilter(params: URLSearchParams): ExecutorFilter {
  const filter: ExecutorFilter = {
    page: positiveInt(params.get('page'), 1),
    ...sortOf(params, executorSortFields, DEFAULT_EXECUTOR_SORT.attributeSort),
  };
  const query = text(params.get('query'));
  const services = idList(params.get('services'));
  if (query) filter.query = query;
  if (services) filter.services = services;
  return { ...filter, ...cityOf(params) };
}

/** Defaults are left out so that equal views have equal, short URLs. */
export function toExecutorSearchParams(filter: ExecutorFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.query) params.set('query', filter.query);
  if (filter.services) params.set('services', filter.services);
  setCity(params, filter);
  setSort(params, filter, DEFAULT_EXECUTOR_SORT);
  if (filter.page > 1) params.set('page', String(filter.page));
  return params;
}

/** What `executor/get-collection` is asked: the filter without the city's display name. */
export function toExecutorQuery({ addressName: _name, ...query }: ExecutorFilter) {
  return query;
}

export function hasActiveExecutorFilters(filter: ExecutorFilter): boolean {
  return EXECUTOR_FILTER_KEYS.some((key) => Boolean(filter[key]));
}

export function countActiveExecutorFilters(filter: ExecutorFilter): number {
  return (filter.services ? 1 : 0) + (filter.address ? 1 : 0);
}

/** Applies a change; any change other than the page itself starts again from page 1. */
export function applyExecutorPatch(filter: ExecutorFilter, patch: ExecutorFilterPatch): ExecutorFilter {
  return patchListFilter(filter, patch, EXECUTOR_FILTER_KEYS);
}
