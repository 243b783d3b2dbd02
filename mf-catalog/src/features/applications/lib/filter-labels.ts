import type { Application } from 'shared';
import type { ApplicationFilter } from './application-filter';
import { chosenCityName } from '../../../lib/city-name';

/**
 * Names for ids in the URL. The URL keeps the names chosen in the filter; a hand-made link
 * without them borrows names from the applications on screen, which cost no request.
 */
export function cityLabel(filter: ApplicationFilter, items: readonly Application[]): string {
  return chosenCityName(filter, items.find((a) => a.address.cityFiasId === filter.address)?.address.value);
}

export function customerLabel(filter: ApplicationFilter, items: readonly Application[]): string {
  if (!filter.customer) return '';
  if (filter.customerName) return filter.customerName;
  return items.find((a) => String(a.customer.id) === filter.customer)?.customer.name ?? `Заказчик № ${filter.customer}`;
}

export function serviceNamesOf(items: readonly Application[]): Map<number, string> {
  return new Map(items.flatMap((a) => a.services.map((s) => [s.id, s.name] as const)));
}
