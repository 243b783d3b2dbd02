import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions, applicationGet, applicationKeys } from 'shared';

export function getApplicationQueryOptions(id: number) {
  return apiQueryOptions(applicationGet, { query: { id } }, applicationKeys.detail(id));
}

export function useApplication(id: number) {
  return useQuery(getApplicationQueryOptions(id));
}
