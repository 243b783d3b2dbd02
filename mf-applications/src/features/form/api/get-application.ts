import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions, applicationGet, applicationKeys } from 'shared';

/** `application/get` under the detail page's key: one cache entry for the same answer. */
export function getApplicationQueryOptions(id: number) {
  return apiQueryOptions(applicationGet, { query: { id } }, applicationKeys.detail(id));
}

/**
 * The edit page's read. A published application is read again as its tab comes back into view:
 * another tab may have saved it meanwhile, and a form with nothing typed follows (ApplicationForm's
 * `saved`). Not a draft: its autosave keeps what it saved last, and sends only its own changes.
 */
export function useApplication(id: number) {
  return useQuery({ ...getApplicationQueryOptions(id), refetchOnWindowFocus: (query) => (query.state.data && query.state.data.status !== 'draft' ? 'always' : false) });
}
