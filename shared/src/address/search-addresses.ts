import { keepPreviousData, useQuery } from '@tanstack/react-query';
// Part of the `shared` every page evaluates (index.ts): its own modules by their paths, never `from 'shared'`.
import { apiQueryOptions } from '../api/api-query-options';
import { userAddressSearch } from '../contract/address';
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

export function searchAddressesQueryOptions(text: string) {
  return { ...apiQueryOptions(userAddressSearch, { query: { query: text, limit: LIMIT } }, addressKeys.search(text, LIMIT)), staleTime: 5 * 60_000 };
}

/**
 * Suggestions for a (debounced) text; nothing is asked for fewer than `minChars` letters (three
 * unless told). One query for a text whatever the field's minimum, so the fields share answers.
 */
export function useAddressSuggestions(text: string, minChars = ADDRESS_MIN_CHARS) {
  return useQuery({ ...searchAddressesQueryOptions(text), ...LOOKUP_QUERY_RETRY, enabled: text.length >= minChars, placeholderData: keepPreviousData });
}

/** A city's suggestions: from two letters (a profile's city, the catalogue's city filters). */
export function useCitySuggestions(text: string) {
  return useAddressSuggestions(text, CITY_MIN_CHARS);
}
