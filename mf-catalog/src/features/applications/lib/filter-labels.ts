import type { Application } from 'shared';
import type { ApplicationFilter } from './application-filter';
import { chosenCityName } from '../../../lib/city-name';

/**
 * Names for ids in the URL. The URL keeps the names chosen in the filter; a hand-made link
 * without them borrows names from the applications on screen, which cost no request. An
 * application on screen names its customer as he is: a link's name for him (made by hand, «ООО
 * СтройИнвест» for someone else) does not reach the chips, the field or the page's title.
 */
export function cityLabel(filter: ApplicationFilter, items: readonly Application[]): string {
  return chosenCityName(filter, items.find((a) => a.address.cityFiasId === filter.address)?.address.value);
}

export function customerLabel(filter: ApplicationFilter, items: readonly Application[]): string {
  if (!filter.customer) return '';
  return items.find((a) => String(a.customer.id) === filter.customer)?.customer.name ?? filter.customerName ?? `Заказчик № ${filter.customer}`;
}

export function serviceNamesOf(items: readonly Application[]): Map<number, string> {
  return new Map(items.flatMap((a) => a.services.map((s) => [s.id, s.name] as const)));
}
