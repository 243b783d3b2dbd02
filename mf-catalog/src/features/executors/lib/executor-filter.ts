import { executorListDefaults, executorSortFields, type ExecutorSortField, type SortDirection } from 'shared';
import { idList, positiveInt, text } from '../../../lib/url-values';

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
  const sort = params.get('attributeSort');
  const filter: ExecutorFilter = {
    page: positiveInt(params.get('page'), 1),
    attributeSort: executorSortFields.find((f) => f === sort) ?? DEFAULT_EXECUTOR_SORT.attributeSort,
    typeSort: params.get('typeSort') === 'desc' ? 'desc' : 'asc',
  };
  const query = text(params.get('query'));
  const services = idList(params.get('services'));
  const address = text(params.get('address'), 64);
  if (query) filter.query = query;
  if (services) filter.services = services;
  if (address) {
    filter.address = address;
    const name = text(params.get('addressName'));
    if (name) filter.addressName = name;
  }
  return filter;
}

/** Defaults are left out so that equal views have equal, short URLs. */
export function toExecutorSearchParams(filter: ExecutorFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.query) params.set('query', filter.query);
  if (filter.services) params.set('services', filter.services);
  if (filter.address) {
    params.set('address', filter.address);
    if (filter.addressName) params.set('addressName', filter.addressName);
  }
  if (filter.attributeSort !== DEFAULT_EXECUTOR_SORT.attributeSort || filter.typeSort !== DEFAULT_EXECUTOR_SORT.typeSort) {
    params.set('attributeSort', filter.attributeSort);
    params.set('typeSort', filter.typeSort);
  }
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
  const next = { ...filter, ...patch, page: patch.page ?? 1 } as ExecutorFilter;
  for (const key of EXECUTOR_FILTER_KEYS) {
    if (!next[key]) delete next[key];
  }
  if (!next.address || !next.addressName) delete next.addressName;
  return next;
}
