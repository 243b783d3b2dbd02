import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiQueryOptions, customerGetCollectionFilter, customerKeys, LOOKUP_QUERY_RETRY } from 'shared';

export const CUSTOMER_MIN_CHARS = 2;

export function searchCustomersQueryOptions(query: string, limit = 10) {
  return {
    ...apiQueryOptions(customerGetCollectionFilter, { query: { query, limit } }, [...customerKeys.all, 'lookup', { query, limit }] as const),
    staleTime: 60_000,
  };
}

/** Customers whose name matches a (debounced) query, for the application filter. */
export function useCustomerSuggestions(query: string) {
  return useQuery({
    ...searchCustomersQueryOptions(query),
    ...LOOKUP_QUERY_RETRY,
    enabled: query.length >= CUSTOMER_MIN_CHARS,
    placeholderData: keepPreviousData,
  });
}
