import type { Address, AddressBound } from 'shared/contract';
import { AppError } from '../../http/errors';

/** Address suggestions and IP location: DaData when a token is configured, a local gazetteer otherwise. */
export interface AddressProvider {
  readonly name: 'dadata' | 'gazetteer';
  /** With `bound` 'city', cities and settlements only, each by its own name (shared contract `addressBounds`). */
  search(query: string, limit: number, bound?: AddressBound): Promise<Address[]>;
  /** The city of a public IP address; null when unknown. */
  locateIp(ip: string): Promise<Address | null>;
}

export const ADDRESS_UNAVAILABLE_MESSAGE = 'Сервис адресов временно недоступен';

export const addressUnavailable = () => new AppError(502, 'address_provider_unavailable', ADDRESS_UNAVAILABLE_MESSAGE);
