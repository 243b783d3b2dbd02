import { Link, useLocation } from 'react-router-dom';
import { PagedResults, Skeleton, type ResultsTexts, type Service } from 'shared';
import { ResultsSkeleton } from '../../../components/results-skeleton';
import { useServices } from '../api/get-services';
import { formatServiceTotal, noServicesText } from '../lib/service-meta';
import { toServiceListSearchParams, type ServiceListFilter } from '../lib/service-list-filter';
import { textsWithPages } from '../../../lib/list-total';
import { hrefWithCity } from '../../../lib/url-values';
import './services.css';
import '../../../components/catalog.css';

/** A page of the catalogue grouped by its service groups, in the order the API sorted them. */
function groupsOf(items: Service[]): [string, Service[]][] {
  const groups = new Map<string, Service[]>();
  for (const service of items) {
    const group = service.parentId === null ? service.name : (service.group ?? 'Другие услуги');
    groups.set(group, [...(groups.get(group) ?? []), service]);
  }
  return [...groups.entries()];
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

/** With a city, nothing found means no executor there offers these services: the empty state names the city. */
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
  const hrefForPage = (page: number) => {
    const search = toServiceListSearchParams({ ...filter, page }).toString();
    return search ? `${pathname}?${search}` : pathname;
  };
  const query = useServices(filter);
  return (
    <PagedResults query={query} texts={textsWithPages(textsFor(filter), query.data)} hrefForPage={hrefForPage} skeleton={skeleton}>
      {(items) => (
        <div className="service-groups">
          {groupsOf(items).map(([group, services]) => (
            <section key={group} className="service-group">
              <h2 className="service-group__title">{group}</h2>
              <ul className="service-links">
                {services.map((service) => (
                  <li key={service.id}>
                    <Link className="service-link" to={hrefWithCity(`/service/${service.id}`, filter)}>
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
