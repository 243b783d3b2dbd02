import type { Executor } from 'shared';
import { cityOfAddress, inCity } from '../../../lib/city-name';
import { pagedTitle } from '../../../lib/route-handle';
import { idsOf } from '../../../lib/url-values';
import type { ExecutorFilter } from './executor-filter';

/**
 * `/executor`'s title by its search query, city, services and page: the server's head
 * (executorListMeta) and the tab's once the visitor changes the view in the browser. Services are
 * named when the page knows every chosen one's name, else «выбранные услуги».
 */
export function executorListTitle(filter: ExecutorFilter, isSearch: boolean, serviceNames: ReadonlyMap<number, string> = new Map()): string {
  const where = filter.address ? ` ${inCity(filter.addressName)}` : '';
  const ids = idsOf(filter.services);
  const names = ids.map((id) => serviceNames.get(id)).filter((name): name is string => Boolean(name));
  const what = ids.length === 0 ? '' : `: ${names.length === ids.length ? names.join(', ') : 'выбранные услуги'}`;
  const base = filter.query ? `Исполнители по запросу «${filter.query}»` : isSearch && !where && !what ? 'Поиск исполнителей' : 'Исполнители';
  return pagedTitle(`${base}${where}${what}`, filter.page);
}

/** The services the list's executors name, by id: what a page or a head knows without the catalogue. */
export function serviceNamesOfExecutors(items: readonly Executor[]): Map<number, string> {
  return new Map(items.flatMap((e) => e.services.map((s) => [s.id, s.name] as const)));
}

/**
 * The title of the list as shown: its services named by its executors (and `moreNames`, the
 * catalogue's when the page has read it), its city by the URL's name or the address of an executor
 * in it. The page's tab and the server's head alike (QA AAB-6: the head named no service).
 */
export function executorViewTitle(filter: ExecutorFilter, isSearch: boolean, items: readonly Executor[], moreNames: ReadonlyMap<number, string> = new Map()): string {
  const names = new Map([...serviceNamesOfExecutors(items), ...moreNames]);
  return executorListTitle({ ...filter, addressName: filter.addressName ?? cityOfAddress(foundCityAddress(filter, items)) }, isSearch, names);
}

/** The address of an executor in the filter's city: the one that names it when the URL does not. */
export function foundCityAddress(filter: ExecutorFilter, items: readonly Executor[]): string | undefined {
  return items.find((e) => e.address?.cityFiasId === filter.address)?.address?.value;
}
