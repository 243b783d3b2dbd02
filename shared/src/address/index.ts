export { ADDRESS_NOT_CHOSEN_MESSAGE, AddressField, type AddressFieldProps } from './address-field';
export { useUnchosenAddresses, type UnchosenAddresses } from './unchosen-addresses';
