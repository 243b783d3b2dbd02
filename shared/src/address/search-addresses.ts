import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiQueryOptions, userAddressSearch, addressKeys } from 'shared';

/** A street address needs a few letters before suggestions mean anything. */
export const ADDRESS_MIN_CHARS = 3;
const LIMIT = 10;

export function searchAddressesQueryOptions(text: string) {
  return { ...apiQueryOptions(userAddressSearch, { query: { query: text, limit: LIMIT } }, addressKeys.search(text, LIMIT)), staleTime: 5 * 60_000 };
}

/** Suggestions for a (debounced) text; nothing is asked for fewer than three letters. */
export function useAddressSuggestions(text: string) {
  return useQuery({ ...searchAddressesQueryOptions(text), enabled: text.length >= ADDRESS_MIN_CHARS, placeholderData: keepPreviousData });
}
