import { inCity } from '../../../lib/city-name';
import { pagedTitle } from '../../../lib/route-handle';
import type { ServiceListFilter } from './service-list-filter';

/**
 * `/service`'s title by its search query, city and page: the server's head (serviceListMeta) and
 * the tab's once the visitor changes the view in the browser (the route's own title is the plain one).
 */
export function serviceListTitle(filter: ServiceListFilter): string {
  const where = filter.address ? ` ${inCity(filter.addressName)}` : '';
  const title = filter.query ? `Услуги по запросу «${filter.query}»${where}` : where ? `Услуги${where}` : 'Каталог услуг';
  return pagedTitle(title, filter.page);
}
