import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions, applicationGet, applicationKeys } from 'shared';
import { prefetchDetail, withNotFoundKept } from '../../../lib/route-handle';

export function getApplicationQueryOptions(id: number) {
  return withNotFoundKept(apiQueryOptions(applicationGet, { query: { id } }, applicationKeys.detail(id)));
}

export function useApplication(id: number) {
  return useQuery(getApplicationQueryOptions(id));
}

/** Client-rendered only (spec §2): the request starts while the page's chunk downloads. */
export const prefetchApplication = prefetchDetail(getApplicationQueryOptions);
