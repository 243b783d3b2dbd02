import type { AppConfig } from '../../config';
import { dadataProvider } from './dadata';
import { gazetteerProvider } from './gazetteer';
import type { AddressProvider } from './types';

export type { AddressProvider } from './types';
export { ADDRESS_UNAVAILABLE_MESSAGE } from './types';

/**
 * DaData with DADATA_TOKEN (unless ADDRESS_PROVIDER=gazetteer); otherwise the gazetteer at
 * ADDRESS_GAZETTEER, or the built-in cities.
 */
export function createAddressProvider(
  config: Pick<AppConfig, 'dadataToken' | 'dadataUrl' | 'addressGazetteer'> & Partial<Pick<AppConfig, 'addressProvider'>>,
  onError?: (err: unknown) => void,
): AddressProvider {
  if (config.dadataToken && (config.addressProvider ?? 'dadata') === 'dadata') return dadataProvider({ token: config.dadataToken, baseUrl: config.dadataUrl, onError });
  return gazetteerProvider({ file: config.addressGazetteer, onError });
}
