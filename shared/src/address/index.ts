export { ADDRESS_NOT_CHOSEN_MESSAGE, AddressField, CITY_NOT_CHOSEN_MESSAGE, type AddressFieldProps } from './address-field';
export { useUnchosenAddresses, type UnchosenAddresses } from './unchosen-addresses';
