export { AddressField, type AddressFieldProps } from './address-field';
