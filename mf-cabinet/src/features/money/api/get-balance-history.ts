import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiQueryOptions, balanceKeys } from 'shared';
import { balanceHistoryGetCollection } from 'shared/lk';

export const HISTORY_PAGE_SIZE = 20;

export function getBalanceHistoryQueryOptions(profileId: number, page: number) {
  const query = { page, limit: HISTORY_PAGE_SIZE };
  return apiQueryOptions(balanceHistoryGetCollection, { query }, balanceKeys.history(profileId, query));
}

export function useBalanceHistory(profileId: number, page: number) {
  return useQuery({ ...getBalanceHistoryQueryOptions(profileId, page), placeholderData: keepPreviousData });
}
