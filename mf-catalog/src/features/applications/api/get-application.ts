import { useQuery } from '@tanstack/react-query';
import { ApiError, apiQueryOptions, applicationGet, applicationKeys } from 'shared';

export function getApplicationQueryOptions(id: number) {
  return apiQueryOptions(applicationGet, { query: { id } }, applicationKeys.detail(id));
}

export function useApplication(id: number) {
  return useQuery(getApplicationQueryOptions(id));
}

export function isNotFoundError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
