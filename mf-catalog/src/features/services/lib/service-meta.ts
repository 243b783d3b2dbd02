import { absoluteUrl, breadcrumbList, clampText, itemList, pluralize, SITE_NAME, type RouteMeta, type Service } from 'shared';
import { canonicalListPath, detailMeta, HOME_CRUMB, pastLastPageMeta } from '../../../lib/route-handle';
import { SERVICE_NOT_FOUND } from '../../../lib/not-found';
import { getServiceQueryOptions } from '../api/get-service';
import { getGroupServicesQueryOptions, getServicesQueryOptions } from '../api/get-services';
import { inCity } from '../../../lib/city-name';
import { parseServiceListFilter, SERVICE_FILTER_KEYS, type ServiceListFilter } from './service-list-filter';
import { serviceListTitle } from './service-list-title';
import { serviceTitle } from './service-title';

const SERVICES_CRUMB = { name: 'Услуги', path: '/service' } as const;

/** «Найдено 30 услуг», «Услуг не найдено» for none (the results announce it, the head's description says it). */
export function formatServiceTotal(total: number): string {
  if (total === 0) return 'Услуг не найдено';
  return `${pluralize(total, ['Найдена', 'Найдено', 'Найдено'])} ${total} ${pluralize(total, ['услуга', 'услуги', 'услуг'])}`;
}

/**
 * How many services a catalogue answer found, as the visitor counts them: its `serviceTotal`, not
 * `total`, which counts the groups' own rows too (the pages go by it). An API older than the field
 * answers `total` alone, and so does an answer with nothing but groups' own rows (a group with no
 * services yet is the one entry found).
 */
export function foundServices(list: { total: number; serviceTotal?: number }): number {
  return list.serviceTotal || list.total;
}

const names = (services: readonly { name: string }[], max: number) => services.slice(0, max).map((s) => s.name).join(', ');

/** `/service/:id`: a schema.org `Service` and the trail Главная → Услуги → group → service. */
export const serviceMeta: RouteMeta = /* @__PURE__ */ detailMeta<Service>({
  options: getServiceQueryOptions,
  notFound: SERVICE_NOT_FOUND,
  fallback: (id) => ({ title: 'Услуга', description: 'Услуга каталога: заявки заказчиков и исполнители по ней.', canonicalPath: `/service/${id}` }),
  build: (service, { queryClient, url }) => {
    const path = `/service/${service.id}`;
    const isGroup = service.parentId === null;
    const children = isGroup ? (queryClient.getQueryData(getGroupServicesQueryOptions(service.id).queryKey)?.items ?? []) : [];
    const description = clampText(
      isGroup
        ? `Группа услуг «${service.name}»${children.length ? `: ${names(children, 8)}` : ''}. Заявки заказчиков с ценами и сроками и исполнители этих услуг.`
        : `${service.name}${service.group ? ` (группа «${service.group}»)` : ''}: заявки заказчиков с ценами, сроками и адресами и исполнители, которые выполняют эту услугу.`,
    );
    const groupCrumb = !isGroup && service.group ? [{ name: service.group, path: `/service/${service.parentId}` }] : [];
    return {
      title: serviceTitle(service),
      description,
      canonicalPath: path,
      ogType: 'website',
      jsonLd: [
        {
          '@type': 'Service',
          name: service.name,
          description,
          url: absoluteUrl(url.origin, path),
          ...(isGroup ? {} : { category: service.group ?? undefined }),
          serviceType: service.group ?? service.name,
          areaServed: { '@type': 'Country', name: 'Россия' },
          provider: { '@type': 'Organization', name: SITE_NAME, url: absoluteUrl(url.origin, '/') },
        },
        breadcrumbList(url.origin, [HOME_CRUMB, SERVICES_CRUMB, ...groupCrumb, { name: service.name, path }]),
      ],
    };
  },
});

/**
 * What the catalogue says when nothing matches (the results' empty state and announcement, and the
 * head's description, in the same words): with a city alone, that no executor there offers a
 * service; with a query too, only that nothing was found there — the answer does not tell whether
 * the query named no service or the city has no executor of it («абв» or «плитка» in Москве).
 */
export function noServicesText(filter: ServiceListFilter): string {
  if (!filter.address) return formatServiceTotal(0);
  return filter.query ? `Ничего не найдено ${inCity(filter.addressName)}` : `Пока нет исполнителей услуг ${inCity(filter.addressName)}`;
}

/**
 * `/service`: the catalogue's page; canonical keeps the search query, the city and the page (no
 * sort or city name). A page past the last one is a 404 (pastLastPageMeta).
 */
export const serviceListMeta: RouteMeta = ({ queryClient, url }) => {
  const filter = parseServiceListFilter(url.searchParams);
  const data = queryClient.getQueryData(getServicesQueryOptions(filter).queryKey);
  const pastLast = pastLastPageMeta(data, canonicalListPath('/service', filter, SERVICE_FILTER_KEYS));
  if (pastLast) return pastLast;
  const groups = data ? [...new Set(data.items.map((s) => (s.parentId === null ? s.name : (s.group ?? ''))).filter(Boolean))] : [];
  const none = data?.total === 0;
  const count = data ? `${none ? noServicesText(filter) : formatServiceTotal(foundServices(data))}. ` : '';
  // With none there, «Пока нет исполнителей услуг в городе…» has said it.
  const offered = filter.address && !none ? `Услуги, которые предлагают исполнители ${inCity(filter.addressName)}. ` : '';
  return {
    title: serviceListTitle(filter),
    description: clampText(
      `${count}${offered}${groups.length ? `Группы: ${groups.slice(0, 6).join(', ')}. ` : ''}Выберите услугу, чтобы увидеть заявки и исполнителей по ней.`,
    ),
    canonicalPath: canonicalListPath('/service', filter, SERVICE_FILTER_KEYS, filter.page),
    ogType: 'website',
    jsonLd: data?.items.length ? [itemList(url.origin, data.items.map((s) => ({ name: s.name, path: `/service/${s.id}` })))] : [],
  };
};
