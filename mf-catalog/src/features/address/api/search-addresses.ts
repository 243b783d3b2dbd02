import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { addressKeys, apiQueryOptions, userAddressSearch } from 'shared';

export const ADDRESS_MIN_CHARS = 2;

export function searchAddressesQueryOptions(query: string, limit = 10) {
  return {
    ...apiQueryOptions(userAddressSearch, { query: { query, limit } }, addressKeys.search(query, limit)),
    staleTime: 5 * 60_000,
  };
}

/** Suggestions for a (debounced) query; nothing is asked for fewer than two letters. */
export function useAddressSuggestions(query: string) {
  return useQuery({
    ...searchAddressesQueryOptions(query),
    enabled: query.length >= ADDRESS_MIN_CHARS,
    placeholderData: keepPreviousData,
  });
}
