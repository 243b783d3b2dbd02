export { AddressField, SUGGEST_DELAY_MS, type AddressFieldProps } from './address-field';
export { ADDRESS_MIN_CHARS, searchAddressesQueryOptions, useAddressSuggestions } from './search-addresses';
