import { Link, useLocation } from 'react-router-dom';
import { EmptyState, ErrorState, errorMessage, Pagination, pluralize, Skeleton, type Service } from 'shared';
import { useServices } from '../api/get-services';
import { toServiceListSearchParams, type ServiceListFilter } from '../hooks/use-service-list-filter';
import './services.css';
import '../../common/components/catalog.css';

/** A page of the catalogue grouped by its service groups, in the order the API sorted them. */
function groupsOf(items: Service[]): [string, Service[]][] {
  const groups = new Map<string, Service[]>();
  for (const service of items) {
    const group = service.parentId === null ? service.name : (service.group ?? 'Другие услуги');
    groups.set(group, [...(groups.get(group) ?? []), service]);
  }
  return [...groups.entries()];
}

export function formatServiceTotal(total: number): string {
  return `${pluralize(total, ['Найдена', 'Найдено', 'Найдено'])} ${total} ${pluralize(total, ['услуга', 'услуги', 'услуг'])}`;
}

export function ServiceResults({ filter }: { filter: ServiceListFilter }) {
  const { pathname } = useLocation();
  const { data, error, isPending, isError, isFetching, isRefetching, refetch } = useServices(filter);
  const hrefForPage = (page: number) => {
    const search = toServiceListSearchParams({ ...filter, page }).toString();
    return search ? `${pathname}?${search}` : pathname;
  };
  const hasItems = Boolean(data && data.items.length > 0);
  const announcement = isPending ? 'Загружаем услуги…' : isError ? '' : hasItems ? formatServiceTotal(data.total) : 'Услуг не найдено';

  let content;
  if (isPending) {
    content = (
      <div className="service-groups" aria-hidden="true">
        {Array.from({ length: 3 }, (_, i) => (
          <div key={i} className="service-group">
            <Skeleton width="30%" height="1.5rem" />
            <Skeleton width="100%" height="3rem" shape="block" />
          </div>
        ))}
      </div>
    );
  } else if (isError) {
    content = <ErrorState message={errorMessage(error, 'Не удалось загрузить услуги')} onRetry={() => void refetch()} retrying={isRefetching} />;
  } else if (!hasItems) {
    content =
      data.total > 0 ? (
        <EmptyState title="На этой странице услуг нет" action={<Link to={hrefForPage(1)}>К первой странице</Link>} />
      ) : (
        <EmptyState
          title="Ничего не найдено"
          description="Услуг с таким названием нет. Измените запрос или сбросьте поиск."
          action={<Link to={pathname}>Сбросить фильтры</Link>}
        />
      );
  } else {
    content = (
      <>
        <div className="service-groups">
          {groupsOf(data.items).map(([group, services]) => (
            <section key={group} className="service-group">
              <h2 className="service-group__title">{group}</h2>
              <ul className="service-links">
                {services.map((service) => (
                  <li key={service.id}>
                    <Link className="service-link" to={`/service/${service.id}`}>
                      {service.parentId === null ? `Все услуги группы «${service.name}»` : service.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
        <Pagination page={data.page} total={data.total} limit={data.limit} hrefForPage={hrefForPage} />
      </>
    );
  }

  return (
    <div className="results" aria-busy={isPending || isFetching}>
      <p role="status" className={hasItems ? 'results__total' : 'ui-visually-hidden'}>
        {announcement}
      </p>
      {content}
    </div>
  );
}
