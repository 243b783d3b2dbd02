import { positiveInt, text } from '../../../lib/url-values';

/** Spec §3 service filter, as far as the catalogue page uses it: a query and the page. */
export interface ServiceListFilter {
  page: number;
  query?: string;
}

export function parseServiceListFilter(params: URLSearchParams): ServiceListFilter {
  const query = text(params.get('query'));
  return { page: positiveInt(params.get('page'), 1), ...(query ? { query } : {}) };
}

export function toServiceListSearchParams(filter: ServiceListFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.query) params.set('query', filter.query);
  if (filter.page > 1) params.set('page', String(filter.page));
  return params;
}
