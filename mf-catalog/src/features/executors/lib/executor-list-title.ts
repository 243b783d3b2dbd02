import { inCity } from '../../../lib/city-name';
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
