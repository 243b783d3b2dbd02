import { Link, useLocation } from 'react-router-dom';
import { PagedResults, Skeleton, useFromState, type ResultsTexts, type Service } from 'shared';
import { ResultsSkeleton } from '../../../components/results-skeleton';
import { useServices } from '../api/get-services';
import { formatServiceTotal, foundServices, noServicesText } from '../lib/service-meta';
import { toServiceListSearchParams, type ServiceListFilter } from '../lib/service-list-filter';
import { textsWithPages } from '../../../lib/list-total';
import { hrefWithCity } from '../../../lib/url-values';
import './services.css';
import '../../../components/catalog.css';

/**
 * A page of the catalogue by its service groups, in the order the API sorted them, each group's own
 * row («Все услуги группы …») first. A group whose own row is not on the page — begun on the page
 * before (a page is 12 rows), or its services matched by a query and not its name — gets it all the
 * same, from its services' parent and group name: every group on a page leads to its whole list.
 */
function groupsOf(items: Service[]): [number, string, Service[]][] {
  const groups = new Map<number, { name: string; own: Service | null; services: Service[] }>();
  for (const service of items) {
    const id = service.parentId ?? service.id;
    const group = groups.get(id) ?? { name: service.group ?? 'Другие услуги', own: null, services: [] };
    if (service.parentId === null) {
      group.name = service.name;
      group.own = service;
    } else {
      group.services.push(service);
    }
    groups.set(id, group);
  }
  return [...groups.entries()].map(([id, { name, own, services }]) => {
    // Services with a parent and no group name have no group to name: no row stands in for it.
    const head = own ?? (services[0]?.group ? { id, name, parentId: null, group: null } : null);
    return [id, name, head ? [head, ...services] : services];
  });
}

const TEXTS: ResultsTexts = {
  loading: 'Загружаем услуги…',
  loadError: 'Не удалось загрузить услуги',
  // A page past the last one says how many there are (textsWithPages).
  emptyPage: 'На этой странице услуг нет',
  none: formatServiceTotal(0),
  noneDescription: 'Услуг с таким названием нет. Измените запрос или сбросьте поиск.',
  total: formatServiceTotal,
};

/**
 * With a city, nothing found means no executor there offers a service, or (with a query) that the
 * query names none there: the answer does not tell which, so the empty state names the city and,
 * with a query, neither cause.
 */
function textsFor(filter: ServiceListFilter): ResultsTexts {
  if (!filter.address) return TEXTS;
  const none = noServicesText(filter);
  return {
    ...TEXTS,
    none,
    noneTitle: none,
    noneDescription: filter.query
      ? 'Измените запрос, выберите другой город или сбросьте фильтры.'
      : 'Выберите другой город или сбросьте фильтры: без города каталог показывает все услуги.',
  };
}

const skeleton = (
  <ResultsSkeleton>
    <div className="service-groups" aria-hidden="true">
      {Array.from({ length: 3 }, (_, i) => (
        <div key={i} className="service-group">
          <Skeleton width="30%" height="1.5rem" />
          <Skeleton width="100%" height="6rem" shape="block" />
        </div>
      ))}
    </div>
  </ResultsSkeleton>
);

export function ServiceResults({ filter }: { filter: ServiceListFilter }) {
  const { pathname } = useLocation();
  const hrefOf = (view: ServiceListFilter) => {
    const search = toServiceListSearchParams(view).toString();
    return search ? `${pathname}?${search}` : pathname;
  };
  const hrefForPage = (page: number) => hrefOf({ ...filter, page });
  // «Сбросить фильтры» drops the filters and the page, not the sort (no filter).
  const reset = <Link to={hrefOf({ page: 1, attributeSort: filter.attributeSort, typeSort: filter.typeSort })}>Сбросить фильтры</Link>;
  const query = useServices(filter);
  const { data } = query;
  const texts = textsWithPages(textsFor(filter), data);
  // The status counts the services found, not the rows the pages go by (the groups' own among them).
  const counted = data ? { ...texts, total: () => formatServiceTotal(foundServices(data)) } : texts;
  // The service page's «Все услуги» leads back to this very view (its query, sort and page).
  const fromState = useFromState();
  return (
    <PagedResults query={query} texts={counted} hrefForPage={hrefForPage} noneAction={reset} skeleton={skeleton}>
      {(items) => (
        <div className="service-groups">
          {groupsOf(items).map(([id, group, services]) => (
            <section key={id} className="service-group">
              <h2 className="service-group__title">{group}</h2>
              <ul className="service-links">
                {services.map((service) => (
                  <li key={service.id}>
                    <Link className="service-link" to={hrefWithCity(`/service/${service.id}`, filter)} state={fromState}>
                      {service.parentId === null ? `Все услуги группы «${service.name}»` : service.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </PagedResults>
  );
}
