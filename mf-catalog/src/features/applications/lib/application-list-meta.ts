import { clampText, formatMoney, itemList, type RouteMeta } from 'shared';
import { formatPublicDate } from '../../../lib/dates';
import { isTotalExact } from '../../../lib/list-total';
import { cachedServiceNames } from '../../../lib/service-names';
import { canonicalListPath, pastLastPageMeta } from '../../../lib/route-handle';
import { getApplicationsQueryOptions } from '../api/get-applications';
import { APPLICATION_FILTER_KEYS, parseApplicationFilter, type ApplicationFilter } from './application-filter';
import { applicationListTitle, subjectOf } from './application-list-title';
import { formatFoundTotal } from './found-total';

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
 * narrow the list to and how many match («Заявок не найдено — «x».» when none does); both paths
 * name one canonical list URL. A page past the last one is a 404 (pastLastPageMeta).
 */
export const applicationListMeta: RouteMeta = ({ queryClient, url }) => {
  const filter = parseApplicationFilter(url.searchParams);
  const data = queryClient.getQueryData(getApplicationsQueryOptions(filter).queryKey);
  const pastLast = pastLastPageMeta(data, canonicalListPath('/application', filter, APPLICATION_FILTER_KEYS));
  if (pastLast) return pastLast;
  const items = data?.items ?? [];
  const names = cachedServiceNames(queryClient);
  const subject = subjectOf(filter, items, names);
  const isSearch = url.pathname.replace(/\/+$/, '').endsWith('/search');
  const count = data ? formatFoundTotal(data.total, isTotalExact(data)) : 'Заявки заказчиков';
  return {
    title: applicationListTitle(filter, items, isSearch, names),
    description: clampText(
      `${count}${subject.length ? ` — ${subject.join(', ')}` : ''}. ${conditionsOf(filter)}Цены, сроки и адреса заказчиков: откликайтесь на подходящие заявки.`,
    ),
    canonicalPath: canonicalListPath('/application', filter, APPLICATION_FILTER_KEYS, filter.page),
    ogType: 'website',
    jsonLd: items.length ? [itemList(url.origin, items.map((a) => ({ name: a.name, path: `/application/${a.id}` })))] : [],
  };
};
