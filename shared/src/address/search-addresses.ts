import { keepPreviousData, useQuery } from '@tanstack/react-query';
// Part of the `shared` every page evaluates (index.ts): its own modules by their paths, never `from 'shared'`.
import { apiQueryOptions } from '../api/api-query-options';
import { userAddressSearch, type AddressBound } from '../contract/address';
import { LOOKUP_QUERY_RETRY } from '../query/query-client';
import { addressKeys } from '../query/query-keys';

/** A street address needs a few letters before suggestions mean anything. */
export const ADDRESS_MIN_CHARS = 3;
/** A city is found by fewer: the catalogue's city filters (mf-catalog CityCombobox) ask from two («Ом»). */
export const CITY_MIN_CHARS = 2;
/** The placeholder of every city field (a profile's city, the catalogue's city filters): an example, not an instruction. */
export const CITY_PLACEHOLDER = 'Например, Казань';
/**
 * Said under a city field left with text typed and no suggestion chosen: a profile's city (the
 * cabinet's AddressField, `citiesOnly`) and the catalogue's city filters.
 */
export const CITY_NOT_CHOSEN_MESSAGE = 'Выберите город из подсказок';
/** The pause in typing after which a field asks for suggestions. */
export const ADDRESS_SUGGEST_DELAY_MS = 300;
const LIMIT = 10;

export function searchAddressesQueryOptions(text: string, bound?: AddressBound) {
  return { ...apiQueryOptions(userAddressSearch, { query: { query: text, limit: LIMIT, bound } }, addressKeys.search(text, LIMIT, bound)), staleTime: 5 * 60_000 };
}

function useSuggestions(text: string, minChars: number, bound?: AddressBound) {
  return useQuery({ ...searchAddressesQueryOptions(text, bound), ...LOOKUP_QUERY_RETRY, enabled: text.length >= minChars, placeholderData: keepPreviousData });
}

/** An address's suggestions for a (debounced) text: nothing is asked for fewer than three letters. */
export function useAddressSuggestions(text: string) {
  return useSuggestions(text, ADDRESS_MIN_CHARS);
}

/**
 * A city's suggestions, from two letters: every city field (a profile's city, the catalogue's
 * city filters) asks for cities alone (bound 'city'), never a street nor a city with the rest of
 * the text appended, which no list can be filtered by.
 */
export function useCitySuggestions(text: string) {
  return useSuggestions(text, CITY_MIN_CHARS, 'city');
}
