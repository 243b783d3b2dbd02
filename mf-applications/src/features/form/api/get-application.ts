import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions, applicationGet, applicationKeys } from 'shared';

/** `application/get` under the detail page's key: one cache entry for the same answer. */
export function getApplicationQueryOptions(id: number) {
  return apiQueryOptions(applicationGet, { query: { id } }, applicationKeys.detail(id));
}

export function useApplication(id: number) {
  return useQuery(getApplicationQueryOptions(id));
}
