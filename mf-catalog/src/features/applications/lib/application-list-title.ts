import type { Application } from 'shared';
import { pagedTitle } from '../../../lib/route-handle';
import { idsOf } from '../../../lib/url-values';
import type { ApplicationFilter } from './application-filter';
import { cityLabel, customerLabel, serviceNamesOf } from './filter-labels';

/**
 * What the list is narrowed to, in words: services, city, customer, search query. Services are
 * named by the results and `moreNames` (the catalogue's, its groups' among them, when read).
 */
export function subjectOf(filter: ApplicationFilter, items: readonly Application[], moreNames: ReadonlyMap<number, string> = new Map()): string[] {
  const known = new Map([...serviceNamesOf(items), ...moreNames]);
  const ids = idsOf(filter.services);
  const services = ids.map((id) => known.get(id)).filter((name): name is string => Boolean(name));
  return [
    ids.length === 0 ? '' : services.length === ids.length ? services.join(', ') : 'выбранные услуги',
    cityLabel(filter, items),
    filter.customer ? `заказчик ${customerLabel(filter, items)}` : '',
    filter.type === 'organization' ? 'заказчики-организации' : '',
    filter.query ? `«${filter.query}»` : '',
  ].filter(Boolean);
}

/**
 * `/application`'s title by what the filters narrow the list to and the page: the server's head
 * (applicationListMeta) and the tab's once the visitor changes the view in the browser.
 */
export function applicationListTitle(filter: ApplicationFilter, items: readonly Application[], isSearch: boolean, moreNames?: ReadonlyMap<number, string>): string {
  const subject = subjectOf(filter, items, moreNames);
  return pagedTitle(subject.length ? `Заявки: ${subject.join(', ')}` : isSearch ? 'Поиск заявок' : 'Заявки на услуги', filter.page);
}
