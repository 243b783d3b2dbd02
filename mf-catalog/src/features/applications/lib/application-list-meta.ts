import { clampText, formatMoney, itemList, type Application, type RouteMeta } from 'shared';
import { formatPublicDate } from '../../../lib/dates';
import { isTotalExact } from '../../../lib/list-total';
import { canonicalListPath, pagedTitle } from '../../../lib/route-handle';
import { idsOf } from '../../../lib/url-values';
import { getApplicationsQueryOptions } from '../api/get-applications';
import { APPLICATION_FILTER_KEYS, parseApplicationFilter, type ApplicationFilter } from './application-filter';
import { cityLabel, customerLabel, serviceNamesOf } from './filter-labels';
import { formatFoundTotal } from './found-total';

/** What the list is narrowed to, in words: services, city, customer, search query. */
function subjectOf(filter: ApplicationFilter, items: readonly Application[]): string[] {
  const known = serviceNamesOf(items);
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

function conditionsOf(filter: ApplicationFilter): string {
  const parts = [
    filter.min_price ? `цена от ${formatMoney(Number(filter.min_price))}` : '',
    filter.max_price ? `цена до ${formatMoney(Number(filter.max_price))}` : '',
    filter.deadline ? `срок до ${formatPublicDate(filter.deadline)}` : '',
  ].filter(Boolean);
  const text = parts.join(', ');
  return text ? `${text[0]!.toUpperCase()}${text.slice(1)}. ` : '';
}

/**
 * `/application` and `/application/search`: the title and description say what the filters
 * narrow the list to and how many match; both paths name one canonical list URL.
 */
export const applicationListMeta: RouteMeta = ({ queryClient, url }) => {
  const filter = parseApplicationFilter(url.searchParams);
  const data = queryClient.getQueryData(getApplicationsQueryOptions(filter).queryKey);
  const items = data?.items ?? [];
  const subject = subjectOf(filter, items);
  const isSearch = url.pathname.replace(/\/+$/, '').endsWith('/search');
  const count = data ? formatFoundTotal(data.total, isTotalExact(data)) : 'Заявки заказчиков';
  return {
    title: pagedTitle(subject.length ? `Заявки: ${subject.join(', ')}` : isSearch ? 'Поиск заявок' : 'Заявки на услуги', filter.page),
    description: clampText(
      `${count}${subject.length ? ` — ${subject.join(', ')}` : ''}. ${conditionsOf(filter)}Цены, сроки и адреса заказчиков: откликайтесь на подходящие заявки.`,
    ),
    canonicalPath: canonicalListPath('/application', filter, APPLICATION_FILTER_KEYS, filter.page),
    ogType: 'website',
    jsonLd: items.length ? [itemList(url.origin, items.map((a) => ({ name: a.name, path: `/application/${a.id}` })))] : [],
  };
};
