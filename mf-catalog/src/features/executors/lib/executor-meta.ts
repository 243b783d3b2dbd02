import { absoluteUrl, breadcrumbList, clampText, pluralize, type Executor, type RouteMeta } from 'shared';
import { canonicalListPath, detailMeta, HOME_CRUMB, pastLastPageMeta } from '../../../lib/route-handle';
import { settlementName } from '../../../lib/city-name';
import { EXECUTOR_NOT_FOUND } from '../../../lib/not-found';
import { profileTypeLabel } from '../../../lib/profile-type-label';
import { cachedServiceNames } from '../../../lib/service-names';
import { getExecutorQueryOptions } from '../api/get-executor';
import { getExecutorsQueryOptions } from '../api/get-executors';
import { EXECUTOR_FILTER_KEYS, parseExecutorFilter } from './executor-filter';
import { executorViewTitle } from './executor-list-title';
import { executorTitle } from './executor-title';

/**
 * A person's profile names the city he works in (the cabinet's «Город»); an organisation's is its
 * legal address, street and all (from the registry), so it is called what it is.
 */
export function addressLabel(type: Executor['type']): string {
  return type === 'organization' ? 'Адрес' : 'Город';
}

/**
 * schema.org's address: a person's is the city he works in (its locality, by its name: «г Казань»
 * is Kazan); an organisation's is its legal address as one string, with no city of its own to
 * take from it: its street address.
 */
function postalAddress(type: Executor['type'], value: string) {
  const line = type === 'organization' ? { streetAddress: value } : { addressLocality: settlementName(value) };
  return { '@type': 'PostalAddress', ...line, addressCountry: 'RU' };
}

export function completedText(count: number): string {
  return `${count} ${pluralize(count, ['выполненная заявка', 'выполненные заявки', 'выполненных заявок'])}`;
}

/** `/executor/:id`: a schema.org `Person` or `Organization` and the trail Главная → Исполнители → name. */
export const executorMeta: RouteMeta = /* @__PURE__ */ detailMeta<Executor>({
  options: getExecutorQueryOptions,
  notFound: EXECUTOR_NOT_FOUND,
  fallback: (id) => ({ title: 'Исполнитель', description: 'Профиль исполнителя: услуги и выполненные заявки.', canonicalPath: `/executor/${id}` }),
  build: (executor, { url }) => {
    const path = `/executor/${executor.id}`;
    const city = executor.address?.value ?? '';
    const services = executor.services.map((s) => s.name);
    const description = clampText(
      [
        `${profileTypeLabel(executor.type)} ${executor.name}${city ? `, ${city}` : ''}: ${completedText(executor.completedCount)} на сервисе.`,
        services.length ? `Услуги: ${services.slice(0, 6).join(', ')}.` : '',
        executor.description ?? '',
      ].join(' '),
    );
    return {
      title: executorTitle(executor),
      description,
      canonicalPath: path,
      ogType: 'profile',
      jsonLd: [
        {
          '@type': executor.type === 'organization' ? 'Organization' : 'Person',
          name: executor.name,
          description,
          url: absoluteUrl(url.origin, path),
          ...(city ? { address: postalAddress(executor.type, city) } : {}),
          ...(services.length ? { knowsAbout: services } : {}),
          ...(executor.registry ? { taxID: executor.registry.inn } : {}),
          // Customers' ratings of closed deals, as the page itself shows them.
          ...(executor.rating
            ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: executor.rating.average, reviewCount: executor.rating.count, bestRating: 5, worstRating: 1 } }
            : {}),
        },
        breadcrumbList(url.origin, [HOME_CRUMB, { name: 'Исполнители', path: '/executor' }, { name: executor.name, path }]),
      ],
    };
  },
});

/**
 * `/executor` and `/executor/search`, client-rendered (spec §2): the server sends no list, but the
 * head names the page — the tab's title and a shared link's — rather than the bare site name. A
 * page past the last one (its data goes with the page) is a 404 (pastLastPageMeta).
 */
export const executorListMeta = (search: boolean): RouteMeta => ({ queryClient, url }) => {
  const filter = parseExecutorFilter(url.searchParams);
  const data = queryClient.getQueryData(getExecutorsQueryOptions(filter).queryKey);
  const pastLast = pastLastPageMeta(data, canonicalListPath('/executor', filter, EXECUTOR_FILTER_KEYS));
  return (
    pastLast ?? {
      title: executorViewTitle(filter, search, data?.items ?? [], cachedServiceNames(queryClient)),
      description: 'Исполнители услуг: частные мастера и организации. Выбирайте по услугам, городу, выполненным заявкам и отзывам.',
      // Its filters and page, as the other catalogues' (QA XXX-2): page 2 lists other executors than page 1.
      canonicalPath: canonicalListPath('/executor', filter, EXECUTOR_FILTER_KEYS, filter.page),
      ogType: 'website',
    }
  );
};
